import { useMemo } from 'react';
import { browserStorages } from '../../../shared/storage/keys';
import { readTheme } from '../../../shared/storage/theme';
import type { AppTheme } from '../types';

/** The app theme (light or dark); a theme change reloads the page, so it is read once per mount. */
export function useAppTheme(): AppTheme {
  return useMemo(() => readTheme(browserStorages().local), []);
}
