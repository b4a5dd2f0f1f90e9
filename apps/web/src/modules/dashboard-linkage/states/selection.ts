import { LINKAGE_LIMITS, type LinkageSelection } from '@bi/chart-model';
import { jsonCodec } from '../../../shared/routing/url-state';

/** The points clicked on the dashboard's charts: one entry per source chart with points selected. */
export type Selections = readonly LinkageSelection[];

/**
 * A click on a point of a source chart: a plain click selects only that point, a second plain click on
 * the same (only) point clears the chart's selection; with Ctrl/Cmd the point is added to or taken out
 * of the selection (at most LINKAGE_LIMITS.points points).
 */
export function clickPoint(selections: Selections, chartId: string, point: string, multi: boolean): LinkageSelection[] {
  const current = selections.find((s) => s.chartId === chartId)?.points ?? [];
  let points: string[];
  if (multi) points = current.includes(point) ? current.filter((p) => p !== point) : [...current, point].slice(-LINKAGE_LIMITS.points);
  else points = current.length === 1 && current[0] === point ? [] : [point];
  return withPoints(selections, chartId, points);
}

/** The chart's selection cleared (its chip's close button). */
export function clearSelection(selections: Selections, chartId: string): LinkageSelection[] {
  return withPoints(selections, chartId, []);
}

function withPoints(selections: Selections, chartId: string, points: string[]): LinkageSelection[] {
  const others = selections.filter((s) => s.chartId !== chartId);
  return points.length > 0 ? [...others, { chartId, points }] : others;
}

const MAX_POINT_CHARS = 1000;
const MAX_SOURCES = 50;

/** The selection as the page URL holds it (?link=): JSON [{chartId, points}], anything else read as nothing selected; nothing selected: no query value. */
const selectionJson = jsonCodec<LinkageSelection[]>((raw) => {
  if (!Array.isArray(raw)) return null;
  const out: LinkageSelection[] = [];
  for (const entry of raw.slice(0, MAX_SOURCES)) {
    const { chartId, points } = (entry ?? {}) as { chartId?: unknown; points?: unknown };
    if (typeof chartId !== 'string' || chartId.length > 64 || !Array.isArray(points)) continue;
    const kept = points.filter((p): p is string => typeof p === 'string' && p.length <= MAX_POINT_CHARS).slice(0, LINKAGE_LIMITS.points);
    if (kept.length > 0 && !out.some((s) => s.chartId === chartId)) out.push({ chartId, points: kept });
  }
  return out;
});
export const selectionCodec = { read: selectionJson.read, write: (value: LinkageSelection[]) => (value.length > 0 ? selectionJson.write(value) : null) };

/** The query value of the page URL holding the selection. */
export const SELECTION_PARAM = 'link';
