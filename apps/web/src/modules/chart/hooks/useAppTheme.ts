import { createContext, useContext, useMemo } from 'react';
import { browserStorages } from '../../../shared/storage/keys';
import { readTheme } from '../../../shared/storage/theme';
import type { AppTheme } from '../types';

/** A page's own theme over the stored one (the embed page: the host's theme, never written to storage). */
export const AppThemeContext = createContext<AppTheme | null>(null);

/** The app theme (light or dark); a theme change reloads the page, so it is read once per mount. */
export function useAppTheme(): AppTheme {
  const given = useContext(AppThemeContext);
  const stored = useMemo(() => readTheme(browserStorages().local), []);
  return given ?? stored;
}
