import { STORAGE_KEYS, type StoragePair } from '../../../shared/storage/keys';

/** True when the stored flag autoLogin is on (stored as the text 'true'). */
export function readAutoLogin(storage: StoragePair): boolean {
  const raw = storage.local.getItem(STORAGE_KEYS.autoLogin);
  return raw === 'true';
}

/** The stored token: from localStorage when autoLogin is on, else from sessionStorage. */
export function readToken(storage: StoragePair): string | null {
  const store = readAutoLogin(storage) ? storage.local : storage.session;
  const token = store.getItem(STORAGE_KEYS.authorization);
  return token ? token : null;
}

/** Stores the token where the autoLogin choice says, and removes it from the other storage. */
export function writeToken(storage: StoragePair, token: string, autoLogin: boolean): void {
  const [target, other] = autoLogin ? [storage.local, storage.session] : [storage.session, storage.local];
  target.setItem(STORAGE_KEYS.authorization, token);
  other.removeItem(STORAGE_KEYS.authorization);
}

/** Removes the token from both storages. */
export function clearToken(storage: StoragePair): void {
  storage.local.removeItem(STORAGE_KEYS.authorization);
  storage.session.removeItem(STORAGE_KEYS.authorization);
}

export function readUserName(storage: StoragePair): string {
  return storage.local.getItem(STORAGE_KEYS.userName) ?? '';
}

export interface LoginSession {
  token: string;
  userName: string;
  autoLogin: boolean;
  permission: unknown;
  language: string;
}

/**
 * Stores a successful login (spec 01 §3): the token in localStorage when autoLogin,
 * else in sessionStorage (key `authorization`); userName, autoLogin, permission (JSON)
 * and language in localStorage.
 */
export function persistLogin(storage: StoragePair, session: LoginSession): void {
  writeToken(storage, session.token, session.autoLogin);
  storage.local.setItem(STORAGE_KEYS.userName, session.userName);
  storage.local.setItem(STORAGE_KEYS.autoLogin, String(session.autoLogin));
  storage.local.setItem(STORAGE_KEYS.permission, JSON.stringify(session.permission ?? null));
  storage.local.setItem(STORAGE_KEYS.language, session.language);
}
