import { AppError } from '@bi/core';
import { readWarnConfig, warnItems, type ChartField, type ChartType } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { z } from 'zod';
import type { AuthUser } from '../http/auth.guard.js';

/** `PUT /api/chart-edit/warn/{tab}`: only the alerts of a chart (docs/api/warning.md "Alert settings"). */
export const warnBody = z.object({ chartId: z.string().min(1).max(64), warnConfigData: z.record(z.string(), z.unknown()) });

const fieldsOf = (v: unknown): ChartField[] => (Array.isArray(v) ? (v as ChartField[]).filter((f) => typeof f === 'object' && f !== null && typeof f.name === 'string') : []);

/**
 * The BFF's check of a chart's alerts before a save (the dashboard service checks them again): the
 * shared check of @bi/chart-model against the chart's kind and value fields, the dashboard route
 * only (spec 01 §2). Answers the chart to send on, its alerts owned by the caller (`userId`: the user
 * who last saved them; firings message them and the dashboard owner).
 */
export function checkChartWarnings<C extends Record<string, unknown>>(tab: Tab, chart: C, user: AuthUser): C {
  const raw = chart.warnConfigData;
  if (raw === undefined || raw === null) return chart;
  // the one read of the alerts at this edge: the wire schema and the chart's rules (@bi/chart-model)
  const { config, problem } = readWarnConfig(raw, { type: String(chart.type) as ChartType, values: fieldsOf(chart.values), secondValues: fieldsOf(chart.secondValues) });
  if (problem) throw new AppError('invalid', problem.key, problem.params);
  if (!config) return chart;
  if (tab !== 'dashboard' && warnItems(config).length > 0) throw new AppError('invalid', 'warn.dashboard_only');
  return { ...chart, warnConfigData: { ...config, userId: user.userId } };
}
