/**
 * Keys of everything the web app keeps in the browser's storages.
 * The token lives in localStorage when autoLogin is on, else in sessionStorage;
 * all other values live in localStorage.
 */
export const STORAGE_KEYS = {
  authorization: 'authorization',
  userName: 'userName',
  autoLogin: 'autoLogin',
  permission: 'permission',
  language: 'language',
  theme: 'theme',
} as const;

/** The subset of the Web Storage API the app needs (lets pure code be tested without a DOM). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoragePair {
  local: StorageLike;
  session: StorageLike;
}

/** A storage that keeps nothing; used when the browser storages are unavailable. */
const nullStorage: StorageLike = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

function safeStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike {
  try {
    if (typeof window !== 'undefined' && window[kind]) return window[kind];
  } catch {
    // access can throw (privacy mode, sandboxed frames)
  }
  return nullStorage;
}

/** The browser storages (resolved on each call so tests and reloads see current values). */
export function browserStorages(): StoragePair {
  return { local: safeStorage('localStorage'), session: safeStorage('sessionStorage') };
}
