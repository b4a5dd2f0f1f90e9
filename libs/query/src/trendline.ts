import type { ResultColumn } from './compile.js';
import type { Cell } from './result.js';

export interface TrendPoint {
  x: number;
  y: number;
}

export interface Trendline {
  slope: number;
  intercept: number;
  /** coefficient of determination (1 when every point is on the line; 0 when the line explains nothing) */
  r2: number;
  /** the fitted value at every given x, in the given order */
  points: TrendPoint[];
}

/**
 * Least-squares line y = slope · x + intercept through the points with a finite y (points without
 * a value are skipped but still get a fitted value). Centred sums keep it exact for large x (epoch
 * milliseconds, years). Null when no point has a value; one point, or one x, gives a flat line.
 */
export function leastSquares(points: readonly { x: number; y: number | null | undefined }[]): Trendline | null {
  const known = points.filter((p): p is TrendPoint => Number.isFinite(p.x) && typeof p.y === 'number' && Number.isFinite(p.y));
  if (known.length === 0) return null;
  const n = known.length;
  const mx = known.reduce((s, p) => s + p.x, 0) / n;
  const my = known.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of known) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = my - slope * mx;
  const r2 = syy === 0 ? 1 : sxx === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2, points: points.map((p) => ({ x: p.x, y: slope * p.x + intercept })) };
}

/** A trendline over a series of values: x is the position (0, 1, …) or the given numeric x. */
export function trendline(values: readonly (number | null | undefined)[], xs?: readonly number[]): Trendline | null {
  return leastSquares(values.map((y, i) => ({ x: xs ? xs[i] : i, y })));
}

export interface ChartTrendline extends Trendline {
  /** the measure column */
  alias: string;
  /** the compare-series value the line belongs to, when the chart has a series */
  series?: Cell;
}

/**
 * The trendlines a chart answer asks for: one per measure column marked `trendline` (and per
 * series value with a compare series). x is the first dimension's value when it is a number
 * (scatter), otherwise the position of the dimension value along the axis.
 */
export function chartTrendlines(columns: readonly ResultColumn[], rows: readonly (readonly Cell[])[]): ChartTrendline[] {
  const measures = columns.map((c, i) => [c, i] as const).filter(([c]) => c.role === 'measure' && c.trendline);
  if (measures.length === 0) return [];
  const dims = columns.map((c, i) => [c, i] as const).filter(([c]) => c.role === 'dimension');
  const seriesIndex = columns.findIndex((c) => c.role === 'series');
  const numericX = dims.length > 0 && dims[0][0].dataType === 'number';
  const key = (row: readonly Cell[]) => JSON.stringify(dims.map(([, i]) => row[i]));
  const positions = new Map<string, number>();
  for (const row of rows) if (!positions.has(key(row))) positions.set(key(row), positions.size);
  const xOf = (row: readonly Cell[]) => (numericX ? Number(row[dims[0][1]]) : positions.get(key(row))!);

  const groups = new Map<string, { series?: Cell; rows: (readonly Cell[])[] }>();
  for (const row of rows) {
    const s = seriesIndex >= 0 ? row[seriesIndex] : undefined;
    const k = JSON.stringify(s ?? null);
    if (!groups.has(k)) groups.set(k, seriesIndex >= 0 ? { series: s, rows: [] } : { rows: [] });
    groups.get(k)!.rows.push(row);
  }
  const out: ChartTrendline[] = [];
  for (const [c, i] of measures) {
    for (const g of groups.values()) {
      const fit = leastSquares(g.rows.map((row) => ({ x: xOf(row), y: typeof row[i] === 'number' ? (row[i] as number) : null })));
      if (fit) out.push({ alias: c.alias, ...(seriesIndex >= 0 ? { series: g.series } : {}), ...fit });
    }
  }
  return out;
}
