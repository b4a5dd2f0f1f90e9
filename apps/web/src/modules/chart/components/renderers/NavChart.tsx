import { EChart } from '../EChart';
import type { NavOption } from '../../types';
import { describeNav } from '../../utils/describe';
import { usePreparedOption, type RendererProps } from './common';

/** nav (progress): bars of value / target with the percent reached as labels; `option.nav` describes them. */
export function NavChart({ answer, kind, title, appTheme, onDone }: RendererProps) {
  const option = usePreparedOption(answer, kind, appTheme);
  return <EChart option={option} appTheme={appTheme} ariaLabel={describeNav(title, answer.option.nav as NavOption | undefined)} onRendered={onDone} />;
}
