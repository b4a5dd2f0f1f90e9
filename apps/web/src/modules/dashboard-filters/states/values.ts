import type { GlobalFilterValue, RangeFilter, RelativeDatePreset } from '@bi/chart-model';
import { jsonCodec } from '../../../shared/routing/url-state';

/** The query value of the page URL holding the global filter values (?gf=), so a copied link reopens the same view. */
export const VALUES_PARAM = 'gf';

/** What the viewer picked, per global filter item id. */
export type FilterValues = Readonly<Record<string, GlobalFilterValue>>;

const MAX_ITEMS = 20;
const MAX_VALUES = 1000;
const MAX_VALUE_CHARS = 1000;
const NUMBER_OPTIONS: readonly NonNullable<RangeFilter['numberOption']>[] = ['all', 'custom', 'equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'range'];
export const RELATIVE_PRESETS: readonly RelativeDatePreset[] = ['today', 'thisWeek', 'thisMonth', 'thisQuarter', 'thisYear', 'lastDays'];

/** One value read from the URL: its known members only; anything else is "nothing picked". */
function valueOf(raw: unknown): GlobalFilterValue | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.range)) return null;
  const range = r.range.filter((v): v is string | number => (typeof v === 'string' && v.length <= MAX_VALUE_CHARS) || (typeof v === 'number' && Number.isFinite(v))).slice(0, MAX_VALUES);
  const out: GlobalFilterValue = { range };
  if (typeof r.granularity === 'number' && Number.isInteger(r.granularity) && r.granularity >= 0 && r.granularity <= 5) out.granularity = r.granularity as GlobalFilterValue['granularity'];
  if (NUMBER_OPTIONS.includes(r.numberOption as never)) out.numberOption = r.numberOption as GlobalFilterValue['numberOption'];
  const rel = r.relative as { preset?: unknown; days?: unknown } | undefined;
  if (rel && RELATIVE_PRESETS.includes(rel.preset as never)) {
    out.relative = rel.preset === 'lastDays' ? { preset: 'lastDays', days: Number.isInteger(rel.days) ? (rel.days as number) : 7 } : { preset: rel.preset as RelativeDatePreset };
  }
  return out;
}

/** The values as the page URL holds them: JSON {itemId: {range, granularity?, numberOption?, relative?}}. */
export const valuesCodec = jsonCodec<FilterValues>((raw) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, GlobalFilterValue> = {};
  for (const [id, v] of Object.entries(raw).slice(0, MAX_ITEMS)) {
    const value = id.length <= 64 ? valueOf(v) : null;
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
