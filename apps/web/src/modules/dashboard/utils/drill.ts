import { DRILL_LIMITS } from '@bi/chart-model';
import { jsonCodec } from '../../../shared/routing/url-state';

/** The drill paths of a dashboard's charts: chart id → the clicked values of its upper drill levels, top first. */
export type DrillPaths = Readonly<Record<string, readonly string[]>>;

/** The query value of the page URL holding the paths (?drill=), beside the filters' and the linkage's. */
export const DRILL_PARAM = 'drill';

const MAX_CHARTS = 50;
const MAX_VALUE_CHARS = 1000;

/** The paths as the URL holds them: JSON {chartId: [values]}; anything else read as nothing drilled, an empty map as no query value. */
const drillJson = jsonCodec<Record<string, string[]>>((raw) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, string[]> = {};
  for (const [chartId, path] of Object.entries(raw).slice(0, MAX_CHARTS)) {
    if (chartId.length > 64 || !Array.isArray(path) || path.length === 0 || path.length >= DRILL_LIMITS.maxLevels) continue;
    if (!path.every((v): v is string => typeof v === 'string' && v.length <= MAX_VALUE_CHARS)) continue;
    out[chartId] = path;
  }
  return out;
});
export const drillCodec = { read: drillJson.read, write: (value: Record<string, string[]>) => (Object.keys(value).length > 0 ? drillJson.write(value) : null) };

/** The paths with one chart's path replaced (an empty path: the chart back at its own level). */
export function withDrillPath(paths: DrillPaths | null, chartId: string, path: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, p] of Object.entries(paths ?? {})) if (id !== chartId) out[id] = [...p];
  if (path.length > 0) out[chartId] = [...path];
  return out;
}
