import type { ChartField, ChartType, WarnConfig } from '@bi/chart-model';
import { http } from '../../../shared/api/http';

/** The alarm dialog's calls (docs/api/warning.md "Alert settings"); the editor saves alerts with the chart. */

/** GET /api/chart-edit/warn/{tab}/{chartId}: what the dialog needs of a chart. */
export interface WarnSettings {
  chartId: string;
  title: string;
  type: ChartType;
  values: ChartField[];
  secondValues: ChartField[];
  warnConfigData: WarnConfig | null;
  /** each alert's state as the warning service runs it, by warnId (paused: its owner can no longer read the source, or no longer exists) */
  alertStates?: Record<string, AlertState>;
}

export interface AlertState {
  /** active, paused, off */
  state: string;
  /** paused: no_access or no_owner */
  reason: string;
}

export function fetchWarnSettings(tab: string, chartId: string, signal?: AbortSignal): Promise<WarnSettings> {
  return http.get<WarnSettings>(`/api/chart-edit/warn/${encodeURIComponent(tab)}/${encodeURIComponent(chartId)}`, { signal });
}

/** PUT /api/chart-edit/warn/{tab}: only the alerts of a chart; answers the saved chart (its alerts with their ids). */
export function saveWarnSettings(tab: string, chartId: string, warnConfigData: WarnConfig): Promise<{ warnConfigData?: WarnConfig }> {
  return http.put<{ warnConfigData?: WarnConfig }>(`/api/chart-edit/warn/${encodeURIComponent(tab)}`, { chartId, warnConfigData });
}

/** GET /api/robots/choices: the chat robots an alert may also send to (issue 30; names only). */
export function fetchRobotChoices(): Promise<{ id: string; name: string; vendor: string }[]> {
  return http.get<{ id: string; name: string; vendor: string }[]>('/api/robots/choices');
}
