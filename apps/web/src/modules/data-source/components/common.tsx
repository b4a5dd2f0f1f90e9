import { CACHE_INTERVALS, JOIN_SOURCE_TYPE } from '@bi/rules';
import { useMemo } from 'react';
import i18n from '../../../shared/i18n';
import { useDsTranslation, type DsT } from '../i18n';

/** A menu entry's label with a test id. */
export const menuLabel = (testId: string, text: string) => <span data-testid={testId}>{text}</span>;

/** The text of a thrown error (ApiError messages are the server's, in the UI language). */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('errors.operationFailed');
}

/** Label of a source type code. */
export function typeLabel(ds: DsT, type: number): string {
  switch (type) {
    case 0:
      return ds('types.sql');
    case 2:
      return ds('types.mysql');
    case 3:
      return ds('types.oracle');
    case 7:
      return ds('types.postgres');
    case 8:
      return ds('types.analytics');
    case JOIN_SOURCE_TYPE:
      return ds('types.join');
    default:
      return ds('types.other', { type });
  }
}

/** Label of a cache interval in minutes (0 = no cache). */
export function cacheLabel(ds: DsT, minutes: number): string {
  if (!minutes) return ds('cache.none');
  if (minutes >= 60 && minutes % 60 === 0) return ds('cache.hours', { count: minutes / 60 });
  return ds('cache.minutes', { count: minutes });
}

/** Options of the cache interval select (spec 02 §9). */
export function useCacheOptions() {
  const { ds } = useDsTranslation();
  return useMemo(() => CACHE_INTERVALS.map((value) => ({ value, label: cacheLabel(ds, value), 'data-testid': `cache-option-${value}` })), [ds]);
}

