import { openEventStream } from './eventStream';
import { LiveHub, type LiveChannel, type LiveListener } from './liveHub';

export type { LiveListener } from './liveHub';
export type { StreamEvent } from './eventStream';

/**
 * The server's stream of live events for the signed-in user (docs/api/live.md; docs/api/warning.md
 * "Stream"): the new warning messages (event `message`) and, for the dashboards the browser's tabs show
 * (the listeners' topics), `charts-changed` and `dashboard-saved`. Read with `subscribeLive`: a page
 * never opens a connection of its own.
 */
export const LIVE_STREAM_URL = '/api/warnmessage/stream';

/** The stream's address for the tabs' topics (dashboard ids). */
export function liveStreamUrl(topics: readonly string[]): string {
  return topics.length ? `${LIVE_STREAM_URL}?dashboards=${topics.map(encodeURIComponent).join(',')}` : LIVE_STREAM_URL;
}

interface Entry {
  hub: LiveHub;
  release: ReturnType<typeof setTimeout> | null;
}

/** One hub per user signed in in this tab (tabs of two users in one browser do not share). */
const hubs = new Map<string, Entry>();

function channelFor(user: string): LiveChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  return new BroadcastChannel(`bi-live:${user}`) as unknown as LiveChannel;
}

/**
 * Listens to the browser's one live stream of `user` (docs/architecture.md "Live stream"): the first
 * listener of the tab joins the tabs' election, the last one's removal leaves it. Answers the removal.
 */
export function subscribeLive(user: string, listener: LiveListener): () => void {
  let entry = hubs.get(user);
  if (!entry) {
    const hub = new LiveHub({
      channel: () => channelFor(user),
      open: (onEvent, signal, onState, topics) => openEventStream(liveStreamUrl(topics), onEvent, signal, onState),
    });
    entry = { hub, release: null };
    hubs.set(user, entry);
    hub.start();
  }
  const current = entry;
  if (current.release) clearTimeout(current.release);
  current.release = null;
  const remove = current.hub.add(listener);
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    remove();
    if (current.hub.size > 0) return;
    // left on the next turn: a page that re-subscribes at once (a re-render, a route change) keeps the stream
    current.release = setTimeout(() => {
      current.release = null;
      if (current.hub.size > 0 || hubs.get(user) !== current) return;
      current.hub.stop();
      hubs.delete(user);
    }, 0);
  };
}

// A page going away (closed, reloaded, into the back-forward cache, frozen) leaves at once, so that its
// connection is closed and another tab takes the stream over; back again, it joins again.
if (typeof window !== 'undefined') {
  const leave = () => hubs.forEach((e) => e.hub.stop());
  const rejoin = () => hubs.forEach((e) => e.hub.size > 0 && e.hub.start());
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) rejoin();
  });
  document.addEventListener('freeze', leave);
  document.addEventListener('resume', rejoin);
}
