import { CHART_TYPES, type ChartType } from '@bi/chart-model';

/** The renderer families: one component each (components/renderers.tsx). */
export const RENDERER_FAMILIES = ['cartesian', 'pieFunnel', 'gauge', 'nav', 'card', 'map', 'table'] as const;
export type RendererFamily = (typeof RENDERER_FAMILIES)[number];

/** Which renderer draws each of the 13 kinds; the mapped type makes a missing kind a compile error. */
export const RENDERER_FAMILY: { readonly [K in ChartType]: RendererFamily } = {
  bar: 'cartesian',
  stack_bar: 'cartesian',
  line: 'cartesian',
  scatter: 'cartesian',
  doubleaxis: 'cartesian',
  pie: 'pieFunnel',
  funnel: 'pieFunnel',
  gauge: 'gauge',
  nav: 'nav',
  card: 'card',
  map: 'map',
  tw_map: 'map',
  table: 'table',
};

export function isChartKind(value: unknown): value is ChartType {
  return typeof value === 'string' && (CHART_TYPES as readonly string[]).includes(value);
}

/** The renderer family of a kind, or null for an unknown kind. */
export function rendererFamilyOf(kind: unknown): RendererFamily | null {
  return isChartKind(kind) ? RENDERER_FAMILY[kind] : null;
}
