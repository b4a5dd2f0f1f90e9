import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { canUseTab } from '@bi/access';
import { subscriptionInputSchema, type RangeFilter, type SubscriptionInput, type SubscriptionRecipient, type SubscriptionSchedule, type SubscriptionTheme } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import { deliveryStatuses, enqueueDeliveries, robotRecipient, type DeliveryAttachment, type DeliveryPayload, type DeliveryStatus } from '@bi/delivery';
import { translate, type Language, type MessageKey } from '@bi/i18n';
import { errorText, Jobs } from '@bi/jobs';
import { encodeReportDelivered, enqueueEvent, OutboxRelay, type EventBus } from '@bi/messaging';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import { resolveRelativeDates } from '@bi/query';
import { CSV_CONTENT_TYPE, renderChartPng, renderDashboardPdf, renderDashboardPng, resultTable, tableToCsv, tableToXlsx, XLSX_CONTENT_TYPE, type DashboardCell } from '@bi/render';
import { chartLocale, type ChartColumn } from '@bi/charts';
import type { Chart } from '@bi/chart-model';
import type { dashboardV1 } from '@bi/proto';
import { CONFIG, DATABASE, EVENT_BUS, isUuid, LOGGER } from '@bi/service-kit';
import { BACKENDS, principalOf, type UserInfo, type WarningBackends } from '../backends.js';
import { formatLocal, type ResultColumn, type Row } from '../evaluate.js';
import { WARNING_SCHEMA } from '../migrations.js';
import { Robots } from '../robots.js';
import { CLOCK, uuidOf, type Clock } from '../warning.engine.js';
import { REPORT_BACKENDS, type ReportBackends } from './backends.js';
import { filterText, filterValues, hasData, reportMail, reportRobotMessage, type ChartTable } from './content.js';
import { dueSubscriptionWindows } from './schedule.js';

/** The @bi/jobs job of subscription runs: item = subscription id, window = the run's window. */
export const SUBSCRIPTIONS_JOB = 'warning.subscriptions';
/** The round that finds due windows (every replica, every 30 s). */
export const SUBSCRIPTION_ROUND_JOB = 'warning.subscription-round';
/** A run that failed before sending (a service down) is tried again this often in all. */
export const SUBSCRIPTION_RUN_ATTEMPTS = 3;
/** The daily @bi/jobs job that prunes the run log (runs older than BI_SUBSCRIPTION_LOG_DAYS): one run per day across replicas. */
export const SUBSCRIPTION_LOG_PRUNE_JOB = 'warning.subscription-log-prune';
/** Its local hour (BI_TIME_ZONE). */
export const SUBSCRIPTION_LOG_PRUNE_HOUR = 3;
/** Runs deleted per statement while pruning (a long-neglected log is deleted in bounded steps). */
const PRUNE_BATCH = 5000;
const DAY_MS = 86_400_000;

export type RunState = 'scheduled' | 'running' | 'delivering' | 'sent' | 'partly_sent' | 'failed' | 'skipped';

export interface RecipientOutcome {
  kind: SubscriptionRecipient['kind'];
  /** user id, address or robot id */
  recipient: string;
  name: string;
  /** pending, sent, failed, not_allowed, skipped */
  status: string;
  /** why it failed or was skipped before sending: a message key, translated when read (the reader's language) */
  reasonKey?: MessageKey;
  reasonParams?: Record<string, string>;
  /** the delivery's recipient: the mail address, or `robot:<id>` (its status and last error are the delivery's) */
  address?: string;
}

export interface Caller {
  userId: string;
  userName: string;
  isAdmin: boolean;
  language: Language;
}

interface SubscriptionRow {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  tab: string;
  dashboard_id: string;
  chart_id: string | null;
  schedule: SubscriptionSchedule;
  time_zone: string;
  recipients: SubscriptionRecipient[];
  filters: RangeFilter[];
  formats: string[];
  subject: string;
  body: string;
  skip_empty: boolean;
  enabled: boolean;
  theme: SubscriptionTheme;
  created_at: Date | string;
  updated_at: Date | string;
}

interface RunRow {
  id: string;
  subscription_id: string;
  run_window: string;
  trigger: 'schedule' | 'manual';
  state: RunState;
  attempts: number;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  error: string | null;
  recipients: RecipientOutcome[];
}

