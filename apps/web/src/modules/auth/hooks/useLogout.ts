import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { browserStorages } from '../../../shared/storage/keys';
import { logout } from '../api/identity';
import { LOGIN_PATH } from '../utils/guard';
import { clearToken, readUserName } from '../utils/session';

/**
 * Logout: calls GET /api/identity/logout/{userName}, then clears the token from both
 * storages and goes to the login screen, also when the call fails.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    setPending(true);
    const storage = browserStorages();
    try {
      await logout(readUserName(storage));
    } catch {
      // the session ends locally whatever the server says
    } finally {
      clearToken(storage);
      queryClient.clear();
      setPending(false);
      void navigate(LOGIN_PATH, { replace: true });
    }
  }, [navigate, queryClient]);

  return { logout: run, pending };
}
