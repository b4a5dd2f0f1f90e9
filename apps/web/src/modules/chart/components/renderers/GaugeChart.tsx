import { EChart } from '../EChart';
import { describeItems } from '../../utils/describe';
import { usePreparedOption, type RendererProps } from './common';

/** gauge: the detail is the formatted value; dial labels and the tooltip use the value's formatter. */
export function GaugeChart({ answer, kind, title, appTheme, onDone }: RendererProps) {
  const option = usePreparedOption(answer, kind, appTheme);
  return <EChart option={option} appTheme={appTheme} ariaLabel={describeItems(title, answer.option)} onRendered={onDone} />;
}
