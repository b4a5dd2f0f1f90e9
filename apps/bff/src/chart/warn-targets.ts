import { warnItems, type WarnConfig } from '@bi/chart-model';
import { AppError } from '@bi/core';
import { checkTargetUrl, type OutboundPolicy } from '@bi/outbound';
import { hasLineBreak } from '@bi/rules';

/**
 * The BFF's checks of a chart's alerts beyond the shared checkWarnConfig (run after it, on a checked
 * config): alert names are single-line texts (hasLineBreak of @bi/rules: they go into mail subjects and
 * chat messages), and each webhook URL passes the outbound targets policy as a saved setting
 * (@bi/outbound checkTargetUrl: http/https, port 1–65535, no literal internal address or internal name
 * unless BI_OUTBOUND_ALLOW opens it). Names are resolved and checked again at each delivery.
 */
export function checkWarnTargets(chart: Record<string, unknown>, outbound: OutboundPolicy): void {
  const config = chart.warnConfigData as WarnConfig | null | undefined;
  if (!config || typeof config !== 'object') return;
  for (const { item } of warnItems(config)) {
    const warn = item.warnName.trim();
    if (hasLineBreak(warn)) throw new AppError('invalid', 'warn.name_line_break');
    if (!item.webhookUrl) continue;
    const checked = checkTargetUrl(outbound, item.webhookUrl);
    if (checked.ok) continue;
    if (checked.problem.kind === 'not_allowed') throw new AppError('invalid', 'warn.webhook_not_allowed', { warn, host: checked.problem.host });
    throw new AppError('invalid', 'warn.webhook_url', { warn });
  }
}
