import { authHeaders } from '../api/http';

/** One server-sent event. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Splits text/event-stream text into events; answers them and the unfinished rest (docs/api/warning.md
 * "Stream"). Comments (`: …`) and `retry:` lines are skipped.
 */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) {
        event = line.slice(6).trim();
        any = true;
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''));
        any = true;
      }
    }
    if (!any) continue;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // plain text data
    }
    events.push({ event, data: parsed });
  }
  return { events, rest };
}

/** Back-off before the next connection: 5 s doubling to 60 s; reset after a stream that said ready. */
export function nextDelay(previous: number): number {
  return previous <= 0 ? 5000 : Math.min(previous * 2, 60_000);
}

/**
 * Keeps one server-sent-event stream open (read with fetch: it sends the authorization header, which
 * EventSource cannot, so the token never travels in a URL) and calls `onEvent` for each event but
 * `ready`. Reconnects when a stream ends or fails, with back-off; stops on 401/403 or when `signal`
 * aborts. Opened by the browser's one live stream only (liveStream.ts): a tab never calls it itself.
 */
export function openEventStream(url: string, onEvent: (event: StreamEvent) => void, signal: AbortSignal, onState?: (connected: boolean) => void): void {
  let delay = 0;
  const wait = (ms: number) => new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
  });
  const loop = async () => {
    while (!signal.aborted) {
      let ready = false;
      try {
        const res = await fetch(url, { headers: { ...authHeaders(), accept: 'text/event-stream' }, signal, cache: 'no-store' });
        if (res.status === 401 || res.status === 403) return;
        if (res.ok && res.body) {
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            const parsed = parseEvents(buffer);
            buffer = parsed.rest;
            for (const e of parsed.events) {
              if (e.event === 'ready') {
                ready = true;
                delay = 0;
                onState?.(true);
              } else onEvent(e);
            }
          }
        }
      } catch {
        // a network error or the abort: try again below (or stop when aborted)
      }
      onState?.(false);
      if (signal.aborted) return;
      if (!ready) delay = nextDelay(delay);
      await wait(ready ? 1000 : delay);
    }
  };
  void loop();
}
