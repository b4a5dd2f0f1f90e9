import { EChart } from '../EChart';
import { describeSeries } from '../../utils/describe';
import { usePreparedOption, type RendererProps } from './common';

/** bar, stack_bar, line, scatter, doubleaxis: value tooltips and value-axis labels through the field formatters. */
export function CartesianChart({ answer, kind, title, appTheme, onDone, onPointClick }: RendererProps) {
  const option = usePreparedOption(answer, kind, appTheme);
  return <EChart option={option} appTheme={appTheme} ariaLabel={describeSeries(title, answer)} onRendered={onDone} onPointClick={onPointClick} />;
}
