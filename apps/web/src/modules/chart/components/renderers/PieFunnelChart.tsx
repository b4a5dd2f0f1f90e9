import { EChart } from '../EChart';
import { describeItems } from '../../utils/describe';
import { usePreparedOption, type RendererProps } from './common';

/** pie and funnel: slice labels come finished from the server; the tooltip adds the formatted value and share. */
export function PieFunnelChart({ answer, kind, title, appTheme, onDone, onPointClick }: RendererProps) {
  const option = usePreparedOption(answer, kind, appTheme);
  return <EChart option={option} appTheme={appTheme} ariaLabel={describeItems(title, answer.option)} onRendered={onDone} onPointClick={onPointClick} />;
}
