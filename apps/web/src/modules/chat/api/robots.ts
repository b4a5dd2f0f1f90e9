import { ROBOT_BOUNDS, ROBOT_VENDOR_NAMES, type RobotVendorName } from '@bi/chart-model';
import { http } from '../../../shared/api/http';
import type { RunFilters } from '../../chart/types';

export { ROBOT_BOUNDS, ROBOT_VENDOR_NAMES, type RobotVendorName };

/** A robot as administrators see it (docs/api/robots.md): never its URL's key nor its secret. */
export interface Robot {
  id: string;
  name: string;
  vendor: RobotVendorName;
  /** the webhook URL's scheme and host */
  urlHint: string;
  hasSecret: boolean;
  updatedBy: string;
  updatedAt: string;
}

/** A robot the share dialog offers. */
export interface RobotChoice {
  id: string;
  name: string;
  vendor: RobotVendorName;
}

/** The robot form: an edit's empty URL or secret keeps the stored one. */
export interface RobotForm {
  name: string;
  vendor: RobotVendorName;
  webhookUrl: string;
  secret: string;
}

const id = (v: string) => encodeURIComponent(v);

export const robotsApi = {
  list: () => http.get<Robot[]>('/api/robots'),
  create: (body: RobotForm) => http.post<Robot>('/api/robots', body),
  edit: (robotId: string, body: RobotForm) => http.put<Robot>(`/api/robots/${id(robotId)}`, body),
  remove: (robotId: string) => http.delete<{ deleted: boolean }>(`/api/robots/${id(robotId)}`),
  choices: () => http.get<RobotChoice[]>('/api/robots/choices'),
  /** POST /api/dashboard/wechart/{tab}/{chartId}: answers the success message ('分享成功！') in the reader's language. */
  share: (tab: string, chartId: string, body: { robotId: string; remark: string; width?: number; height?: number; theme?: 'light' | 'dark' } & Partial<Pick<RunFilters, 'innerFilters' | 'globalFilters'>>) =>
    http.post<string>(`/api/dashboard/wechart/${id(tab)}/${id(chartId)}`, body),
};

export const robotKeys = {
  all: ['robots'] as const,
  list: ['robots', 'list'] as const,
  choices: ['robots', 'choices'] as const,
};
