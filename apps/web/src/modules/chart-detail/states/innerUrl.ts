import type { DataType, RangeFilter } from '@bi/chart-model';
import { pickedValueOf } from '../../../shared/routing/picked-value';
import { jsonCodec } from '../../../shared/routing/url-state';

/** The query value of the page URL holding the viewer's inner filter values (?inner=), so a copied link reopens the same view. */
export const INNER_PARAM = 'inner';

/** The viewer's inner filter values per chart id (undefined / absent: the chart's stored filters apply). */
export type InnerValues = Readonly<Record<string, RangeFilter[] | undefined>>;

const MAX_CHARTS = 50;
const MAX_FILTERS = 50; // the inner filters of a chart (docs/api/chart.md limits)
const MAX_NAME_CHARS = 200;
const DATA_TYPES: readonly (DataType | 'other')[] = ['string', 'number', 'date', 'other'];
const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** One filter read from the URL: its known members only; a filter without a name or type is dropped. */
function filterOf(raw: unknown): RangeFilter | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (!text(r.name, MAX_NAME_CHARS) || !DATA_TYPES.includes(r.dataType as never) || !Array.isArray(r.range)) return null;
  const picked = pickedValueOf(r);
  if (!picked) return null;
  const out: RangeFilter = { name: r.name, dataType: r.dataType as RangeFilter['dataType'], range: picked.range };
  if (text(r.id, 64)) out.id = r.id;
  if (text(r.title, MAX_NAME_CHARS)) out.title = r.title;
  if (picked.granularity !== undefined) out.granularity = picked.granularity;
  if (picked.numberOption) out.numberOption = picked.numberOption;
  if (picked.relative) out.relative = picked.relative;
  return out;
}

const innerJson = jsonCodec<Record<string, RangeFilter[]>>((raw) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, RangeFilter[]> = {};
  for (const [chartId, filters] of Object.entries(raw).slice(0, MAX_CHARTS)) {
    if (chartId.length > 64 || !Array.isArray(filters)) continue;
    const kept = filters.slice(0, MAX_FILTERS).map(filterOf);
    // a chart's values are kept whole or not at all: half of them would be another view
    if (kept.length > 0 && kept.every((f): f is RangeFilter => f !== null)) out[chartId] = kept;
  }
  return out;
});

/**
 * The values as the page URL holds them: JSON {chartId: [{name, dataType, range, id?, title?, granularity?,
 * numberOption?, relative?}]}; anything malformed is read as "nothing set" for that chart; no values: no query value.
 */
export const innerCodec = {
  read: innerJson.read,
  write(values: InnerValues): string | null {
    const kept = Object.fromEntries(Object.entries(values).filter((e): e is [string, RangeFilter[]] => Array.isArray(e[1])));
    return Object.keys(kept).length > 0 ? innerJson.write(kept) : null;
  },
};

/** The values with one chart's replaced (undefined: back to its stored filters). */
export function withChartValues(values: InnerValues | null, chartId: string, filters: RangeFilter[] | undefined): InnerValues | null {
  const next: Record<string, RangeFilter[] | undefined> = { ...(values ?? {}) };
  if (filters) next[chartId] = filters;
  else delete next[chartId];
  return Object.keys(next).length > 0 ? next : null;
}