/** What a subscription's files are drawn with (SubscriptionsService.attachments). */
interface Drawing {
  name: string;
  aspects: readonly dashboardV1.GridItem[];
  single: boolean;
  filters: RangeFilter[];
  at: Date;
  timeZone: string;
  theme: SubscriptionTheme;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const EMAIL = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/;
/** The content id of a report's inline picture (the mail's HTML shows it). */
const REPORT_IMAGE_CID = 'report-image';
/** The delivery key of a run (deliveries origin 'run'). */
export const runKey = (subscriptionId: string, window: string) => `${subscriptionId}:${window}`;

/**
 * Report subscriptions (issue 30, docs/adr/0021-report-subscriptions.md): stored in warning.subscriptions;
 * a round on every replica finds each subscription's due windows (its schedule in its time zone) and
 * claims each (subscription, window) as a @bi/jobs run, so it runs once across replicas and restarts;
 * a run reads the dashboard's charts as each recipient (a product user under their own rights, row
 * rules and language; an outside address or robot under the owner's), writes one mail per recipient
 * and one message per chat robot (its vendor's driver: title, summary, link and the PNG) (@bi/delivery,
 * origin 'run', sent by the service's delivery worker with retries) and, once every
 * delivery settled, its final state and ReportDelivered (outbox).
 */
@Injectable()
export class SubscriptionsService implements OnModuleInit, OnModuleDestroy {
  readonly jobs: Jobs;
  private readonly round: { run: () => Promise<number> };
  private readonly pruning: { runDue: () => Promise<unknown[]> };
  private readonly relay: OutboxRelay;
  private readonly runTimeoutMs: number;
  /** called after a run queued its deliveries (the delivery worker sends them now) */
  onDeliveries: () => Promise<unknown> = async () => undefined;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(BACKENDS) private readonly backends: WarningBackends,
    @Inject(REPORT_BACKENDS) private readonly reports: ReportBackends,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly robots: Robots,
  ) {
    this.relay = new OutboxRelay(db, WARNING_SCHEMA, bus, logger);
    this.jobs = new Jobs({ db, schema: WARNING_SCHEMA, timeZone: config.timeZone, clock, logger, retentionDays: config.jobRunsRetentionDays });
    // a run reads every chart of a dashboard for every recipient: each query bounded by BI_QUERY_TIMEOUT_SECONDS
    this.runTimeoutMs = (config.dataSources.queryTimeoutSeconds * 4 + 120) * 1000;
    this.round = this.jobs.registerRound<number>({ name: SUBSCRIPTION_ROUND_JOB, everyMs: 30_000, firstDelayMs: 7_000, handler: ({ now, since }) => this.runDue(now, since), count: (n) => n });
    // the run log keeps BI_SUBSCRIPTION_LOG_DAYS days: pruned once a day, claimed once across replicas
    this.pruning = this.jobs.register({
      name: SUBSCRIPTION_LOG_PRUNE_JOB,
      schedule: { daily: { hour: SUBSCRIPTION_LOG_PRUNE_HOUR } },
      timeoutMs: 15 * 60_000,
      handler: ({ now }) => this.pruneLog(now),
    });
  }

  onModuleInit(): void {
    this.relay.start();
    this.jobs.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.jobs.stop();
    await this.relay.stop();
  }

  /** One round now (gRPC RunDueSubscriptions, tests): answers the runs made. */
  runDueNow(): Promise<number> {
    return this.round.run();
  }

  /** The run log's pruning job now (tests): runs only when its daily window is due and not claimed yet; answers the job runs made. */
  async pruneLogNow(): Promise<number> {
    return (await this.pruning.runDue()).length;
  }

