import { checkWarnConfig, warnItems, type WarnConfig, type WarnListName, type WarnProblem } from '@bi/chart-model';
import { hasLineBreak } from '@bi/rules';
import { applyDraft, type WarnChart, type WarnDraft } from './form';

/**
 * The first problem of the whole config with the draft applied (the shared check). Its own module:
 * checkWarnConfig reads with the zod wire schema, which only the settings view (loaded lazily) brings in,
 * so zod stays out of the entry chunk (docs/adr/0010-wire-schemas.md).
 */
export function draftProblem(chart: WarnChart, config: WarnConfig, draft: WarnDraft, origin?: WarnListName): WarnProblem | null {
  const next = applyDraft(config, draft, origin);
  const problem = checkWarnConfig(next, chart);
  if (problem) return problem;
  // alert names are single-line texts: the rule of @bi/rules the server applies too
  return warnItems(next).some(({ item }) => hasLineBreak(item.warnName.trim())) ? { key: 'warn.name_line_break', params: {} } : null;
}
