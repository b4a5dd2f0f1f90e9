import { STORAGE_KEYS, type StoragePair } from '../../../shared/storage/keys';
import { readAutoLogin } from './session';

export const LOGIN_PATH = '/account/login';

/**
 * Route-guard decision (spec 01 §2): with autoLogin absent or false and no token in
 * sessionStorage, or autoLogin true and no token in localStorage, every navigation to a
 * path that does not contain 'login' goes to the login screen.
 */
export function mustRedirectToLogin(path: string, storage: StoragePair): boolean {
  if (path.includes('login')) return false;
  const store = readAutoLogin(storage) ? storage.local : storage.session;
  return !store.getItem(STORAGE_KEYS.authorization);
}
