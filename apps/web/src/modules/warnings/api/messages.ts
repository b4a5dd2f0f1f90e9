import { http } from '../../../shared/api/http';

/** The bell's calls (spec 02 §7 Warnings; docs/api/warning.md). */

/** A warning message (spec 02 §3) as GET /api/warnmessage/message/{userName} lists it. */
export interface WarnMessage {
  warnMessageId: string;
  message: string;
  isRead: boolean;
  /** yyyy-MM-dd HH:mm:ss in BI_TIME_ZONE */
  createDate: string;
  dashboardId: string;
  chartId?: string;
  /** the tab of the dashboard route */
  type?: string;
  warnName?: string;
  isSendMail?: boolean;
  isSendWechat?: boolean;
  mailStatus?: string;
  webhookStatus?: string;
}

export interface WarnMessagePage {
  list: WarnMessage[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
  /** BI_ENTERPRISE_TYPE: the bell shows for 3 */
  enterpriseType: number;
}

export interface MessageQuery {
  page?: number;
  pageSize?: number;
  unread?: boolean;
}

const user = (userName: string) => encodeURIComponent(userName);

export function fetchMessages(userName: string, q: MessageQuery = {}, signal?: AbortSignal): Promise<WarnMessagePage> {
  return http.get<WarnMessagePage>(`/api/warnmessage/message/${user(userName)}`, { query: { page: q.page ?? 1, pageSize: q.pageSize ?? 10, unread: q.unread ? 'true' : undefined }, signal });
}

/** Marks one message read; answers the route of its dashboard. */
export function readMessage(id: string): Promise<{ type: string; dashboardId: string }> {
  return http.put<{ type: string; dashboardId: string }>(`/api/warnmessage/readmessage/${encodeURIComponent(id)}`);
}

export function setAllRead(userName: string): Promise<{ updated: number }> {
  return http.put<{ updated: number }>(`/api/warnmessage/setallread/${user(userName)}`);
}
