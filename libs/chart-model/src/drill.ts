/**
 * In-chart drill-down (issue 27): a chart may carry a hierarchy of 2–5 dimension fields of its source
 * (region → province → city; a date field by granularity, year → quarter → month → day). The first
 * level is the chart's first dimension (points[0]); a click on a point runs the chart one level down:
 * the next level's field is its dimension and the clicked values of every upper level filter its rows.
 * What was clicked (the drill path) travels with the run request, the server builds the query from the
 * stored hierarchy (@bi/query buildChartQuery's `drill` option). Pure; shared by the web, the dashboard
 * service's check and the chart engine.
 */
import type { Chart, ChartField, DataType, Granularity } from './chart.js';
import { chartTypesWhere, type ChartType } from './kinds.js';
import { LINKAGE_POINT_SEPARATOR } from './linkage.js';

/** One level of a drill hierarchy: a field of the chart's source (a date at a granularity). */
export interface DrillLevel {
  name: string;
  dataType: DataType;
  /** dates only: 1 year, 2 quarter, 3 month, 4 week, 5 day (0 / absent: the value itself) */
  granularity?: Granularity;
}

export const DRILL_LIMITS = {
  /** levels of a hierarchy (the chart's dimension included) */
  minLevels: 2,
  maxLevels: 5,
  fieldName: 128,
} as const;

/**
 * The kinds that drill: those drawing one category per point a click can name (bars, lines, points,
 * pie and funnel slices, table rows). Cards, gauges, progress bars and maps do not.
 */
export const DRILL_CHART_TYPES: readonly ChartType[] = chartTypesWhere((k) => k.editor.points.max >= 1 && (k.build.family === 'cartesian' || k.build.family === 'pie' || k.build.family === 'funnel' || k.build.family === 'table'));

export function canDrill(type: string): boolean {
  return (DRILL_CHART_TYPES as readonly string[]).includes(type);
}

/** A problem of a chart's hierarchy: a message key of the catalogue (libs/i18n) and its params. */
export interface DrillProblem {
  key: 'chart.drill_kind' | 'chart.drill_levels' | 'chart.drill_first_level' | 'chart.drill_duplicate' | 'chart.drill_granularity' | 'chart.unknown_field';
  params: Record<string, string | number>;
}

const grain = (l: { granularity?: Granularity | number }, dataType: DataType) => (dataType === 'date' ? (l.granularity ?? 0) : 0);

/**
 * Checks a chart's hierarchy (none: fine): its kind drills; 2–5 levels; the first is the chart's first
 * dimension (same field and granularity); no level twice; a date field repeated goes from coarser to
 * finer granularity (year → quarter → month → week → day, the value itself last); granularities on
 * dates only. `typeOf` answers a field's type in the chart's source (undefined: no such field); absent,
 * the levels' own types are read (the shape check before the source is known).
 */
export function drillProblem(chart: Pick<Chart, 'type' | 'points' | 'drill'>, typeOf?: (name: string) => DataType | undefined): DrillProblem | null {
  const levels = chart.drill;
  if (levels === undefined) return null;
  if (!canDrill(chart.type)) return { key: 'chart.drill_kind', params: {} };
  if (!Array.isArray(levels) || levels.length < DRILL_LIMITS.minLevels || levels.length > DRILL_LIMITS.maxLevels) return { key: 'chart.drill_levels', params: { min: DRILL_LIMITS.minLevels, max: DRILL_LIMITS.maxLevels } };
  const types: DataType[] = [];
  for (const l of levels) {
    const t = typeOf ? typeOf(l.name) : l.dataType;
    if (!t) return { key: 'chart.unknown_field', params: { name: l.name } };
    if (t !== 'date' && (l.granularity ?? 0) !== 0) return { key: 'chart.drill_granularity', params: { name: l.name } };
    types.push(t);
  }
  const first = chart.points[0];
  if (!first || first.name !== levels[0]!.name || grain(first, types[0]!) !== grain(levels[0]!, types[0]!)) return { key: 'chart.drill_first_level', params: { name: levels[0]!.name } };
  // year 1 … day 5, the value itself (0) finest
  const rank = (g: number) => (g === 0 ? 6 : g);
  for (let i = 1; i < levels.length; i++) {
    const l = levels[i]!;
    for (let j = 0; j < i; j++) {
      const u = levels[j]!;
      if (u.name !== l.name) continue;
      if (types[i] !== 'date' || grain(u, 'date') === grain(l, 'date')) return { key: 'chart.drill_duplicate', params: { name: l.name } };
      if (rank(grain(u, 'date')) > rank(grain(l, 'date'))) return { key: 'chart.drill_granularity', params: { name: l.name } };
    }
  }
  return null;
}

