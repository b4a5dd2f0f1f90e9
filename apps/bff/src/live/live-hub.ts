import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { canUseTab } from '@bi/access';
import { AppError, type Logger } from '@bi/core';
import { encodeDashboardSaved, asBusMessage, TOPICS, type EventBus, type Subscription } from '@bi/messaging';
import { eventsV1, type dashboardV1, type dataSourceV1 } from '@bi/proto';
import { DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, rpc } from '../grpc-clients.js';
import { principalOf, type AuthUser } from '../http/auth.guard.js';
import { canAccessSource, readSources } from '../data-source/source-access.js';
import { BFF_LOGGER, EVENT_BUS } from '../warning/warn-stream.js';

/** What a page is told when a source behind charts of a dashboard it shows changed (docs/api/live.md). */
export interface ChartsChangedEvent {
  dashboardId: string;
  /** the charts of the dashboard that read the changed source (the page re-runs those it shows) */
  chartIds: string[];
  /** when the data changed (ISO) */
  at: string;
}

/** What a page is told when someone saved the dashboard it shows (docs/api/live.md). */
export interface DashboardSavedEvent {
  dashboardId: string;
  /** layout, filters, linkage, hidden, name */
  what: string;
  savedBy: string;
  savedByName: string;
  at: string;
}

/** One open stream of a page (GET /api/live). */
export interface LiveStream {
  user: AuthUser;
  dashboards: ReadonlySet<string>;
  send(event: 'charts-changed' | 'dashboard-saved', data: ChartsChangedEvent | DashboardSavedEvent): void;
}

/** A stream follows at most this many dashboards (the browser's tabs share one stream: the union of theirs). */
export const MAX_DASHBOARDS_PER_STREAM = 50;

