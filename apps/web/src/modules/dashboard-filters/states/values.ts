import type { GlobalFilterValue } from '@bi/chart-model';
import { pickedValueOf, RELATIVE_PRESETS } from '../../../shared/routing/picked-value';
import { jsonCodec } from '../../../shared/routing/url-state';

/** The query value of the page URL holding the global filter values (?gf=), so a copied link reopens the same view. */
export const VALUES_PARAM = 'gf';

/** What the viewer picked, per global filter item id. */
export type FilterValues = Readonly<Record<string, GlobalFilterValue>>;

const MAX_ITEMS = 20;
export { RELATIVE_PRESETS };

/** The values as the page URL holds them: JSON {itemId: {range, granularity?, numberOption?, relative?}}. */
export const valuesCodec = jsonCodec<FilterValues>((raw) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, GlobalFilterValue> = {};
  for (const [id, v] of Object.entries(raw).slice(0, MAX_ITEMS)) {
    const value = id.length <= 64 ? pickedValueOf(v) : null;
    if (value) out[id] = value;
  }
  return out;
});

/** The values with one item's value replaced (undefined: back to the item's stored default). */
export function withValue(values: FilterValues | null, id: string, value: GlobalFilterValue | undefined): FilterValues | null {
  const next: Record<string, GlobalFilterValue> = { ...(values ?? {}) };
  if (value) next[id] = value;
  else delete next[id];
  return Object.keys(next).length > 0 ? next : null;
}

/** "Clear all": every item with nothing picked (its stored default is not applied either). */
export function clearedValues(ids: readonly string[]): FilterValues | null {
  return ids.length > 0 ? Object.fromEntries(ids.map((id) => [id, { range: [] }])) : null;
}
