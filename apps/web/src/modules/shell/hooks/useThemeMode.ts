import { useCallback } from 'react';
import { browserStorages } from '../../../shared/storage/keys';
import { readTheme, storeTheme, type ThemeMode } from '../../../shared/storage/theme';

/** The stored theme, and a setter that stores a new choice and reloads the page on change. */
export function useThemeMode() {
  const mode = readTheme(browserStorages().local);
  const setMode = useCallback((next: ThemeMode) => {
    if (storeTheme(browserStorages().local, next)) window.location.reload();
  }, []);
  return { mode, setMode };
}
