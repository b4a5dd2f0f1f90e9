import { CACHE_INTERVALS, sourceKind, sourceKindOfCode, type SOURCE_KIND_REGISTRY, type SourceKindKey } from '@bi/rules';
import { useMemo } from 'react';
import i18n from '../../../shared/i18n';
import { useDsTranslation, type DsT } from '../i18n';

/** A menu entry's label with a test id. */
export const menuLabel = (testId: string, text: string) => <span data-testid={testId}>{text}</span>;

/** The text of a thrown error (ApiError messages are the server's, in the UI language). */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('errors.operationFailed');
}

/** The built kinds: each has its label `types.<key>` in the three catalogues (a compile error otherwise). */
type BuiltKindKey = { [K in SourceKindKey]: (typeof SOURCE_KIND_REGISTRY)[K] extends { available: true } ? K : never }[SourceKindKey];

/** Label of a source type code: `types.<key>` of its kind (libs/rules source-kinds.ts) when built, else "Type {type}". */
export function typeLabel(ds: DsT, type: number): string {
  const key = sourceKindOfCode(type);
  if (key === null || !sourceKind(key).available) return ds('types.other', { type });
  return ds(`types.${key}` as `types.${BuiltKindKey}`);
}

/** Label of a cache interval in minutes (0 = no cache). */
export function cacheLabel(ds: DsT, minutes: number): string {
  if (!minutes) return ds('cache.none');
  if (minutes === 60) return ds('cache.hour');
  if (minutes >= 60 && minutes % 60 === 0) return ds('cache.hours', { count: minutes / 60 });
  return ds('cache.minutes', { count: minutes });
}

/** Options of the cache interval select (spec 02 §9). */
export function useCacheOptions() {
  const { ds } = useDsTranslation();
  return useMemo(() => CACHE_INTERVALS.map((value) => ({ value, label: cacheLabel(ds, value), 'data-testid': `cache-option-${value}` })), [ds]);
}

