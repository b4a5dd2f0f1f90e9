/**
 * The drawing half of a chart box, loaded lazily (with ECharts) the first time a chart is shown, so the
 * main bundle does not carry it. Chooses the renderer of the kind's family.
 */
import type { RendererFamily } from '@bi/chart-model';
import type { ComponentType } from 'react';
import { rendererFamily } from '../utils/renderers';
import { CardChart } from './renderers/CardChart';
import { CartesianChart } from './renderers/CartesianChart';
import type { RendererProps } from './renderers/common';
import { GaugeChart } from './renderers/GaugeChart';
import { MapChart } from './renderers/MapChart';
import { NavChart } from './renderers/NavChart';
import { PieFunnelChart } from './renderers/PieFunnelChart';
import { TableChart } from './renderers/TableChart';

/** One component per family; the mapped type makes a missing family a compile error. */
export const RENDERERS: { readonly [F in RendererFamily]: ComponentType<RendererProps> } = {
  cartesian: CartesianChart,
  pieFunnel: PieFunnelChart,
  gauge: GaugeChart,
  nav: NavChart,
  card: CardChart,
  map: MapChart,
  table: TableChart,
};

export default function ChartRenderer(props: RendererProps) {
  const Renderer = RENDERERS[rendererFamily(props.kind)];
  return <Renderer {...props} />;
}