export interface LiveLimits {
  perUser: number;
  perBff: number;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * The stream limits: BI_LIVE_STREAMS_PER_USER (default 10: one browser holds one stream for all its
 * tabs) and BI_LIVE_STREAMS_PER_BFF (default 5000) open streams; beyond them a new stream is refused.
 */
export function liveLimits(env: NodeJS.ProcessEnv = process.env): LiveLimits {
  return { perUser: positiveInt(env.BI_LIVE_STREAMS_PER_USER, 10), perBff: positiveInt(env.BI_LIVE_STREAMS_PER_BFF, 5000) };
}

function isoOf(occurredAt: string | undefined): string {
  const t = occurredAt ? Date.parse(occurredAt) : NaN;
  return new Date(Number.isFinite(t) ? t : Date.now()).toISOString();
}

/** Events older than this when the BFF starts are not pushed (a fresh Kafka group reads the topic from its beginning). */
const REPLAY_SKIP_MS = 60_000;

/**
 * Live dashboards (docs/adr/0027-live-dashboards.md): per BFF process, the open page streams by user
 * and by the dashboards they show, and one subscription to `datasource.data-changed` and one to
 * `dashboard.saved` in groups of its own (every BFF sees every event: the in-process bus in embedded
 * mode, Kafka in distributed mode). A data change of a source becomes, for each followed dashboard
 * with charts on that source (joined tables get DataChanged events of their own), one
 * `charts-changed` event to the streams whose user may read the source (@bi/access); a save of a
 * dashboard becomes `dashboard-saved` to the streams following it.
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, number>();
  private readonly byDashboard = new Map<string, Set<LiveStream>>();
  private readonly subscriptions: Subscription[] = [];
  private closed = false;
  private readonly startedAt = Date.now();
  readonly limits: LiveLimits = liveLimits();
  /** events pushed to streams (for tests, health and the benchmark) */
  pushed = 0;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus | null,
    @Inject(BFF_LOGGER) private readonly logger: Logger,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
  ) {}

  onModuleInit(): void {
    if (!this.bus) {
      this.logger.info('no event bus given to the BFF: live dashboards only keep pages connected');
      return;
    }
    const bus = this.bus;
    const subscribe = (topic: string, group: string, handler: (value: Uint8Array) => Promise<void>) =>
      // not awaited: a broker that is not up yet must not hold the BFF's start (the bus retries)
      bus
        .subscribe(topic, `${group}-${randomUUID()}`, async (m) => handler(m.value))
        .then(async (s) => {
          if (this.closed) await s.close();
          else this.subscriptions.push(s);
        })
        .catch((e: unknown) => this.logger.error(`live dashboards: cannot subscribe to ${topic}`, { error: e }));
    void subscribe(TOPICS.dataChanged, 'bff-live-data', async (v) => this.dataChanged(eventsV1.DataChanged.decode(v)));
    void subscribe(TOPICS.dashboardSaved, 'bff-live-saved', async (v) => this.dashboardSaved(eventsV1.DashboardSaved.decode(v)));
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await Promise.all(this.subscriptions.splice(0).map((s) => s.close().catch(() => undefined)));
  }

  /**
   * Adds a stream, or refuses it: 429 live.too_many_for_user beyond the per-user limit, 503
   * live.server_full beyond the BFF's. Dashboards are followed only with read access to the
   * dashboard tab (canUseTab). Answers the stream's removal.
   */
  open(stream: LiveStream): () => void {
    const userId = stream.user.userId;
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) throw new AppError('throttled', 'live.too_many_for_user', { max: this.limits.perUser });
    if (this.streams.size >= this.limits.perBff) throw new AppError('unavailable', 'live.server_full');
    const dashboards = canUseTab(principalOf(stream.user), 'dashboard', 'read') ? stream.dashboards : new Set<string>();
    this.streams.add(stream);
    this.byUser.set(userId, mine + 1);
    for (const d of dashboards) {
      const set = this.byDashboard.get(d) ?? new Set<LiveStream>();
      set.add(stream);
      this.byDashboard.set(d, set);
    }
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.streams.delete(stream);
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
      for (const d of dashboards) {
        const set = this.byDashboard.get(d);
        set?.delete(stream);
        if (set && set.size === 0) this.byDashboard.delete(d);
      }
    };
  }

  openStreams(): number {
    return this.streams.size;
  }

  /** Dashboards some stream on this BFF follows. */
  followedDashboards(): number {
    return this.byDashboard.size;
  }

  private stale(occurredAt: string | undefined): boolean {
    const at = occurredAt ? Date.parse(occurredAt) : NaN;
    return Number.isFinite(at) && at < this.startedAt - REPLAY_SKIP_MS;
  }

  /** A source's data changed: tells the streams of the followed dashboards with charts on it whose user may read it. */
  async dataChanged(event: eventsV1.DataChanged): Promise<void> {
    const sourceId = event.aggregateId;
    if (!sourceId || this.byDashboard.size === 0 || this.stale(event.occurredAt)) return;
    let charts: dashboardV1.SourceChart[];
    try {
      charts = (await rpc(this.dashboards.listChartsBySource({ dataSourceId: sourceId }))).charts;
    } catch (e) {
      this.logger.warn('live dashboards: cannot read the charts of a changed source', { dataSourceId: sourceId, error: e });
      return;
    }
    const byDashboard = new Map<string, string[]>();
    for (const c of charts) {
      if (c.tab !== 'dashboard' || !this.byDashboard.has(c.dashboardId)) continue;
      const list = byDashboard.get(c.dashboardId) ?? [];
      list.push(c.chartId);
      byDashboard.set(c.dashboardId, list);
    }
    if (byDashboard.size === 0) return;
    let source: dataSourceV1.DataSource | undefined;
    try {
      source = (await readSources(this.sources, [sourceId]))(sourceId);
    } catch (e) {
      this.logger.warn('live dashboards: cannot read a changed source', { dataSourceId: sourceId, error: e });
      return;
    }
    if (!source) return;
    const at = isoOf(event.occurredAt);
    const allowed = new Map<string, boolean>();
    for (const [dashboardId, chartIds] of byDashboard) {
      for (const stream of this.byDashboard.get(dashboardId) ?? []) {
        const userId = stream.user.userId;
        let may = allowed.get(userId);
        if (may === undefined) {
          may = canAccessSource(stream.user, source);
          allowed.set(userId, may);
        }
        if (may) this.push(stream, 'charts-changed', { dashboardId, chartIds, at });
      }
    }
  }

  /** A dashboard was saved: tells the streams following it. */
  dashboardSaved(event: eventsV1.DashboardSaved): void {
    const dashboardId = event.aggregateId;
    const p = event.payload;
    if (!dashboardId || !p || this.stale(event.occurredAt)) return;
    const at = isoOf(event.occurredAt);
    for (const stream of this.byDashboard.get(dashboardId) ?? []) this.push(stream, 'dashboard-saved', { dashboardId, what: p.what, savedBy: p.savedBy, savedByName: p.savedByName, at });
  }

  private push(stream: LiveStream, name: 'charts-changed' | 'dashboard-saved', data: ChartsChangedEvent | DashboardSavedEvent): void {
    try {
      stream.send(name, data);
      this.pushed++;
    } catch (e) {
      this.logger.warn('live dashboards: a stream failed', { error: e });
    }
  }

  /**
   * Publishes `dashboard.saved` after a save answered (a notice: best effort, no outbox; a lost one
   * only means an open page is not offered a reload). Never fails the save.
   */
  async announceSave(user: AuthUser, tab: string, dashboardId: string, what: string): Promise<void> {
    if (!this.bus || !dashboardId) return;
    try {
      await this.bus.publish([asBusMessage(encodeDashboardSaved(dashboardId, { what, savedBy: user.userId, savedByName: user.userName, tab }))]);
    } catch (e) {
      this.logger.warn('live dashboards: cannot announce a dashboard save', { dashboardId, error: e });
    }
  }
}
