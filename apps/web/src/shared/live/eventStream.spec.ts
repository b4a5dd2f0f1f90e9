import { describe, expect, it } from '@jest/globals';
import { nextDelay, parseEvents } from './eventStream';

describe('the event-stream reader', () => {
  it('splits server-sent events, skipping comments and retry lines, keeping the unfinished rest', () => {
    const text = 'retry: 5000\n\nevent: ready\ndata: {"timeout":300}\n\n: keep-alive\n\nevent: message\ndata: {"warnMessageId":"m1"}\n\nevent: mess';
    const { events, rest } = parseEvents(text);
    expect(events).toEqual([
      { event: 'ready', data: { timeout: 300 } },
      { event: 'message', data: { warnMessageId: 'm1' } },
    ]);
    expect(rest).toBe('event: mess');
    expect(parseEvents(rest + 'age\ndata: {"warnMessageId":"m2"}\n\n').events).toEqual([{ event: 'message', data: { warnMessageId: 'm2' } }]);
  });

  it('backs off from 5 s doubling to 60 s', () => {
    const delays = [0];
    for (let i = 0; i < 6; i++) delays.push(nextDelay(delays.at(-1)!));
    expect(delays.slice(1)).toEqual([5000, 10000, 20000, 40000, 60000, 60000]);
  });
});
