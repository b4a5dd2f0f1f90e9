import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { browserStorages } from '../../../shared/storage/keys';
import { LOGIN_PATH, mustRedirectToLogin } from '../utils/guard';

/** Root route element: checks the guard decision on every navigation (spec 01 §2). */
export function RouteGuard() {
  const { pathname } = useLocation();
  if (mustRedirectToLogin(pathname, browserStorages())) {
    return <Navigate to={LOGIN_PATH} replace />;
  }
  return <Outlet />;
}
