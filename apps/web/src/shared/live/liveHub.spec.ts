import { describe, expect, it } from '@jest/globals';
import type { StreamEvent } from './eventStream';
import { ELECTION_WAIT_MS, LiveHub, PING_ANSWER_MS, PING_EVERY_MS, TOPICS_SETTLE_MS, type LiveChannel, type LiveMessage } from './liveHub';

/** A browser in miniature: a clock with timers and a BroadcastChannel that delivers to the other tabs on the next turn. */
class Browser {
  now = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  private queue: (() => void)[] = [];
  private channels = new Set<LiveChannel>();
  private owner = new Map<LiveChannel, string>();
  /** Tabs cut off from the others (frozen, crashed): they neither send nor receive. */
  readonly deaf = new Set<string>();
  /** Open server connections: one per leader that opened and did not abort. */
  readonly streams: { tab: string; emit: (e: StreamEvent) => void; signal: AbortSignal; state: (c: boolean) => void; topics?: readonly string[] }[] = [];

  channel(tab: string): LiveChannel {
    const channels = this.channels;
    const queue = this.queue;
    const owner = this.owner;
    const deaf = this.deaf;
    const ch: LiveChannel = {
      onmessage: null,
      postMessage(message: LiveMessage) {
        const copy = JSON.parse(JSON.stringify(message)) as LiveMessage;
        if (deaf.has(owner.get(ch)!)) return;
        for (const other of channels) if (other !== ch && !deaf.has(owner.get(other)!)) queue.push(() => other.onmessage?.({ data: copy }));
      },
      close() {
        channels.delete(ch);
      },
    };
    channels.add(ch);
    owner.set(ch, tab);
    return ch;
  }

  tab(id: string, events: string[] = []): LiveHub {
    const hub = new LiveHub({
      id,
      channel: () => this.channel(id),
      open: (emit, signal, state, topics) => {
        this.streams.push({ tab: id, emit, signal, state, topics });
      },
      setTimer: (fn, ms) => {
        const t = { at: this.now + ms, fn, id: this.nextId++ };
        this.timers.push(t);
        return t.id;
      },
      clearTimer: (handle) => {
        this.timers = this.timers.filter((t) => t.id !== handle);
      },
    });
    hub.add({ onEvent: (e) => events.push(`${String(e.event)}:${String(e.data)}`) });
    return hub;
  }

  open(): string[] {
    return this.streams.filter((s) => !s.signal.aborted).map((s) => s.tab);
  }

  private flush(): void {
    while (this.queue.length) this.queue.shift()!();
  }

  advance(ms: number): void {
    const end = this.now + ms;
    this.flush();
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.now = due.at;
      due.fn();
      this.flush();
    }
    this.now = end;
  }
}

