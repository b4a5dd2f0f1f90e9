import { formatTime } from '../../../shared/format/time';
import type { WarnMessage, WarnMessagePage } from '../api/messages';

/**
 * The bell's state (spec 02 §2 screen 12, §4): pure functions over the loaded page of messages.
 * Messages go from unread to read, one by one (a click) or all at once.
 */

/** The bell is shown for enterprise type 3 (BI_ENTERPRISE_TYPE, default 3). */
export const BELL_ENTERPRISE_TYPE = 3;
/** Messages are read again every 300000 ms (spec 02 §9), and at once when one arrives. */
export const BELL_REFRESH_MS = 300_000;
/** The popover lists this many of the newest messages. */
export const BELL_LIST_SIZE = 10;

export function showBell(page: Pick<WarnMessagePage, 'enterpriseType'> | undefined): boolean {
  return page?.enterpriseType === BELL_ENTERPRISE_TYPE;
}

/** The badge's count: the unread total (antd caps it at 99+). */
export function unreadCount(page: Pick<WarnMessagePage, 'unread'> | undefined): number {
  return Math.max(0, page?.unread ?? 0);
}

/** Newest first (yyyy-MM-dd HH:mm:ss sorts as text; the server's order breaks ties). */
export function newestFirst(list: readonly WarnMessage[]): WarnMessage[] {
  return list
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.createDate === b.m.createDate ? a.i - b.i : a.m.createDate < b.m.createDate ? 1 : -1))
    .map((x) => x.m);
}

/** The page after one message was read (the unread count drops once, only for an unread one). */
export function markRead<P extends WarnMessagePage>(page: P, id: string): P {
  const target = page.list.find((m) => m.warnMessageId === id);
  if (!target || target.isRead) return page;
  return { ...page, unread: Math.max(0, page.unread - 1), list: page.list.map((m) => (m.warnMessageId === id ? { ...m, isRead: true } : m)) };
}

/** The page after "mark all read". */
export function markAllRead<P extends WarnMessagePage>(page: P): P {
  return { ...page, unread: 0, list: page.list.map((m) => (m.isRead ? m : { ...m, isRead: true })) };
}

/** The dashboard a message opens: /dashboard/{type}/{dashboardId} (spec 02 §7; the type stands in the folder's place, the page finds the folder). */
export function messageRoute(type: string | undefined, dashboardId: string): string {
  const tab = type === 'template' ? 'template' : 'dashboard';
  return `/${tab}/${encodeURIComponent(type || tab)}/${encodeURIComponent(dashboardId)}`;
}

/** yyyy-MM-dd HH:mm:ss (spec 02 §9): the server's text as it is (its BI_TIME_ZONE), an ISO time in local time. */
export function warnTime(value: string | null | undefined): string {
  if (value && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return value;
  return formatTime(value);
}
