import type { StreamEvent } from './eventStream';

/** A claim stands when neither a leader nor a better claim answered it within this. */
export const ELECTION_WAIT_MS = 300;
/** A follower asks the leader this often whether it is still there … */
export const PING_EVERY_MS = 3000;
/** … and takes over when no answer came within this (checked when its timer runs, however late). */
export const PING_ANSWER_MS = 1500;

/** What the tabs of one browser say to each other about their one stream (docs/architecture.md "Live stream"). */
export type LiveMessage =
  | { t: 'claim'; from: string }
  | { t: 'leader'; from: string; connected: boolean }
  | { t: 'ping'; from: string }
  | { t: 'resign'; from: string }
  | { t: 'event'; from: string; event: StreamEvent }
  | { t: 'state'; from: string; connected: boolean }
  /** a follower's topics (the dashboards its pages show) for the leader's stream; [] when it leaves */
  | { t: 'topics'; from: string; topics: string[] };

/** The part of BroadcastChannel the hub uses. */
export interface LiveChannel {
  postMessage(message: LiveMessage): void;
  close(): void;
  onmessage: ((event: { data: LiveMessage }) => void) | null;
}

/** What a page listens to: the stream's events and whether the stream is connected. */
export interface LiveListener {
  onEvent?: (event: StreamEvent) => void;
  onState?: (connected: boolean) => void;
  /** what the page follows on the stream (live dashboards: the dashboard ids it shows) */
  topics?: readonly string[];
}

/** The leader waits this long after a change of the tabs' topics before it opens the stream again. */
export const TOPICS_SETTLE_MS = 150;

export interface LiveHubDeps {
  /** A channel to the other tabs of this browser and user (null without BroadcastChannel: the tab leads alone). */
  channel: () => LiveChannel | null;
  /** Opens the server stream (openEventStream) for the topics of every tab; only the leader calls it. */
  open: (onEvent: (event: StreamEvent) => void, signal: AbortSignal, onState: (connected: boolean) => void, topics: readonly string[]) => void;
  id?: string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type LiveRole = 'stopped' | 'electing' | 'follower' | 'leader';

function randomId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * One tab's part in the browser's single live stream. The tabs elect a leader over the channel (a tab
 * claims, the smaller id wins a tie, a leader answers every claim and ping); only the leader holds the
 * server connection and relays every event and connection change to the others, so the browser holds
 * one of its six HTTP/1.1 connections per host however many tabs are open. When the leader leaves it
 * resigns and the others elect at once; when it vanishes without a word (crash, frozen tab) a
 * follower's unanswered ping starts the election. Two leaders (two claims that crossed) resolve
 * themselves: the one with the larger id steps down when it hears the other.
 */
export class LiveHub {
  readonly id: string;
  private state: LiveRole = 'stopped';
  private isConnected = false;
  private leaderId: string | null = null;
  private channel: LiveChannel | null = null;
  private stream: AbortController | null = null;
  private timer: unknown = null;
  private pingAnswered = true;
  private readonly listeners = new Set<LiveListener>();
  /** the leader's record of its followers' topics */
  private readonly remoteTopics = new Map<string, readonly string[]>();
  /** the topics the open stream was opened with (sorted, joined) */
  private streamTopics = '';
  private topicsTimer: unknown = null;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: LiveHubDeps) {
    this.id = deps.id ?? randomId();
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get role(): LiveRole {
    return this.state;
  }

  get connected(): boolean {
    return this.isConnected;
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Adds a listener (told the connection state at once); answers its removal. */
  add(listener: LiveListener): () => void {
    this.listeners.add(listener);
    listener.onState?.(this.isConnected);
    if (listener.topics?.length) this.topicsChanged();
    return () => {
      this.listeners.delete(listener);
      if (listener.topics?.length) this.topicsChanged();
    };
  }

  /** The topics of this tab's listeners. */
  private localTopics(): string[] {
    const all = new Set<string>();
    for (const l of this.listeners) for (const t of l.topics ?? []) all.add(t);
    return [...all];
  }

  /** Every tab's topics (the leader's view), sorted. */
  private allTopics(): string[] {
    const all = new Set(this.localTopics());
    for (const list of this.remoteTopics.values()) for (const t of list) all.add(t);
    return [...all].sort();
  }

  /** This tab's topics changed: a follower tells the leader, a leader opens its stream again when the union changed. */
  private topicsChanged(): void {
    if (this.state === 'follower') this.post({ t: 'topics', from: this.id, topics: this.localTopics() });
    else if (this.state === 'leader') this.reopenSoon();
  }

  /** After TOPICS_SETTLE_MS (a page that leaves and one that comes count once): the stream again, for the new union. */
  private reopenSoon(): void {
    if (this.topicsTimer !== null) return;
    this.topicsTimer = this.setTimer(() => {
      this.topicsTimer = null;
      if (this.state !== 'leader' || this.allTopics().join(',') === this.streamTopics) return;
      this.closeStream();
      this.openStream();
    }, TOPICS_SETTLE_MS);
  }

  start(): void {
    if (this.state !== 'stopped') return;
    this.channel = this.deps.channel();
    if (!this.channel) {
      this.lead();
      return;
    }
    this.channel.onmessage = (event) => this.receive(event.data);
    this.elect();
  }

  /** Leaves: closes the stream (a leader resigns so that another tab takes over at once) and the channel. */
  stop(): void {
    if (this.state === 'stopped') return;
    const wasLeader = this.state === 'leader';
    this.state = 'stopped';
    this.cancelTimer();
    if (this.topicsTimer !== null) this.clearTimer(this.topicsTimer);
    this.topicsTimer = null;
    this.closeStream();
    if (wasLeader) this.post({ t: 'resign', from: this.id });
    else this.post({ t: 'topics', from: this.id, topics: [] });
    this.remoteTopics.clear();
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
      this.channel = null;
    }
    this.leaderId = null;
    this.setConnected(false);
  }

  private post(message: LiveMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // a closed channel: nothing to tell
    }
  }