describe('the live hub (one server stream per browser)', () => {
  it('eight tabs hold one connection; every tab receives its events and its state', () => {
    const browser = new Browser();
    const received: string[][] = [];
    const tabs = Array.from({ length: 8 }, (_, i) => {
      received.push([]);
      const hub = browser.tab(`t${i}`, received[i]);
      hub.start();
      browser.advance(50);
      return hub;
    });
    browser.advance(1000);
    expect(browser.open()).toEqual(['t0']);
    expect(tabs.map((t) => t.role)).toEqual(['leader', ...Array(7).fill('follower')]);
    const stream = browser.streams[0]!;
    stream.state(true);
    stream.emit({ event: 'message', data: 'm1' });
    browser.advance(10);
    expect(received.every((r) => r.join() === 'message:m1')).toBe(true);
    expect(tabs.every((t) => t.connected)).toBe(true);
    // quiet for a minute: pings keep everyone in place
    browser.advance(60_000);
    expect(browser.open()).toEqual(['t0']);
  });

  it('tabs started at the same moment end with one leader', () => {
    const browser = new Browser();
    const tabs = ['t5', 't2', 't9', 't1'].map((id) => browser.tab(id));
    for (const t of tabs) t.start();
    browser.advance(5000);
    expect(browser.open()).toEqual(['t1']);
    expect(tabs.filter((t) => t.role === 'leader').map((t) => t.id)).toEqual(['t1']);
  });

  it('the leader closing hands the stream to another tab at once', () => {
    const browser = new Browser();
    const events: string[] = [];
    const tabs = ['a', 'b', 'c'].map((id) => browser.tab(id, id === 'c' ? events : []));
    for (const t of tabs) {
      t.start();
      browser.advance(10);
    }
    browser.advance(1000);
    expect(browser.open()).toEqual(['a']);
    tabs[0]!.stop(); // the tab closes: it resigns and aborts its connection
    browser.advance(ELECTION_WAIT_MS + 10); // well before any ping
    expect(browser.open()).toEqual(['b']);
    browser.streams.at(-1)!.emit({ event: 'message', data: 'm2' });
    browser.advance(10);
    expect(events).toEqual(['message:m2']);
  });

  it('a leader that vanishes without a word is replaced after an unanswered ping; when it comes back, one of the two steps down', () => {
    const browser = new Browser();
    const a = browser.tab('a');
    const c = browser.tab('c');
    a.start();
    browser.advance(10);
    c.start();
    browser.advance(1000);
    expect(browser.open()).toEqual(['a']);

    browser.deaf.add('a'); // frozen
    browser.advance(PING_EVERY_MS + PING_ANSWER_MS + ELECTION_WAIT_MS + 10);
    expect(c.role).toBe('leader');
    expect(browser.open()).toEqual(['a', 'c']);

    browser.deaf.delete('a'); // back: its next word settles it (the larger id, c, steps down)
    browser.streams[0]!.emit({ event: 'message', data: 'late' });
    browser.advance(10);
    expect(browser.open()).toEqual(['a']);
    expect(c.role).toBe('follower');
  });

  it('the last listener of a tab gone, the tab leaves; a new tab then leads', () => {
    const browser = new Browser();
    const a = browser.tab('a');
    a.start();
    browser.advance(1000);
    a.stop();
    expect(browser.open()).toEqual([]);
    const b = browser.tab('b');
    b.start();
    browser.advance(1000);
    expect(browser.open()).toEqual(['b']);
  });

  it('without BroadcastChannel a tab leads alone', () => {
    const streams: string[] = [];
    const hub = new LiveHub({ id: 'x', channel: () => null, open: () => streams.push('x') });
    hub.start();
    expect(hub.role).toBe('leader');
    expect(streams).toEqual(['x']);
  });
});

describe('the live hub’s topics (live dashboards: the dashboards the tabs show)', () => {
  const openTopics = (b: Browser) => b.streams.filter((s) => !s.signal.aborted).map((s) => [s.tab, (s.topics ?? []).join(',')]);

  it('the leader opens its one stream for the union of every tab’s topics, again when they change, and once more when a tab leaves', () => {
    const b = new Browser();
    const a = b.tab('a');
    a.start();
    b.advance(ELECTION_WAIT_MS + 10);
    const offA = a.add({ topics: ['d1'] });
    b.advance(TOPICS_SETTLE_MS + 10);
    expect(openTopics(b)).toEqual([['a', 'd1']]);
    const c = b.tab('c');
    c.add({ topics: ['d2'] });
    c.start();
    b.advance(ELECTION_WAIT_MS + TOPICS_SETTLE_MS + 10);
    expect(c.role).toBe('follower');
    expect(openTopics(b)).toEqual([['a', 'd1,d2']]);
    // the same topic again changes nothing: no new connection
    const opened = b.streams.length;
    const again = c.add({ topics: ['d1'] });
    b.advance(TOPICS_SETTLE_MS + 10);
    expect(b.streams.length).toBe(opened);
    again();
    offA();
    b.advance(TOPICS_SETTLE_MS + 10);
    expect(openTopics(b)).toEqual([['a', 'd2']]);
    c.stop();
    b.advance(TOPICS_SETTLE_MS + 10);
    expect(openTopics(b)).toEqual([['a', '']]);
  });

  it('a new leader learns the followers’ topics', () => {
    const b = new Browser();
    const a = b.tab('a');
    a.add({ topics: ['d1'] });
    a.start();
    b.advance(ELECTION_WAIT_MS + 10);
    const c = b.tab('c');
    c.add({ topics: ['d2'] });
    c.start();
    const e = b.tab('e');
    e.add({ topics: ['d3'] });
    e.start();
    b.advance(ELECTION_WAIT_MS + TOPICS_SETTLE_MS + 10);
    expect(openTopics(b)).toEqual([['a', 'd1,d2,d3']]);
    a.stop();
    b.advance(ELECTION_WAIT_MS + TOPICS_SETTLE_MS + 10);
    expect(openTopics(b)).toEqual([['c', 'd2,d3']]);
  });
});
