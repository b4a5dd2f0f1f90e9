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
  | { t: 'state'; from: string; connected: boolean };

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
}

export interface LiveHubDeps {
  /** A channel to the other tabs of this browser and user (null without BroadcastChannel: the tab leads alone). */
  channel: () => LiveChannel | null;
  /** Opens the server stream (openEventStream); only the leader calls it. */
  open: (onEvent: (event: StreamEvent) => void, signal: AbortSignal, onState: (connected: boolean) => void) => void;
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
    return () => {
      this.listeners.delete(listener);
    };
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
    this.closeStream();
    if (wasLeader) this.post({ t: 'resign', from: this.id });
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
    const stream = new AbortController();
    this.stream = stream;
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
    );
  }

  private closeStream(): void {
    const stream = this.stream;
    this.stream = null;
    stream?.abort();
  }

  private follow(leaderId: string | null): void {
    if (this.state === 'leader') this.closeStream();
    this.state = 'follower';
    this.leaderId = leaderId;
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
