import type { GlobalFilterItem, GlobalFilterValue } from '@bi/chart-model';
import { useCallback, useMemo } from 'react';
import { useUrlState } from '../../../shared/routing/url-state';
import { clearedValues, VALUES_PARAM, valuesCodec, withValue, type FilterValues } from '../states/values';

/**
 * The dashboard's global filter state: the items stored with the dashboard and what the viewer picked,
 * kept in the page URL (?gf=) so a copied link reopens the same view. `values` is the globalValues input
 * of chartFilters (@bi/chart-model): a change touches only the charts an item applies to, so only their
 * runs (and query keys) change, and they go out together as one batch run (the chart module's batcher).
 */
export function useGlobalFilters(stored: readonly unknown[] | undefined) {
  const items = useMemo(() => (Array.isArray(stored) ? (stored as GlobalFilterItem[]) : []), [stored]);
  const [picked, setPicked] = useUrlState(VALUES_PARAM, valuesCodec);
  const values: FilterValues = useMemo(() => picked ?? {}, [picked]);
  const setValue = useCallback((id: string, value: GlobalFilterValue | undefined) => setPicked((current) => withValue(current, id, value)), [setPicked]);
  const clearAll = useCallback(() => setPicked(clearedValues(items.map((i) => i.id!).filter(Boolean))), [items, setPicked]);
  /** The value an item shows: the viewer's, else its stored default. */
  const valueOf = useCallback(
    (item: GlobalFilterItem): GlobalFilterValue =>
      values[item.id!] ?? { range: item.range ?? [], ...(item.granularity !== undefined ? { granularity: item.granularity } : {}), ...(item.numberOption ? { numberOption: item.numberOption } : {}), ...(item.relative ? { relative: item.relative } : {}) },
    [values],
  );
  return { items, values, setValue, clearAll, valueOf };
}
