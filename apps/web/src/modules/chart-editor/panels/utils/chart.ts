import type { Chart, MapConfig, NavConfig } from '@bi/chart-model';
import type { DisplayOption, RangeKey } from './applicability';

/** Chart updates as new objects: the editor's chart is never changed in place. */

type Property = NonNullable<Chart['property']>;

/** An object without its undefined members (what is not set is left out, as the server stores it). */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function setShowTitle(chart: Chart, show: boolean): Chart {
  return { ...chart, showTitle: show };
}

export function setLegendStyle(chart: Chart, style: 0 | 1 | 2 | 3): Chart {
  return { ...chart, legendStyle: style };
}

export function setDisplayOption(chart: Chart, option: DisplayOption, on: boolean): Chart {
  return { ...chart, [option]: on };
}

export function setDataZoom(chart: Chart, axis: 'x' | 'y', on: boolean): Chart {
  return axis === 'x' ? { ...chart, xDataZoom: on } : { ...chart, yDataZoom: on };
}

export function setTheme(chart: Chart, theme: NonNullable<Chart['theme']>): Chart {
  return { ...chart, theme };
}

/** One member of `property`; undefined removes it, and an empty property is removed. */
export function setPropertyValue<K extends keyof Property>(chart: Chart, key: K, value: Property[K] | undefined): Chart {
  const property = withoutUndefined({ ...(chart.property ?? {}), [key]: value } as Property);
  const next: Chart = { ...chart, property };
  if (Object.keys(property).length === 0) delete next.property;
  return next;
}

export function setNavConfig(chart: Chart, patch: Partial<NavConfig>): Chart {
  const navConfig = withoutUndefined({ ...(chart.navConfig ?? {}), ...patch });
  const next: Chart = { ...chart, navConfig };
  if (Object.keys(navConfig).length === 0) delete next.navConfig;
  return next;
}

/** mapConfig with both members (a stored mapConfig without visualMapShow reads as false on the server). */
export function mapConfigOf(chart: Chart): MapConfig {
  return { granularity: chart.mapConfig?.granularity === 0 ? 0 : 1, visualMapShow: chart.mapConfig?.visualMapShow !== false };
}

export function setMapConfig(chart: Chart, patch: Partial<MapConfig>): Chart {
  return { ...chart, mapConfig: { ...mapConfigOf(chart), ...patch } };
}

export type RangeProblem = 'minNotBelowMax' | 'secondMinNotBelowSecondMax';

/** min must stay below max (and secondMin below secondMax) when both are set. */
export function rangeProblems(property: Chart['property']): Partial<Record<RangeKey, RangeProblem>> {
  const p = property ?? {};
  const out: Partial<Record<RangeKey, RangeProblem>> = {};
  if (isNumber(p.min) && isNumber(p.max) && p.min >= p.max) {
    out.min = 'minNotBelowMax';
    out.max = 'minNotBelowMax';
  }
  if (isNumber(p.secondMin) && isNumber(p.secondMax) && p.secondMin >= p.secondMax) {
    out.secondMin = 'secondMinNotBelowSecondMax';
    out.secondMax = 'secondMinNotBelowSecondMax';
  }
  return out;
}

/** Sets one of min/max/secondMin/secondMax when the range stays valid; null when it would not. */
export function trySetRange(chart: Chart, key: RangeKey, value: number | undefined): { chart: Chart; problem: RangeProblem | null } {
  const next = setPropertyValue(chart, key, value);
  const problem = rangeProblems(next.property)[key] ?? null;
  return { chart: problem ? chart : next, problem };
}

export const NAV_FONT_SIZE = { min: 8, max: 96, default: 14 } as const;

/** navFontSize: an integer the builder honours (8 to 96). */
export function navFontSizeValid(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= NAV_FONT_SIZE.min && value <= NAV_FONT_SIZE.max;
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
