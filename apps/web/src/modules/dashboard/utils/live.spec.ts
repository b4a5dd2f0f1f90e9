import { describe, expect, it } from '@jest/globals';
import { chartsChangedOf, clockTime, dashboardSavedOf, LIVE_MIN_INTERVAL_MS, LiveRefresher } from './live';

/** A refresher on a fake clock: timers run when the test moves the clock. */
function fake(random = 0) {
  let now = 10_000;
  let visible = true;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const refreshed: Array<Record<string, string>> = [];
  const r = new LiveRefresher({
    refresh: (changes) => void refreshed.push(Object.fromEntries(changes)),
    visible: () => visible,
    now: () => now,
    random: () => random,
    setTimer: (fn, ms) => {
      const t = { at: now + ms, fn, id: ids++ };
      timers.push(t);
      return t.id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      timers.splice(timers.indexOf(due), 1);
      due.fn();
    }
  };
  return { r, refreshed, advance, timers, setVisible: (v: boolean) => (visible = v) };
}

describe('LiveRefresher', () => {
  it('refreshes at once after the jitter, then coalesces what comes within 2 s into one refresh', () => {
    const f = fake(0.5);
    f.r.changed(['a'], '2026-11-29T10:00:00.000Z');
    expect(f.refreshed).toEqual([]);
    f.advance(375); // 0.5 × 750 jitter
    expect(f.refreshed).toEqual([{ a: '2026-11-29T10:00:00.000Z' }]);
    f.r.changed(['a', 'b'], '2026-11-29T10:00:01.000Z');
    f.r.changed(['b'], '2026-11-29T10:00:02.000Z');
    f.advance(LIVE_MIN_INTERVAL_MS);
    expect(f.refreshed).toHaveLength(1);
    f.advance(375);
    expect(f.refreshed).toEqual([{ a: '2026-11-29T10:00:00.000Z' }, { a: '2026-11-29T10:00:01.000Z', b: '2026-11-29T10:00:02.000Z' }]);
  });

  it('waits while the page is hidden and refreshes once when it is seen again', () => {
    const f = fake(0);
    f.setVisible(false);
    f.r.changed(['a'], '2026-11-29T10:00:00.000Z');
    f.r.changed(['b'], '2026-11-29T10:00:05.000Z');
    f.advance(60_000);
    expect(f.refreshed).toEqual([]);
    expect(f.r.waiting).toBe(2);
    f.setVisible(true);
    f.r.visibilityChanged();
    f.advance(0);
    expect(f.refreshed).toEqual([{ a: '2026-11-29T10:00:00.000Z', b: '2026-11-29T10:00:05.000Z' }]);
  });

  it('does nothing after stop', () => {
    const f = fake(0);
    f.r.changed(['a'], '2026-11-29T10:00:00.000Z');
    f.r.stop();
    f.advance(10_000);
    f.r.changed(['a'], '2026-11-29T10:00:00.000Z');
    f.advance(10_000);
    expect(f.refreshed).toEqual([]);
  });
});

describe('live events', () => {
  it('takes only well-formed events of the page’s dashboard', () => {
    expect(chartsChangedOf({ dashboardId: 'd', chartIds: ['c'], at: 'x' }, 'd')).toEqual({ dashboardId: 'd', chartIds: ['c'], at: 'x' });
    expect(chartsChangedOf({ dashboardId: 'e', chartIds: ['c'], at: 'x' }, 'd')).toBeNull();
    expect(chartsChangedOf({ dashboardId: 'd', chartIds: [1], at: 'x' }, 'd')).toBeNull();
    expect(dashboardSavedOf({ dashboardId: 'd', what: 'layout', savedBy: 'u', savedByName: 'ann', at: 'x' }, 'd')).toEqual({ dashboardId: 'd', what: 'layout', savedBy: 'u', savedByName: 'ann', at: 'x' });
    expect(dashboardSavedOf(null, 'd')).toBeNull();
  });

  it('writes hh:mm on a 24-hour clock', () => {
    const at = new Date(2026, 10, 29, 14, 5).toISOString();
    expect(clockTime(at, 'en')).toBe('14:05');
    expect(clockTime(at, 'zh-CN')).toBe('14:05');
    expect(clockTime('nonsense', 'en')).toBe('');
  });
});
