import { STORAGE_KEYS, type StorageLike } from './keys';

/** Stored values of the theme key (spec 01 §3: light, dark, default). */
export type StoredTheme = 'light' | 'dark' | 'default';

/** Themes offered in the account popup. */
export type ThemeMode = 'light' | 'dark';

export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark'];

/** dark stays dark; light, default, absent and unknown values are the light theme. */
export function resolveTheme(raw: string | null | undefined): ThemeMode {
  return raw === 'dark' ? 'dark' : 'light';
}

export function readTheme(local: StorageLike): ThemeMode {
  return resolveTheme(local.getItem(STORAGE_KEYS.theme));
}

/**
 * Stores a theme choice. Returns true when the effective theme changed, in which
 * case the caller reloads the page (spec 01 §1).
 */
export function storeTheme(local: StorageLike, mode: ThemeMode): boolean {
  const before = readTheme(local);
  local.setItem(STORAGE_KEYS.theme, mode);
  return before !== mode;
}