  /**
   * Deletes the run-log rows older than BI_SUBSCRIPTION_LOG_DAYS days (by when the run was created) that
   * are settled — a run still scheduled, running or delivering is kept — with their settled deliveries.
   * Answers the runs deleted.
   */
  async pruneLog(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.config.reports.logDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; subscription_id: string; run_window: string }>(
          `SELECT id, subscription_id, run_window FROM warning.subscription_runs WHERE created_at < $1 AND state NOT IN ('scheduled', 'running', 'delivering') ORDER BY created_at LIMIT $2`,
          [before, PRUNE_BATCH],
        );
        if (!rows.length) return 0;
        await tx.query(`DELETE FROM warning.deliveries WHERE origin = 'run' AND origin_key = ANY($1::text[]) AND status <> 'pending'`, [rows.map((r) => runKey(r.subscription_id, r.run_window))]);
        const r = await tx.query('DELETE FROM warning.subscription_runs WHERE id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
        return r.rowCount;
      });
      deleted += n;
      if (n < PRUNE_BATCH) break;
    }
    if (deleted) this.logger.info('subscription run log pruned', { runs: deleted, before: before.toISOString() });
    return deleted;
  }

  // ---- the store ----

  /** Checks a subscription as sent (the shared schema) and the rules the schema cannot know: outside addresses' domains, robots that exist. */
  private async checkInput(json: string): Promise<SubscriptionInput> {
    let raw: unknown;
    try {
      raw = JSON.parse(json);
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'subscription' });
    }
    const parsed = subscriptionInputSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError('invalid', 'request.invalid', { detail: `${issue.path.join('.')}: ${issue.message}`.slice(0, 200) });
    }
    const input = parsed.data;
    for (const r of input.recipients) {
      if (r.kind === 'email' && !this.domainAllowed(r.address)) throw new AppError('invalid', 'subscription.email_domain', { address: r.address });
      // a chat robot an administrator keeps (a deleted one fails its run's recipient instead)
      if (r.kind === 'robot')
        await this.robots.get(r.robotId).catch((e: unknown) => {
          throw e instanceof AppError && e.kind === 'not_found' ? new AppError('invalid', 'robot.not_found') : e;
        });
    }
    return input;
  }

  /** An outside address is allowed only in a domain BI_REPORT_EMAIL_DOMAINS lists (a sub-domain of one too). */
  domainAllowed(address: string): boolean {
    const domain = EMAIL.exec(address.trim())?.[1]?.toLowerCase();
    if (!domain) return false;
    return this.config.reports.emailDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
  }

  private async load(id: string): Promise<SubscriptionRow> {
    if (!isUuid(id)) throw new AppError('not_found', 'subscription.not_found');
    const { rows } = await this.db.query<SubscriptionRow>('SELECT * FROM warning.subscriptions WHERE id = $1', [id]);
    if (!rows[0]) throw new AppError('not_found', 'subscription.not_found');
    return rows[0];
  }

  private async loadOwn(caller: Caller, id: string): Promise<SubscriptionRow> {
    const row = await this.load(id);
    if (row.owner_id !== caller.userId && !caller.isAdmin) throw new AppError('not_found', 'subscription.not_found');
    return row;
  }

  async save(caller: Caller, json: string): Promise<Record<string, unknown>> {
    const input = await this.checkInput(json);
    await this.target(input.tab, input.dashboardId, input.chartId);
    const zone = input.timeZone ?? this.config.timeZone;
    const values = [
      input.name,
      input.tab,
      input.dashboardId,
      input.chartId ?? null,
      JSON.stringify(input.schedule),
      zone,
      JSON.stringify(input.recipients),
      JSON.stringify(input.filters),
      input.formats,
      input.subject,
      input.body,
      input.skipEmpty,
      input.enabled,
      input.theme,
    ];
    let id = input.id;
    if (id) {
      await this.loadOwn(caller, id);
      await this.db.query(
        `UPDATE warning.subscriptions SET name = $2, tab = $3, dashboard_id = $4, chart_id = $5, schedule = $6, time_zone = $7, recipients = $8, filters = $9,
           formats = $10, subject = $11, body = $12, skip_empty = $13, enabled = $14, theme = $15, updated_at = $16 WHERE id = $1`,
        [id, ...values, this.clock.now()],
      );
    } else {
      id = randomUUID();
      await this.db.query(
        `INSERT INTO warning.subscriptions (id, name, tab, dashboard_id, chart_id, schedule, time_zone, recipients, filters, formats, subject, body, skip_empty, enabled, theme, owner_id, owner_name, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)`,
        [id, ...values, caller.userId, caller.userName, this.clock.now()],
      );
    }
    return (await this.describe([await this.load(id)], caller.language))[0]!;
  }

  async delete(caller: Caller, id: string): Promise<boolean> {
    await this.loadOwn(caller, id);
    await this.db.query('DELETE FROM warning.subscriptions WHERE id = $1', [id]);
    return true;
  }

  async list(caller: Caller, all: boolean): Promise<Record<string, unknown>[]> {
    if (all && !caller.isAdmin) throw new AppError('forbidden', 'auth.forbidden');
    const { rows } = all
      ? await this.db.query<SubscriptionRow>('SELECT * FROM warning.subscriptions ORDER BY created_at DESC LIMIT 1000')
      : await this.db.query<SubscriptionRow>('SELECT * FROM warning.subscriptions WHERE owner_id = $1 ORDER BY created_at DESC LIMIT 1000', [caller.userId]);
    return this.describe(rows, caller.language);
  }

  /** Subscriptions as the API answers them, each with its last run. */
  private async describe(rows: SubscriptionRow[], language: Language): Promise<Record<string, unknown>[]> {
    if (!rows.length) return [];
    const { rows: last } = await this.db.query<RunRow>(
      `SELECT DISTINCT ON (subscription_id) * FROM warning.subscription_runs WHERE subscription_id = ANY($1::uuid[]) ORDER BY subscription_id, created_at DESC`,
      [rows.map((r) => r.id)],
    );
    const runs = new Map((await this.withOutcomes(last, language)).map((r) => [r.subscriptionId as string, r]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      ownerId: r.owner_id,
      ownerName: r.owner_name,
      tab: r.tab,
      dashboardId: r.dashboard_id,
      ...(r.chart_id ? { chartId: r.chart_id } : {}),
      schedule: r.schedule,
      timeZone: r.time_zone,
      recipients: r.recipients,
      filters: r.filters,
      formats: r.formats,
      subject: r.subject,
      body: r.body,
      skipEmpty: r.skip_empty,
      enabled: r.enabled,
      theme: r.theme,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      lastRun: runs.get(r.id) ?? null,
    }));
  }

  async runs(caller: Caller, id: string): Promise<Record<string, unknown>[]> {
    await this.loadOwn(caller, id);
    const { rows } = await this.db.query<RunRow>('SELECT * FROM warning.subscription_runs WHERE subscription_id = $1 ORDER BY created_at DESC LIMIT 100', [id]);
    return this.withOutcomes(rows, caller.language);
  }

  /** Runs with each recipient's outcome: the failures before sending, else its delivery's status and last error. */
  private async withOutcomes(rows: RunRow[], language: Language): Promise<Record<string, unknown>[]> {
    const keys = rows.map((r) => runKey(r.subscription_id, r.run_window));
    const errors = new Map<string, string>();
    if (keys.length) {
      const { rows: d } = await this.db.query<{ origin_key: string; recipient: string; last_error: string | null }>(
        `SELECT origin_key, recipient, last_error FROM warning.deliveries WHERE origin = 'run' AND origin_key = ANY($1::text[])`,
        [keys],
      );
      for (const x of d) if (x.last_error) errors.set(`${x.origin_key}\u0000${x.recipient}`, x.last_error);
    }
    const statuses = await this.recipientStatuses(keys);
    return rows.map((r) => {
      const key = runKey(r.subscription_id, r.run_window);
      const byAddress = statuses.get(key) ?? new Map<string, DeliveryStatus>();
      return {
        id: r.id,
        subscriptionId: r.subscription_id,
        window: r.run_window,
        trigger: r.trigger,
        state: r.state,
        attempts: Number(r.attempts),
        createdAt: iso(r.created_at),
        startedAt: iso(r.started_at),
        finishedAt: iso(r.finished_at),
        error: r.error,
        recipients: r.recipients.map((o) => {
          const status = o.address ? (byAddress.get(o.address) ?? o.status) : o.status;
          const reason = o.reasonKey ? translate(o.reasonKey, language, o.reasonParams ?? {}) : o.address ? (errors.get(`${key}\u0000${o.address}`) ?? '') : '';
          return { kind: o.kind, recipient: o.recipient, name: o.name, status, reason };
        }),
      };
    });
  }

  private async recipientStatuses(keys: string[]): Promise<Map<string, Map<string, DeliveryStatus>>> {
    const out = new Map<string, Map<string, DeliveryStatus>>();
    if (!keys.length) return out;
    const { rows } = await this.db.query<{ origin_key: string; recipient: string; status: DeliveryStatus }>(
      `SELECT origin_key, recipient, status FROM warning.deliveries WHERE origin = 'run' AND origin_key = ANY($1::text[])`,
      [keys],
    );
    for (const r of rows) {
      const m = out.get(r.origin_key) ?? new Map<string, DeliveryStatus>();
      m.set(r.recipient, r.status);
      out.set(r.origin_key, m);
    }
    return out;
  }

  // ---- runs ----

  /** The dashboard (and chart) a subscription sends: refused when gone. */
  private async target(tab: string, dashboardId: string, chartId?: string | null) {
    const dashboard = await this.reports.dashboard(tab, dashboardId).catch((e: unknown) => {
      if (e instanceof AppError && (e.kind === 'not_found' || e.kind === 'invalid')) throw new AppError('invalid', 'subscription.no_dashboard');
      throw e;
    });
    const charts = dashboard.charts.filter((c) => !c.hide && (!chartId || c.chartId === chartId));
    if (chartId && !charts.length) throw new AppError('invalid', 'subscription.no_dashboard');
    return { dashboard, charts };
  }

  /** "Send now": a run in a window of its own (now-<uuid>), claimed and run like a scheduled one. */
  async sendNow(caller: Caller, id: string): Promise<Record<string, unknown>> {
    const sub = await this.loadOwn(caller, id);
    const window = `now-${randomUUID()}`;
    await this.claimAndRun([{ sub, window, trigger: 'manual' }]);
    const { rows } = await this.db.query<RunRow>('SELECT * FROM warning.subscription_runs WHERE subscription_id = $1 AND run_window = $2', [id, window]);
    return (await this.withOutcomes(rows, caller.language))[0] ?? {};
  }

  /** The mail the caller would get (their rights, row rules and language), nothing stored or sent. */
  async preview(caller: Caller, json: string) {
    const input = await this.checkInput(json);
    const user = await this.backends.user(caller.userId);
    if (!user) throw new AppError('forbidden', 'auth.forbidden');
    const sub = { name: input.name, tab: input.tab, dashboard_id: input.dashboardId, chart_id: input.chartId ?? null, filters: input.filters, time_zone: input.timeZone ?? this.config.timeZone, subject: input.subject, body: input.body, formats: input.formats, theme: input.theme } as unknown as SubscriptionRow;
    const { dashboard, charts } = await this.target(sub.tab, sub.dashboard_id, sub.chart_id);
    const filters = this.resolvedFilters(sub, this.clock.now());
    const tables = await this.tables(sub, charts, filters, user);
    const language = caller.language;
    const mail = reportMail({ name: sub.name, subjectTemplate: sub.subject, bodyTemplate: sub.body, values: this.values(sub, dashboard.name, charts, filters, language), tables, language, ...(sub.formats.includes('image') ? { imageCid: REPORT_IMAGE_CID } : {}) });
    const files = await this.attachments(sub.formats, tables, language, this.drawing(sub, dashboard, charts, filters, this.clock.now()));
    // the preview shows the inline picture in place (a mail client resolves cid: from the attachment)
    const image = files.find((a) => a.cid);
    const html = image ? mail.html.replace(`cid:${REPORT_IMAGE_CID}`, `data:image/png;base64,${image.contentBase64}`) : mail.html;
    return { ...mail, html, attachments: files.map((a) => ({ filename: a.filename, contentType: a.contentType, size: Buffer.from(a.contentBase64, 'base64').length })) };
  }

  /**
   * A round: each enabled subscription's windows due since the previous round (catch-up at most a
   * day), and the runs left open (a replica that stopped mid-run: retaken once its deadline passed)
   * or failed before sending (tried again up to SUBSCRIPTION_RUN_ATTEMPTS), claimed and run; then the
   * runs whose deliveries all settled get their final state and ReportDelivered.
   */
  async runDue(now: Date, since?: Date): Promise<number> {
    const { rows: subs } = await this.db.query<SubscriptionRow>('SELECT * FROM warning.subscriptions WHERE enabled');
    const todo: { sub: SubscriptionRow; window: string; trigger: 'schedule' | 'manual' }[] = [];
    for (const sub of subs) for (const window of dueSubscriptionWindows(sub.schedule, sub.time_zone, now, since)) todo.push({ sub, window, trigger: 'schedule' });
    const { rows: open } = await this.db.query<RunRow & { sub: SubscriptionRow }>(
      `SELECT r.*, to_jsonb(s.*) AS sub FROM warning.subscription_runs r JOIN warning.subscriptions s ON s.id = r.subscription_id
       WHERE r.state IN ('scheduled', 'running') OR (r.state = 'failed' AND r.attempts < $1 AND r.finished_at IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM warning.deliveries d WHERE d.origin = 'run' AND d.origin_key = r.subscription_id::text || ':' || r.run_window))`,
      [SUBSCRIPTION_RUN_ATTEMPTS],
    );
    for (const r of open) if (!todo.some((t) => t.sub.id === r.subscription_id && t.window === r.run_window)) todo.push({ sub: r.sub, window: r.run_window, trigger: r.trigger });
    const made = await this.claimAndRun(todo);
    await this.settleDelivered();
    return made;
  }

  private async claimAndRun(todo: { sub: SubscriptionRow; window: string; trigger: 'schedule' | 'manual' }[]): Promise<number> {
    if (!todo.length) return 0;
    const now = this.clock.now();
    // the run log shows a window as scheduled from its claim on
    for (const t of todo)
      await this.db.query(
        `INSERT INTO warning.subscription_runs (id, subscription_id, run_window, trigger, state, created_at) VALUES ($1, $2, $3, $4, 'scheduled', $5) ON CONFLICT (subscription_id, run_window) DO NOTHING`,
        [randomUUID(), t.sub.id, t.window, t.trigger, now],
      );
    const claim = await this.jobs.claim(
      SUBSCRIPTIONS_JOB,
      todo.map((t) => ({ item: t.sub.id, window: t.window })),
      { timeoutMs: this.runTimeoutMs },
    );
    let made = 0;
    for (const t of todo) {
      if (!claim.has(t.sub.id, t.window)) continue;
      made++;
      await claim
        .only([{ item: t.sub.id, window: t.window }])
        .run((signal) => this.execute(t.sub, t.window, signal))
        .catch(async (e: unknown) => {
          this.logger.warn('subscription run failed', { subscriptionId: t.sub.id, window: t.window, error: errorText(e) });
          await this.db.query(`UPDATE warning.subscription_runs SET state = 'failed', finished_at = $3, error = $4 WHERE subscription_id = $1 AND run_window = $2 AND state IN ('scheduled', 'running')`, [
            t.sub.id,
            t.window,
            this.clock.now(),
            e instanceof AppError ? translate(e.key, this.config.defaultLanguage, e.params as Record<string, string>) : errorText(e),
          ]);
        });
    }
    if (made) {
      await this.onDeliveries().catch(() => undefined);
      await this.settleDelivered();
    }
    return made;
  }

  private resolvedFilters(sub: Pick<SubscriptionRow, 'filters' | 'time_zone'>, at: Date): RangeFilter[] {
    return resolveRelativeDates(sub.filters ?? [], at, sub.time_zone);
  }

  private values(sub: Pick<SubscriptionRow, 'tab' | 'dashboard_id' | 'chart_id' | 'time_zone'>, dashboardName: string, charts: { chartId: string; title: string }[], filters: RangeFilter[], language: Language) {
    const link = `${this.config.reports.publicUrl}/#/${sub.tab}/${sub.dashboard_id}${sub.chart_id ? `?chartId=${sub.chart_id}` : ''}`;
    return {
      dashboard: dashboardName,
      chart: sub.chart_id ? (charts[0]?.title ?? '') : charts.map((c) => c.title).join(', '),
      date: formatLocal(this.clock.now(), sub.time_zone).slice(0, 16),
      filters: filterText(filters as never, language),
      link,
    };
  }

  /** Each chart's rows as `reader` may see them (their grants and row rules: chart-query checks and filters as them). */
  private async tables(sub: Pick<SubscriptionRow, 'tab'>, charts: { chartId: string; title: string }[], filters: RangeFilter[], reader: UserInfo): Promise<ChartTable[]> {
    const principal = principalOf(reader);
    const out: ChartTable[] = [];
    for (const c of charts) {
      const record = await this.reports.chart(sub.tab, c.chartId);
      const reply = await this.backends
        .chartValues({
          tab: sub.tab,
          chartId: c.chartId,
          chartJson: record.chartJson,
          viewer: { userId: principal.userId, roleIds: [...principal.roleIds], isAdmin: principal.isAdmin, permissions: [...principal.permissions] },
          checkAccess: true,
          globalFiltersJson: JSON.stringify(filters),
        })
        .catch((e: unknown) => {
          if (e instanceof AppError && e.kind === 'forbidden') return undefined;
          throw e;
        });
      if (!reply) out.push({ chartId: c.chartId, title: c.title, columns: [], rows: [], noAccess: true });
      else out.push({ chartId: c.chartId, title: c.title, columns: JSON.parse(reply.columnsJson) as ResultColumn[], rows: JSON.parse(reply.rowsJson) as Row[], chart: JSON.parse(record.chartJson) as Chart });
    }
    return out;
  }

  /** What a run's (or a preview's) files are drawn with: a one-chart subscription is named after its chart, else the dashboard. */
  private drawing(
    sub: Pick<SubscriptionRow, 'chart_id' | 'time_zone' | 'theme'>,
    dashboard: { name: string; aspects: readonly dashboardV1.GridItem[] },
    charts: readonly { title: string }[],
    filters: RangeFilter[],
    at: Date,
  ): Drawing {
    return { name: sub.chart_id ? (charts[0]?.title ?? dashboard.name) : dashboard.name, aspects: dashboard.aspects, single: !!sub.chart_id, filters, at, timeZone: sub.time_zone, theme: sub.theme };
  }

  /**
   * The files of the chosen formats, drawn by @bi/render for this reader (their rows, language and
   * number units) in the subscription's theme: `image` — the dashboard as its grid (or the one chart) as a PNG shown inline in
   * the mail; `pdf` — the dashboard's pages with the run date and filter values; `xlsx` and `csv` —
   * each chart's rows, one file per chart. A chart the reader may not see is left out of them.
   */
  private async attachments(
    formats: readonly string[],
    tables: readonly ChartTable[],
    language: Language,
    ctx: Drawing,
  ): Promise<DeliveryAttachment[]> {
    const locale = chartLocale(language);
    const { theme } = ctx;
    const seen = tables.filter((t) => !t.noAccess && t.chart);
    const result = (t: ChartTable) => ({ chart: t.chart!, columns: t.columns as unknown as ChartColumn[], rows: t.rows });
    const file = (name: string) => name.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim().slice(0, 80) || 'report';
    const out: DeliveryAttachment[] = [];
    const b64 = (b: Buffer | string) => (typeof b === 'string' ? Buffer.from(b, 'utf8') : b).toString('base64');
    const cells = (): DashboardCell[] =>
      seen.map((t, i) => {
        const a = ctx.aspects.find((x) => x.chartId === t.chartId);
        return { row: a?.row ?? i * 8, col: a?.col ?? 0, sizeX: a?.sizeX || 12, sizeY: a?.sizeY || 8, title: t.title, result: result(t) };
      });
    if (formats.includes('image') && seen.length) {
      const png =
        ctx.single && seen[0]
          ? await renderChartPng({ result: result(seen[0]), width: 960, height: 540, locale, theme })
          : await renderDashboardPng({ title: ctx.name, cells: cells(), locale, theme });
      out.push({ filename: `${file(ctx.name)}.png`, contentType: 'image/png', contentBase64: b64(png), cid: REPORT_IMAGE_CID });
    }
    if (formats.includes('pdf') && seen.length) {
      const filters = ctx.filters
        .filter((f) => Array.isArray(f.range) && f.range.length)
        .map((f) => ({ name: String((f as { title?: unknown }).title || f.name), values: filterValues(f, locale) }));
      const pdf = await renderDashboardPdf({ title: ctx.name, cells: cells(), locale, theme, runAt: ctx.at, timeZone: ctx.timeZone, filters });
      out.push({ filename: `${file(ctx.name)}.pdf`, contentType: 'application/pdf', contentBase64: b64(pdf) });
    }
    for (const t of seen) {
      const table = resultTable(result(t), t.title);
      if (formats.includes('xlsx')) out.push({ filename: `${file(t.title)}.xlsx`, contentType: XLSX_CONTENT_TYPE, contentBase64: b64(await tableToXlsx(table)) });
      if (formats.includes('csv')) out.push({ filename: `${file(t.title)}.csv`, contentType: CSV_CONTENT_TYPE, contentBase64: b64(tableToCsv(table)) });
    }
    return out;
  }

  /**
   * One run: the recipients resolved (a user as themselves; an outside address or a robot as the owner), each
   * one's content made under their rights and in their language, one mail each queued (deliveries
   * keyed by the run and the address: a run retaken after a crash queues nothing twice), the run
   * marked delivering (or skipped when no one had data and the subscription skips empty reports).
   */
  private async execute(sub: SubscriptionRow, window: string, signal: AbortSignal): Promise<void> {
    const now = this.clock.now();
    await this.db.query(`UPDATE warning.subscription_runs SET state = 'running', started_at = $3, attempts = attempts + 1, error = NULL WHERE subscription_id = $1 AND run_window = $2`, [sub.id, window, now]);
    const owner = await this.backends.user(sub.owner_id);
    if (!owner || owner.disabled) throw new AppError('forbidden', 'subscription.reason.no_user');
    const { dashboard, charts } = await this.target(sub.tab, sub.dashboard_id, sub.chart_id);
    const filters = this.resolvedFilters(sub, now);
    const outcomes: RecipientOutcome[] = [];
    /** one message per reader: a mail, or a chat robot's (channel = its vendor, address = robot:<id>) */
    const mails: { address: string; language: Language; tables: ChartTable[]; robot?: { vendor: string } }[] = [];
    const ownerTables = new Map<Language, ChartTable[]>();
    // an outside address and a robot get the owner's view (drawn once per language), read under the owner's rights
    const ownerReads = canUseTab(principalOf(owner), 'dashboard', 'read');
    const ownerView = async (language: Language) => {
      if (!ownerReads) throw new AppError('forbidden', 'subscription.reason.no_access');
      let tables = ownerTables.get(language);
      if (!tables) ownerTables.set(language, (tables = await this.tables(sub, charts, filters, owner)));
      return tables;
    };
    for (const r of sub.recipients) {
      if (signal.aborted) throw new Error('run timed out');
      if (r.kind === 'robot') {
        const address = robotRecipient(r.robotId);
        if (mails.some((m) => m.address === address)) continue;
        const robot = await this.robots.get(r.robotId).catch((e: unknown) => {
          if (e instanceof AppError && e.kind === 'not_found') return undefined;
          throw e;
        });
        if (!robot) {
          outcomes.push({ kind: 'robot', recipient: r.robotId, name: r.robotId, status: 'failed', reasonKey: 'robot.not_found' });
          continue;
        }
        const language = owner.language ?? this.config.defaultLanguage;
        outcomes.push({ kind: 'robot', recipient: r.robotId, name: robot.name, status: 'pending', address });
        mails.push({ address, language, tables: await ownerView(language), robot: { vendor: robot.vendor } });
        continue;
      }
      if (r.kind === 'email') {
        const language = owner.language ?? this.config.defaultLanguage;
        if (!this.domainAllowed(r.address)) {
          outcomes.push({ kind: 'email', recipient: r.address, name: r.address, status: 'failed', reasonKey: 'subscription.email_domain', reasonParams: { address: r.address } });
          continue;
        }
        outcomes.push({ kind: 'email', recipient: r.address, name: r.address, status: 'pending', address: r.address });
        mails.push({ address: r.address, language, tables: await ownerView(language) });
        continue;
      }
      const user = r.userId === owner.userId ? owner : await this.backends.user(r.userId);
      const language = user?.language ?? this.config.defaultLanguage;
      if (!user || user.disabled) {
        outcomes.push({ kind: 'user', recipient: r.userId, name: user?.userName ?? r.userId, status: 'failed', reasonKey: 'subscription.reason.no_user' });
        continue;
      }
      if (!canUseTab(principalOf(user), 'dashboard', 'read')) {
        outcomes.push({ kind: 'user', recipient: r.userId, name: user.userName, status: 'failed', reasonKey: 'subscription.reason.no_access' });
        continue;
      }
      const address = EMAIL.test(user.userName) ? user.userName : undefined;
      if (!address) {
        outcomes.push({ kind: 'user', recipient: r.userId, name: user.userName, status: 'failed', reasonKey: 'subscription.reason.no_mail' });
        continue;
      }
      outcomes.push({ kind: 'user', recipient: r.userId, name: user.userName, status: 'pending', address });
      mails.push({ address, language, tables: await this.tables(sub, charts, filters, user) });
    }
    // skip when there is no data: a reader without rows gets nothing
    const queued: typeof mails = [];
    for (const m of mails) {
      const o = outcomes.find((x) => x.address === m.address && x.status === 'pending')!;
      if (sub.skip_empty && !hasData(m.tables)) {
        o.status = 'skipped';
        o.reasonKey = 'subscription.reason.no_data';
        delete o.address;
      } else queued.push(m);
    }
    const key = runKey(sub.id, window);
    // the files of each reader, drawn before the transaction (readers who share a view share the drawing)
    const drawn = new Map<ChartTable[], DeliveryAttachment[]>();
    const drawing = this.drawing(sub, dashboard, charts, filters, now);
    for (const m of queued) if (!m.robot && !drawn.has(m.tables)) drawn.set(m.tables, await this.attachments(sub.formats, m.tables, m.language, drawing));
    // a robot always gets the picture (whatever the formats): the one the mails of the same view carry, else drawn for it
    const pictures = new Map<ChartTable[], string | undefined>();
    for (const m of queued)
      if (m.robot && !pictures.has(m.tables)) {
        const image = drawn.get(m.tables)?.find((a) => a.cid) ?? (await this.attachments(['image'], m.tables, m.language, drawing)).find((a) => a.cid);
        pictures.set(m.tables, image?.contentBase64);
      }
    await this.db.transaction(async (tx) => {
      for (const m of queued) {
        const values = this.values(sub, dashboard.name, charts, filters, m.language);
        if (m.robot) {
          const message = reportRobotMessage({ name: sub.name, subjectTemplate: sub.subject, bodyTemplate: sub.body, values, tables: m.tables, language: m.language });
          const image = pictures.get(m.tables);
          const payload: DeliveryPayload = { ...message, link: values.link, ...(image ? { imageBase64: image } : {}), eventId: uuidOf(`${key}:${m.address}`) };
          await enqueueDeliveries(tx, WARNING_SCHEMA, { origin: 'run', originKey: key, targets: [{ channel: m.robot.vendor, recipient: m.address }], payload });
          continue;
        }
        const attachments = drawn.get(m.tables) ?? [];
        const mail = reportMail({ name: sub.name, subjectTemplate: sub.subject, bodyTemplate: sub.body, values, tables: m.tables, language: m.language, ...(attachments.some((a) => a.cid) ? { imageCid: REPORT_IMAGE_CID } : {}) });
        await enqueueDeliveries(tx, WARNING_SCHEMA, {
          origin: 'run',
          originKey: key,
          targets: [{ channel: 'mail', recipient: m.address }],
          payload: { subject: mail.subject, text: mail.text, html: mail.html, ...(attachments.length ? { attachments } : {}), eventId: uuidOf(`${key}:${m.address}`) },
        });
      }
      const state: RunState = queued.length ? 'delivering' : outcomes.some((o) => o.status === 'skipped') && !outcomes.some((o) => o.status === 'failed') ? 'skipped' : 'failed';
      await tx.query(
        `UPDATE warning.subscription_runs SET state = $3, recipients = $4, finished_at = CASE WHEN $3 = 'delivering' THEN NULL ELSE $5::timestamptz END WHERE subscription_id = $1 AND run_window = $2`,
        [sub.id, window, state, JSON.stringify(outcomes), this.clock.now()],
      );
      if (state !== 'delivering') await this.delivered(tx, sub, window, state, outcomes);
    });
  }

  /** Runs whose deliveries all settled: sent (all), partly_sent (some), failed (none); ReportDelivered in the same transaction. */
  async settleDelivered(): Promise<number> {
    const { rows } = await this.db.query<RunRow & { sub: SubscriptionRow }>(
      `SELECT r.*, to_jsonb(s.*) AS sub FROM warning.subscription_runs r JOIN warning.subscriptions s ON s.id = r.subscription_id WHERE r.state = 'delivering'`,
    );
    if (!rows.length) return 0;
    const statuses = await deliveryStatuses(this.db, WARNING_SCHEMA, 'run', rows.map((r) => runKey(r.subscription_id, r.run_window)));
    const byAddress = await this.recipientStatuses(rows.map((r) => runKey(r.subscription_id, r.run_window)));
    let settled = 0;
    for (const r of rows) {
      const list = statuses.get(runKey(r.subscription_id, r.run_window)) ?? [];
      if (list.some((d) => d.status === 'pending')) continue;
      const sent = list.filter((d) => d.status === 'sent').length;
      const before = r.recipients.filter((o) => o.status === 'failed').length;
      const state: RunState = sent === 0 ? 'failed' : sent === list.length && before === 0 ? 'sent' : 'partly_sent';
      const addresses = byAddress.get(runKey(r.subscription_id, r.run_window)) ?? new Map<string, DeliveryStatus>();
      const outcomes = r.recipients.map((o) => (o.address ? { ...o, status: addresses.get(o.address) ?? o.status } : o));
      const done = await this.db.transaction(async (tx) => {
        const u = await tx.query(`UPDATE warning.subscription_runs SET state = $3, recipients = $4, finished_at = $5 WHERE subscription_id = $1 AND run_window = $2 AND state = 'delivering'`, [
          r.subscription_id,
          r.run_window,
          state,
          JSON.stringify(outcomes),
          this.clock.now(),
        ]);
        if (!u.rowCount) return false;
        await this.delivered(tx, r.sub, r.run_window, state, outcomes);
        return true;
      });
      if (done) settled++;
    }
    if (settled) void this.relay.nudge();
    return settled;
  }

  private async delivered(tx: SqlExecutor, sub: SubscriptionRow, window: string, state: RunState, outcomes: RecipientOutcome[]): Promise<void> {
    await enqueueEvent(
      tx,
      WARNING_SCHEMA,
      encodeReportDelivered(
        sub.id,
        {
          window,
          state,
          dashboardId: sub.dashboard_id,
          chartId: sub.chart_id ?? '',
          ownerId: sub.owner_id,
          formats: sub.formats,
          // reasons in BI_DEFAULT_LANGUAGE (a refused mail: the server's own words)
          recipientsJson: JSON.stringify(outcomes.map((o) => ({ kind: o.kind, recipient: o.recipient, status: o.status, reason: o.reasonKey ? translate(o.reasonKey, this.config.defaultLanguage, o.reasonParams ?? {}) : '' }))),
          name: sub.name,
        },
        uuidOf(`report:${runKey(sub.id, window)}`),
      ),
    );
  }
}