/** A drill path that does not fit the chart's hierarchy: why (for the catalogue's chart.drill_invalid). */
export function drillPathProblem(chart: Pick<Chart, 'drill'>, path: readonly unknown[]): string | null {
  const levels = chart.drill ?? [];
  if (path.length === 0) return null;
  if (levels.length < DRILL_LIMITS.minLevels) return 'the chart has no drill hierarchy';
  if (path.length >= levels.length) return `at most ${levels.length - 1} values`;
  if (path.some((v) => typeof v !== 'string')) return 'values must be texts';
  return null;
}

/**
 * The chart as drawn at the level below `path` (the clicked values of the upper levels, top first): its
 * first dimension is the level's field (with its granularity; the first dimension's order and field
 * filter stay), the rest as stored. An empty path: the chart itself. The path must fit (drillPathProblem).
 */
export function drilledChart<C extends Pick<Chart, 'points' | 'drill'>>(chart: C, path: readonly string[]): C {
  if (path.length === 0) return chart;
  const level = chart.drill![path.length]!;
  const first = chart.points[0];
  const point: ChartField = { name: level.name, dataType: level.dataType };
  if (level.dataType === 'date' && level.granularity) point.granularity = level.granularity;
  if (first?.orderBy) point.orderBy = first.orderBy;
  if (first?.fieldFilter) point.fieldFilter = first.fieldFilter;
  if (first?.width !== undefined) point.width = first.width;
  return { ...chart, points: [point, ...chart.points.slice(1)] };
}

/** The value of the drilled dimension in a clicked point's category (a chart of several dimensions joins them by " / "). */
export function drillValueOf(chart: Pick<Chart, 'points'>, category: string): string {
  return chart.points.length > 1 ? (category.split(LINKAGE_POINT_SEPARATOR)[0] ?? category) : category;
}

/** Whether a click on a chart at `depth` (values clicked so far) goes one level down. */
export function drillsFurther(chart: Pick<Chart, 'type' | 'drill'>, depth: number): boolean {
  return canDrill(chart.type) && (chart.drill?.length ?? 0) >= DRILL_LIMITS.minLevels && depth < chart.drill!.length - 1;
}

/** The level the chart's first dimension is (undefined: the chart has none). */
export function drillTopOf(chart: Pick<Chart, 'points'>): DrillLevel | undefined {
  const first = chart.points[0];
  if (!first) return undefined;
  return { name: first.name, dataType: first.dataType, ...(first.dataType === 'date' && first.granularity ? { granularity: first.granularity } : {}) };
}

/**
 * The hierarchy kept in step with the chart as the editor changes it: its first level follows the
 * chart's first dimension; levels that would repeat it, or a date level not finer than it, go; a kind
 * that does not drill, a chart without dimension or fewer than two levels left remove it.
 */
export function syncDrill<C extends Pick<Chart, 'type' | 'points' | 'drill'>>(chart: C): C {
  if (chart.drill === undefined) return chart;
  const top = drillTopOf(chart);
  const without = () => {
    const { drill: _gone, ...rest } = chart;
    return rest as C;
  };
  if (!top || !canDrill(chart.type)) return without();
  const rank = (g: number | undefined) => (!g ? 6 : g);
  const below = chart.drill.slice(1).filter((l) => l.name !== top.name || (top.dataType === 'date' && rank(l.granularity) > rank(top.granularity)));
  const next = [top, ...below].slice(0, DRILL_LIMITS.maxLevels);
  if (next.length < DRILL_LIMITS.minLevels) return without();
  return JSON.stringify(next) === JSON.stringify(chart.drill) ? chart : { ...chart, drill: next };
}