  private schedule(ms: number, fn: () => void): void {
    this.cancelTimer();
    this.timer = this.setTimer(() => {
      this.timer = null;
      fn();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private elect(): void {
    this.state = 'electing';
    this.leaderId = null;
    this.post({ t: 'claim', from: this.id });
    this.schedule(ELECTION_WAIT_MS, () => {
      if (this.state === 'electing') this.lead();
    });
  }

  private lead(): void {
    this.cancelTimer();
    this.state = 'leader';
    this.leaderId = this.id;
    this.post({ t: 'leader', from: this.id, connected: this.isConnected });
    this.openStream();
  }

  private openStream(): void {
    const stream = new AbortController();
    this.stream = stream;
    const topics = this.allTopics();
    this.streamTopics = topics.join(',');
    this.deps.open(
      (event) => {
        if (this.stream !== stream) return;
        this.post({ t: 'event', from: this.id, event });
        this.dispatch(event);
      },
      stream.signal,
      (connected) => {
        if (this.stream !== stream) return;
        this.setConnected(connected);
        this.post({ t: 'state', from: this.id, connected });
      },
      topics,
    );
  }

  private closeStream(): void {
    const stream = this.stream;
    this.stream = null;
    stream?.abort();
  }

  private follow(leaderId: string | null): void {
    if (this.state === 'leader') this.closeStream();
    this.remoteTopics.clear();
    const told = this.state === 'follower' && this.leaderId === leaderId;
    this.state = 'follower';
    this.leaderId = leaderId;
    // a new leader learns this tab's topics (it keeps none of the old leader's record)
    if (!told && leaderId !== null && this.localTopics().length > 0) this.post({ t: 'topics', from: this.id, topics: this.localTopics() });
    this.pingAnswered = true;
    this.watch();
  }

  /** Every PING_EVERY_MS: ping, and elect when the leader said nothing between the ping and the check. */
  private watch(): void {
    this.schedule(PING_EVERY_MS, () => {
      if (this.state !== 'follower') return;
      this.pingAnswered = false;
      this.post({ t: 'ping', from: this.id });
      this.schedule(PING_ANSWER_MS, () => {
        if (this.state !== 'follower') return;
        if (this.pingAnswered) this.watch();
        else this.elect();
      });
    });
  }

  private announce(): void {
    this.post({ t: 'leader', from: this.id, connected: this.isConnected });
  }

  private receive(message: LiveMessage): void {
    if (this.state === 'stopped' || !message || message.from === this.id) return;
    switch (message.t) {
      case 'claim':
        if (this.state === 'leader') this.announce();
        else if (this.state === 'electing' && message.from < this.id) this.follow(null);
        return;
      case 'ping':
        if (this.state === 'leader') this.announce();
        return;
      case 'topics':
        if (this.state !== 'leader') return;
        if (message.topics.length) this.remoteTopics.set(message.from, message.topics);
        else this.remoteTopics.delete(message.from);
        this.reopenSoon();
        return;
      case 'resign':
        if (this.state === 'follower' && (this.leaderId === message.from || this.leaderId === null)) this.elect();
        return;
      case 'leader':
        if (this.state === 'leader') {
          if (message.from < this.id) this.follow(message.from);
          else this.announce(); // the other one steps down when it hears this
          if (this.state === 'leader') return;
        } else if (this.state !== 'follower' || this.leaderId !== message.from) {
          this.follow(message.from);
        }
        this.pingAnswered = true;
        this.setConnected(message.connected);
        return;
      case 'state':
      case 'event':
        if (this.state === 'leader') {
          // another leader speaks: the larger id steps down
          if (message.from < this.id) this.follow(message.from);
          else {
            this.announce();
            return;
          }
        } else if (this.state === 'electing') {
          this.follow(message.from);
        }
        this.pingAnswered = true;
        if (message.t === 'state') this.setConnected(message.connected);
        else this.dispatch(message.event);
        return;
    }
  }

  private setConnected(connected: boolean): void {
    if (connected === this.isConnected) return;
    this.isConnected = connected;
    for (const l of [...this.listeners]) l.onState?.(connected);
  }

  private dispatch(event: StreamEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l.onEvent?.(event);
      } catch {
        // one page's listener does not stop the others
      }
    }
  }
}
