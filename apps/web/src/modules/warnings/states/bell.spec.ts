import { describe, expect, it } from '@jest/globals';
import type { WarnMessage, WarnMessagePage } from '../api/messages';
import { BELL_REFRESH_MS, markAllRead, markRead, messageRoute, newestFirst, showBell, unreadCount, warnTime } from './bell';

const msg = (id: string, createDate: string, isRead = false): WarnMessage => ({ warnMessageId: id, message: `m ${id}`, isRead, createDate, dashboardId: 'd1', type: 'dashboard' });
const page = (list: WarnMessage[], unread: number): WarnMessagePage => ({ list, total: list.length, unread, page: 1, pageSize: 10, enterpriseType: 3 });

describe('the warning bell', () => {
  it('shows for enterprise type 3 only, and refreshes every 300000 ms (spec 02 §2, §9)', () => {
    expect(showBell({ enterpriseType: 3 })).toBe(true);
    expect(showBell({ enterpriseType: 1 })).toBe(false);
    expect(showBell(undefined)).toBe(false);
    expect(BELL_REFRESH_MS).toBe(300000);
  });

  it('counts the unread messages of the server’s total', () => {
    expect(unreadCount(page([], 7))).toBe(7);
    expect(unreadCount(undefined)).toBe(0);
  });

  it('lists the newest first', () => {
    const list = [msg('a', '2026-11-24 09:00:00'), msg('b', '2026-11-24 13:05:09'), msg('c', '2026-11-23 23:59:59')];
    expect(newestFirst(list).map((m) => m.warnMessageId)).toEqual(['b', 'a', 'c']);
  });

  it('marks one unread message read once, and all at once', () => {
    const p = page([msg('a', '2026-11-24 09:00:00'), msg('b', '2026-11-24 10:00:00'), msg('c', '2026-11-24 11:00:00', true)], 2);
    const once = markRead(p, 'a');
    expect([once.unread, once.list[0]!.isRead, p.list[0]!.isRead]).toEqual([1, true, false]);
    expect(markRead(once, 'a')).toBe(once);
    expect(markRead(once, 'c')).toBe(once);
    expect(markRead(once, 'nope')).toBe(once);
    const all = markAllRead(once);
    expect([all.unread, all.list.every((m) => m.isRead)]).toEqual([0, true]);
  });

  it('opens the message’s dashboard at /dashboard/{type}/{dashboardId}', () => {
    expect(messageRoute('dashboard', 'd 1')).toBe('/dashboard/dashboard/d%201');
    expect(messageRoute(undefined, 'd1')).toBe('/dashboard/dashboard/d1');
    expect(messageRoute('template', 'd1')).toBe('/template/template/d1');
  });

  it('shows times as yyyy-MM-dd HH:mm:ss', () => {
    expect(warnTime('2026-11-24 13:05:09')).toBe('2026-11-24 13:05:09');
    expect(warnTime('2026-11-24T13:05:09')).toBe('2026-11-24 13:05:09');
    expect(warnTime('')).toBe('');
  });
});
