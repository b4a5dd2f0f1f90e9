import { chartKind, isChartType, type ChartType, type RendererFamily } from '@bi/chart-model';

/** The renderer family that draws a kind (its entry in the kind registry, libs/chart-model kinds.ts). */
export function rendererFamily(kind: ChartType): RendererFamily {
  return chartKind(kind).renderer;
}

/** The renderer family of a kind, or null for an unknown kind. */
export function rendererFamilyOf(kind: unknown): RendererFamily | null {
  return isChartType(kind) ? rendererFamily(kind) : null;
}
