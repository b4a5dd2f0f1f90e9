import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { findWarnField, warnConfigSchema, warnFields, warnItems, warnValueType, type Chart, type ChartField, type WarnConfig, type WarnItem, type WarnListName } from '@bi/chart-model';
import { chartLocale, formatReadable } from '@bi/charts';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import { LANGUAGES, translate, type Language } from '@bi/i18n';
import { Jobs } from '@bi/jobs';
import {
  encodeAlertTriggered,
  encodeWarningMessageCreated,
  enqueueEvent,
  idempotent,
  OutboxRelay,
  TOPICS,
  type EventBus,
  type Subscription,
} from '@bi/messaging';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import { eventsV1, type chartQueryV1, type warningV1 } from '@bi/proto';
import { CONFIG, DATABASE, EVENT_BUS, LOGGER, isUuid } from '@bi/service-kit';
import { canReadSource, rowRulesFingerprint, type Principal } from '@bi/access';
import { AppError } from '@bi/core';
import { enqueueDeliveries, robotRecipient } from '@bi/delivery';
import { BACKENDS, principalOf, type UserInfo, type WarningBackends } from './backends.js';
import { webhookChannel } from './channels.js';
import { evaluateRule, formatLocal, shouldFire, timedWindow, type ResultColumn, type Row, type RuleOutcome } from './evaluate.js';
import { ALERT_RULES_JOB, TIMED_ALERTS_JOB, WARNING_SCHEMA } from './migrations.js';

/** The clock of the scheduler (tests hand in a fake one). */
export const CLOCK = Symbol('WARNING_CLOCK');
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

interface StoredChart {
  chart_id: string;
  tab: string;
  dashboard_id: string;
  owner_id: string;
  title: string;
  chart_json: Chart;
  /** the chart's version the rules were read at (a newer one stored meanwhile makes the evaluation stale) */
  version: number | string;
}

interface StoredRule {
  rule_id: string;
  chart_id: string;
  list: WarnListName;
  item: WarnItem;
  user_id: string;
  timed: boolean;
}

type DueRule = StoredRule & StoredChart & { window: string };

/** A rule's run in @bi/jobs: `<chart_id>/<rule_id>` (a chart id has no '/'), in its evaluation window. */
const runKey = (r: DueRule) => ({ item: `${r.chart_id}/${r.rule_id}`, window: r.window });

/** Why a rule is not evaluated: its owner can no longer read the chart's source, or no longer exists. */
export type PauseReason = 'no_access' | 'no_owner';

/** What a recipient other than the rule's owner may see of the values (docs/api/warning.md "Who sees the values"). */
export interface SourceAccess {
  dataSourceId: string;
  createdById: string;
  rowRulesJson: string;
}

/**
 * Whether a recipient sees the values a rule found as its owner: they may read the source and the
 * source's row-level rules give them the same rows as the owner (same fingerprint); otherwise they
 * get the message without values. The decision is @bi/access's.
 */
export function recipientSeesValues(owner: Principal, recipient: Principal | undefined, source: SourceAccess): boolean {
  if (!recipient) return false;
  if (recipient.userId === owner.userId) return true;
  if (!canReadSource(recipient, source)) return false;
  return rowRulesFingerprint(recipient, source) === rowRulesFingerprint(owner, source);
}

export interface RoundResult {
  evaluated: number;
  fired: number;
  queries: number;
}

/** JSON with sorted keys: a rule as sent and as stored (jsonb reorders keys) compare equal. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** A UUID derived from a text: the same firing always gets the same event id. */
export function uuidOf(text: string): `${string}-${string}-${string}-${string}-${string}` {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A compared value as the reader reads it: numbers in the field's format and the locale's units (1亿, 1億, 100M). */
function readableValue(value: unknown, field: ChartField | undefined, language: Language): string {
  if (value === null || value === undefined) return '—';
  if (field && warnValueType(field) !== 'number') return String(value);
  return typeof value === 'number' || typeof value === 'string' ? formatReadable(value, field?.formatter, chartLocale(language)) : String(value);
}

/** The rule's conditions in a language, their values written as the chart writes them (formatReadable). */
export function conditionText(item: WarnItem, language: Language, fields: readonly ChartField[] = []): string {
  const parts = item.warnConditions.map((c) => {
    const name = c.axisField.axisTitle || c.axisField.axisName;
    const field = findWarnField(fields, c.axisField);
    const v = (x: unknown) => readableValue(x, field, language);
    if (c.compare === 'between') return `${name} ${translate('warn.op.between', language, { left: v(c.compareValueLeft), right: v(c.compareValueRight) })}`;
    if (c.compare === 'like' || c.compare === 'notLike') return `${name} ${translate(`warn.op.${c.compare}`, language)} ${String(c.compareValue)}`;
    return `${name} ${c.compare} ${v(c.compareValue)}`;
  });
  return parts.join(` ${translate(item.logic === 1 ? 'warn.logic.all' : 'warn.logic.any', language)} `);
}

/** The values that met the rule (by field title, evaluateRule), written as the chart writes them. */
export function valueText(found: RuleOutcome['found'], item?: WarnItem, fields: readonly ChartField[] = [], language: Language = 'zh-CN'): string {
  if (!found) return '';
  // the titles evaluateRule keys the values by, back to their fields (for their formatters)
  const byTitle = new Map<string, ChartField>();
  for (const c of item?.warnConditions ?? []) {
    const field = findWarnField(fields, c.axisField);
    if (field) byTitle.set(c.axisField.axisTitle || field.title || c.axisField.axisName, field);
  }
  const values = Object.entries(found.values)
    .map(([k, v]) => `${k} = ${readableValue(v, byTitle.get(k), language)}`)
    .join(', ');
  return found.category ? `${found.category}: ${values}` : values;
}

/**
 * The alert engine: keeps the rules of every chart from ChartChanged events, evaluates immediate rules
 * on DataChanged and timed rules at their hour (BI_TIME_ZONE; the round is a @bi/jobs round), each
 * (rule, window) claimed as a @bi/jobs run first so replicas evaluate it once (a run record with its
 * state, a timeout); one ChartValues query per chart per evaluation, shared
 * by its rules; the transition rule fires; a firing writes the messages, AlertTriggered,
 * WarningMessageCreated and the deliveries in one transaction.
 */
@Injectable()
export class WarningEngine implements OnModuleInit, OnModuleDestroy {
  private readonly relay: OutboxRelay;
  private subscriptions: Subscription[] = [];
  /** the scheduler: the timed round, the (rule, window) claims and their run records (warning.job_runs) */
  readonly jobs: Jobs;
  /** the timed rules' round: every 30 s on each replica (an hour's window is claimed once, whichever round sees it first) */
  private readonly timedRound: { run: () => Promise<RoundResult> };
  /** a chart's evaluation still going after this (its query bounded by BI_QUERY_TIMEOUT_SECONDS) is timed out and may be claimed again */
  private readonly evaluationTimeoutMs: number;
  /** called after a commit that wrote deliveries (the delivery worker sends them now) */
  onDeliveries: () => void = () => undefined;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(BACKENDS) private readonly backends: WarningBackends,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.relay = new OutboxRelay(db, WARNING_SCHEMA, bus, logger);
    this.jobs = new Jobs({ db, schema: WARNING_SCHEMA, timeZone: config.timeZone, clock, logger, retentionDays: config.jobRunsRetentionDays });
    this.evaluationTimeoutMs = (config.dataSources.queryTimeoutSeconds + 120) * 1000;
    this.timedRound = this.jobs.registerRound<RoundResult>({
      name: TIMED_ALERTS_JOB,
      everyMs: 30_000,
      firstDelayMs: 5_000,
      handler: ({ now, since }) => this.evaluateDue(now, since),
      count: (r) => r.evaluated,
    });
  }

  async onModuleInit(): Promise<void> {
    this.relay.start();
    // one Kafka group per topic: members of one group must subscribe to the same topics
    this.subscriptions.push(
      await this.bus.subscribe(TOPICS.chartChanged, 'warning-charts', idempotent(this.db, WARNING_SCHEMA, 'chart-changed', async (m, tx) => void (await this.keepRules(tx, eventsV1.ChartChanged.decode(m.value))))),
      await this.bus.subscribe(TOPICS.dataChanged, 'warning-data', async (m) => {
        const e = eventsV1.DataChanged.decode(m.value);
        await this.evaluateSource(e.aggregateId, `data-${e.payload?.dataVersion ?? 0}`);
      }),
    );
    this.jobs.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.jobs.stop();
    await Promise.all(this.subscriptions.map((s) => s.close()));
    await this.relay.stop();
  }

  /**
   * Keeps a chart's rules as its newest ChartChanged event describes them (or KeepChart, the BFF's
   * call at the save, with the same version). Alerts exist on the dashboard tab only. Rules are keyed
   * by (chart, warnId): one chart's rule never shadows another's; their state survives an edit.
   */
  async keepRules(tx: SqlExecutor, e: eventsV1.ChartChanged): Promise<string[]> {
    const p = e.payload;
    if (!p) return [];
    const chartId = e.aggregateId;
    const version = Number(p.version);
    const deleted = await tx.query<{ version: number }>('SELECT version FROM warning.deleted_charts WHERE chart_id = $1', [chartId]);
    if (deleted.rows.length && Number(deleted.rows[0]!.version) >= version) return [];
    const current = await tx.query<{ version: number }>('SELECT version FROM warning.charts WHERE chart_id = $1 FOR UPDATE', [chartId]);
    if (current.rows.length && Number(current.rows[0]!.version) >= version) return [];
    const chart = p.changeKind === 'saved' && p.chartJson ? this.chartOf(chartId, p.chartJson) : undefined;
    const items = p.tab === 'dashboard' ? warnItems(chart?.warnConfigData) : [];
    if (!chart || items.length === 0) {
      await tx.query('DELETE FROM warning.charts WHERE chart_id = $1', [chartId]);
      await tx.query('DELETE FROM warning.rule_state WHERE chart_id = $1', [chartId]);
      if (!chart)
        await tx.query('INSERT INTO warning.deleted_charts (chart_id, version) VALUES ($1, $2) ON CONFLICT (chart_id) DO UPDATE SET version = EXCLUDED.version', [chartId, version]);
      return [];
    }
    await tx.query(
      `INSERT INTO warning.charts (chart_id, tab, dashboard_id, owner_id, data_source_id, title, chart_json, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
       ON CONFLICT (chart_id) DO UPDATE SET tab = EXCLUDED.tab, dashboard_id = EXCLUDED.dashboard_id, owner_id = EXCLUDED.owner_id,
         data_source_id = EXCLUDED.data_source_id, title = EXCLUDED.title, chart_json = EXCLUDED.chart_json, version = EXCLUDED.version, updated_at = now()`,
      [chartId, p.tab, p.dashboardId, p.dashboardOwnerId, chart.dataSourceId, chart.title, JSON.stringify(chart), version],
    );
    const before = new Map(
      (await tx.query<{ rule_id: string; item: WarnItem; user_id: string }>('SELECT rule_id, item, user_id FROM warning.rules WHERE chart_id = $1', [chartId])).rows.map((r) => [
        r.rule_id,
        canonical(r.item) + r.user_id,
      ]),
    );
    await tx.query('DELETE FROM warning.rules WHERE chart_id = $1', [chartId]);
    // the owner: the user who last saved the alerts (set by the BFF, a copy's copier), else the dashboard's creator
    const userId = chart.warnConfigData?.userId || p.dashboardOwnerId;
    const ids: string[] = [];
    const changed: string[] = [];
    for (const [i, { list, item }] of items.entries()) {
      const ruleId = item.warnId || `${chartId}:${list}:${i}`;
      ids.push(ruleId);
      if (before.get(ruleId) !== canonical(item) + userId) changed.push(ruleId);
      await tx.query(
        `INSERT INTO warning.rules (rule_id, chart_id, list, item, user_id, enabled, timed, hour) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (chart_id, rule_id) DO NOTHING`,
        [ruleId, chartId, list, JSON.stringify(item), userId, item.isSwitch === true, item.warnTime === 1, item.warnTime === 1 ? (item.warnExactTime ?? 0) : null],
      );
    }
    await tx.query('DELETE FROM warning.rule_state WHERE chart_id = $1 AND NOT (rule_id = ANY($2::text[]))', [chartId, ids]);
    return changed;
  }

  /**
   * The chart of a ChartChanged event or a KeepChart call (JSON text), its alerts read once with their
   * wire schema (@bi/chart-model warnConfigSchema, docs/adr/0010-wire-schemas.md). The dashboard service
   * stored them checked; alerts the schema refuses are kept as none (logged), not run half-read.
   */
  private chartOf(chartId: string, chartJson: string): Chart {
    const chart = JSON.parse(chartJson) as Chart;
    if (chart.warnConfigData === undefined || chart.warnConfigData === null) return chart;
    const alerts = warnConfigSchema.safeParse(chart.warnConfigData);
    if (alerts.success) return { ...chart, warnConfigData: JSON.parse(JSON.stringify(alerts.data)) as WarnConfig };
    const issue = alerts.error.issues[0]!;
    this.logger.warn('alerts of a chart not kept: they do not fit the alert schema', { chartId, path: issue.path.join('.'), issue: issue.message });
    return { ...chart, warnConfigData: undefined };
  }

  /**
   * A chart just saved (KeepChart, called by the BFF before the save answers): its rules at the save's
   * version, then its new or changed immediate rules (and any not established yet) evaluated against
   * the data of now (window save-<version>), so their state is established against the data current
   * at the save, and a data change handled next — whatever the order of ChartChanged and DataChanged —
   * compares with it. An unchanged rule keeps its state (an editor's save of the rest of the chart
   * costs no query).
   */
  async keepChart(req: warningV1.KeepChartRequest): Promise<warningV1.KeepChartReply> {
    if (!isUuid(req.chartId) || !isUuid(req.dashboardId) || !(Number(req.version) > 0)) throw new AppError('invalid', 'request.invalid', { detail: 'chart' });
    const event = {
      aggregateId: req.chartId,
      payload: { changeKind: 'saved', dashboardId: req.dashboardId, tab: req.tab, chartJson: req.chartJson, dashboardOwnerId: req.dashboardOwnerId, version: Number(req.version) },
    } as eventsV1.ChartChanged;
    const changed = await this.db.transaction((tx) => this.keepRules(tx, event));
    // the rules this save added or changed (or their owner), and any not established yet; an unchanged rule keeps its state
    const { rows } = await this.db.query<StoredRule & StoredChart>(
      `SELECT r.rule_id, r.chart_id, r.list, r.item, r.user_id, r.timed, c.tab, c.dashboard_id, c.owner_id, c.title, c.chart_json, c.version
       FROM warning.rules r JOIN warning.charts c ON c.chart_id = r.chart_id
       LEFT JOIN warning.rule_state s ON s.chart_id = r.chart_id AND s.rule_id = r.rule_id
       WHERE c.chart_id = $1 AND r.enabled AND NOT r.timed AND (s.rule_id IS NULL OR r.rule_id = ANY($2::text[]))`,
      [req.chartId, changed],
    );
    const r = await this.evaluateGroups(rows.map((x) => ({ ...x, window: `save-${Number(x.version)}` })), true);
    return { evaluated: r.evaluated, fired: r.fired };
  }

  /** Each alert of a chart as the engine runs it (the alert dialog): active, paused (with why), off. */
  async ruleStates(chartId: string): Promise<warningV1.RuleStatesReply> {
    if (!isUuid(chartId)) return { states: [] };
    const { rows } = await this.db.query<{ rule_id: string; enabled: boolean; paused: string | null; is_true: boolean | null }>(
      `SELECT r.rule_id, r.enabled, s.paused, s.is_true FROM warning.rules r
       LEFT JOIN warning.rule_state s ON s.chart_id = r.chart_id AND s.rule_id = r.rule_id WHERE r.chart_id = $1`,
      [chartId],
    );
    return {
      states: rows.map((r) => ({ warnId: r.rule_id, state: !r.enabled ? 'off' : r.paused ? 'paused' : 'active', reason: r.paused ?? '', isTrue: r.is_true === true })),
    };
  }

  /** The immediate rules of every chart on a source, for one data version. */
  async evaluateSource(dataSourceId: string, window: string): Promise<RoundResult> {
    const { rows } = await this.db.query<StoredRule & StoredChart>(
      `SELECT r.rule_id, r.chart_id, r.list, r.item, r.user_id, r.timed, c.tab, c.dashboard_id, c.owner_id, c.title, c.chart_json, c.version
       FROM warning.rules r JOIN warning.charts c ON c.chart_id = r.chart_id
       WHERE c.data_source_id = $1 AND r.enabled AND NOT r.timed`,
      [dataSourceId],
    );
    return this.evaluateGroups(rows.map((r) => ({ ...r, window })));
  }

  /**
   * One round of the scheduler now (@bi/jobs round TIMED_ALERTS_JOB): the timed rules due now,
   * catching up the hours of the day that passed since the previous round of any replica (none before
   * the first round ever), then records how far the rounds have come.
   */
  tick(): Promise<RoundResult> {
    return this.timedRound.run();
  }

  /**
   * The timed rules due at `at` (default: the clock's now), each in its hour's window; with `since`
   * also the windows of that day whose hour was not over at `since` (catch-up, see timedWindow).
   */
  async evaluateDue(at: Date = this.clock.now(), since?: Date): Promise<RoundResult> {
    const { rows } = await this.db.query<StoredRule & StoredChart & { hour: number }>(
      `SELECT r.rule_id, r.chart_id, r.list, r.item, r.user_id, r.timed, r.hour, c.tab, c.dashboard_id, c.owner_id, c.title, c.chart_json, c.version
       FROM warning.rules r JOIN warning.charts c ON c.chart_id = r.chart_id
       WHERE r.enabled AND r.timed`,
    );
    const windows = new Map<number, string | null>();
    const due: DueRule[] = [];
    for (const r of rows) {
      if (!windows.has(r.hour)) windows.set(r.hour, timedWindow(r.hour, at, this.config.timeZone, since));
      const w = windows.get(r.hour);
      if (w) due.push({ ...r, window: w });
    }
    return this.evaluateGroups(due);
  }

  private async evaluateGroups(rules: DueRule[], rethrow = false): Promise<RoundResult> {
    const byChart = new Map<string, DueRule[]>();
    for (const r of rules) {
      const list = byChart.get(r.chart_id) ?? [];
      list.push(r);
      byChart.set(r.chart_id, list);
    }
    const total: RoundResult = { evaluated: 0, fired: 0, queries: 0 };
    const groups = [...byChart.values()];
    // a few charts at a time: chart-query bounds the queries per source anyway
    let next = 0;
    const worker = async () => {
      while (next < groups.length) {
        const g = groups[next++]!;
        const r = await this.evaluateCurrent(g).catch((e) => {
          this.logger.warn('alert evaluation failed', { chartId: g[0]!.chart_id, error: e });
          if (rethrow) throw e;
          return { evaluated: 0, fired: 0, queries: 0 };
        });
        total.evaluated += r.evaluated;
        total.fired += r.fired;
        total.queries += r.queries;
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, groups.length) }, worker));
    return total;
  }

  /**
   * One chart's due rules, against its current rule set: when a newer version of the chart's rules was
   * stored while they were evaluated (a save's KeepChart or its ChartChanged), the evaluation is
   * dropped and its immediate rules are evaluated again, as they are now, in the same window (timed
   * rules: the next round, within their hour).
   */
  private async evaluateCurrent(rules: DueRule[]): Promise<RoundResult> {
    let due = rules;
    for (let attempt = 0; ; attempt++) {
      const r = await this.evaluateChart(due);
      if (r !== 'stale') return r;
      const first = due[0]!;
      if (first.timed || attempt >= 5) return { evaluated: 0, fired: 0, queries: 1 };
      const { rows } = await this.db.query<StoredRule & StoredChart>(
        `SELECT r.rule_id, r.chart_id, r.list, r.item, r.user_id, r.timed, c.tab, c.dashboard_id, c.owner_id, c.title, c.chart_json, c.version
         FROM warning.rules r JOIN warning.charts c ON c.chart_id = r.chart_id
         WHERE c.chart_id = $1 AND r.enabled AND NOT r.timed`,
        [first.chart_id],
      );
      if (!rows.length) return { evaluated: 0, fired: 0, queries: 1 };
      due = rows.map((x) => ({ ...x, window: first.window }));
    }
  }

  /**
   * One chart's due rules: claim, then run as the rules' owner — their grants and row rules now
   * (identity's GetUserGrants → a Principal of @bi/access). An owner who no longer exists, or may no
   * longer read the chart's source (chart-query refuses with forbidden), pauses the rules: their state
   * is stored, nothing is evaluated, and the owner's bell gets one message when they become paused.
   * Otherwise one query, evaluate, record state and fire (one transaction, in which the chart's
   * version is checked: 'stale' when newer rules were stored meanwhile).
   * The claim is a @bi/jobs run per (rule, window): a failed or timed-out evaluation may be claimed
   * again (a redelivery or the next round tries again), a stale one is given back.
   */
  private async evaluateChart(rules: DueRule[]): Promise<RoundResult | 'stale'> {
    const claim = await this.jobs.claim(ALERT_RULES_JOB, rules.map(runKey), { timeoutMs: this.evaluationTimeoutMs });
    const todo = rules.filter((r) => claim.has(runKey(r).item, r.window));
    if (!todo.length) return { evaluated: 0, fired: 0, queries: 0 };
    return claim.run(() => this.evaluateClaimed(todo), { release: (r) => r === 'stale' });
  }

  /** evaluateChart's work over the rules this replica claimed. */
  private async evaluateClaimed(todo: DueRule[]): Promise<RoundResult | 'stale'> {
    const first = todo[0]!;
    const chart = first.chart_json;
    const ownerId = first.user_id || first.owner_id;
    const owner: UserInfo | undefined = ownerId ? await this.backends.user(ownerId) : undefined;
    let reply: chartQueryV1.ChartValuesReply | undefined;
    let paused: PauseReason | '' = '';
    if (!owner || owner.disabled) paused = 'no_owner';
    else {
      const principal = principalOf(owner);
      reply = await this.backends
        .chartValues({
          tab: first.tab,
          chartId: first.chart_id,
          chartJson: JSON.stringify(chart),
          viewer: { userId: principal.userId, roleIds: [...principal.roleIds], isAdmin: principal.isAdmin, permissions: [...principal.permissions] },
          checkAccess: true,
          globalFiltersJson: '',
        })
        .catch((e: unknown) => {
          if (e instanceof AppError && e.kind === 'forbidden') return undefined;
          throw e;
        });
      if (!reply) paused = 'no_access';
    }
    if (paused) return this.pause(todo, paused, owner);
    const columns = JSON.parse(reply!.columnsJson) as ResultColumn[];
    const rows = JSON.parse(reply!.rowsJson) as Row[];
    const source: SourceAccess = { dataSourceId: reply!.dataSourceId || chart.dataSourceId, createdById: reply!.sourceCreatedById, rowRulesJson: reply!.rowRulesJson };
    let fired = 0;
    const outcomes = todo.map((r) => ({ rule: r, outcome: evaluateRule(r.item, warnFields(chart, r.list), columns, rows) }));
    // the recipients' names, languages and grants, read before the transaction (no call to another service while it is open)
    const users = new Map<string, UserInfo | undefined>([[owner!.userId, owner]]);
    if (outcomes.some((o) => o.outcome.met))
      for (const id of new Set(todo.flatMap((r) => [r.user_id, r.owner_id]).filter(Boolean)))
        if (!users.has(id)) users.set(id, await this.backends.user(id).catch(() => undefined));
    const stale = await this.db.transaction(async (tx) => {
      if (await this.isStale(tx, first)) return true;
      for (const { rule, outcome } of outcomes) {
        const prev = await tx.query<{ is_true: boolean }>('SELECT is_true FROM warning.rule_state WHERE chart_id = $1 AND rule_id = $2 FOR UPDATE', [rule.chart_id, rule.rule_id]);
        const wasTrue = prev.rows[0]?.is_true === true;
        await tx.query(
          `INSERT INTO warning.rule_state (chart_id, rule_id, is_true, last_window, evaluated_at, paused) VALUES ($1, $2, $3, $4, now(), '')
           ON CONFLICT (chart_id, rule_id) DO UPDATE SET is_true = EXCLUDED.is_true, last_window = EXCLUDED.last_window, evaluated_at = now(), paused = ''`,
          [rule.chart_id, rule.rule_id, outcome.met, rule.window],
        );
        if (shouldFire(wasTrue, outcome.met)) {
          await this.fire(tx, rule, outcome, users, owner!, source);
          fired++;
        }
      }
      return false;
    });
    if (stale) return 'stale';
    if (fired) {
      void this.relay.nudge();
      this.onDeliveries();
    }
    return { evaluated: todo.length, fired, queries: 1 };
  }

  /** The chart's rules were replaced (or removed) since `rule` was read. Locks the chart's row for the transaction. */
  private async isStale(tx: SqlExecutor, rule: DueRule): Promise<boolean> {
    const now = await tx.query<{ version: number | string }>('SELECT version FROM warning.charts WHERE chart_id = $1 FOR SHARE', [rule.chart_id]);
    return !now.rows.length || Number(now.rows[0]!.version) !== Number(rule.version);
  }

  /**
   * Rules whose owner can no longer run them: their state says paused (nothing evaluated, the
   * condition's last value kept), and the owner's bell gets one message when a rule becomes paused
   * (not again while it stays paused). They resume by themselves at an evaluation the owner may run.
   */
  private async pause(todo: DueRule[], reason: PauseReason, owner: UserInfo | undefined): Promise<RoundResult | 'stale'> {
    const first = todo[0]!;
    let messages = 0;
    const stale = await this.db.transaction(async (tx) => {
      if (await this.isStale(tx, first)) return true;
      for (const rule of todo) {
        const prev = await tx.query<{ paused: string }>('SELECT paused FROM warning.rule_state WHERE chart_id = $1 AND rule_id = $2 FOR UPDATE', [rule.chart_id, rule.rule_id]);
        await tx.query(
          `INSERT INTO warning.rule_state (chart_id, rule_id, is_true, last_window, evaluated_at, paused) VALUES ($1, $2, false, $3, now(), $4)
           ON CONFLICT (chart_id, rule_id) DO UPDATE SET last_window = EXCLUDED.last_window, evaluated_at = now(), paused = EXCLUDED.paused`,
          [rule.chart_id, rule.rule_id, rule.window, reason],
        );
        if (prev.rows[0]?.paused || !owner || owner.disabled) continue;
        await this.pausedMessage(tx, rule, owner);
        messages++;
      }
      return false;
    });
    if (stale) return 'stale';
    if (messages) void this.relay.nudge();
    this.logger.info('alert rules paused', { chartId: first.chart_id, rules: todo.length, reason });
    return { evaluated: 0, fired: 0, queries: reason === 'no_access' ? 1 : 0 };
  }

  /** The owner's bell: "paused: you can no longer see this chart's data source" (every language). */
  private async pausedMessage(tx: SqlExecutor, rule: DueRule, owner: UserInfo): Promise<void> {
    const key = `paused:${rule.chart_id}:${rule.rule_id}:${rule.window}`;
    const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, translate('warn.paused_message', lang, { chart: rule.title, warn: rule.item.warnName })])) as Record<Language, string>;
    const id = randomUUID();
    const now = this.clock.now();
    const r = await tx.query(
      `INSERT INTO warning.messages (id, user_id, firing_key, chart_id, dashboard_id, tab, warn_id, warn_name, texts, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (firing_key, user_id) DO NOTHING`,
      [id, owner.userId, key, rule.chart_id, rule.dashboard_id, rule.tab, rule.rule_id, rule.item.warnName, JSON.stringify(texts), now],
    );
    if (r.rowCount === 0) return;
    await enqueueEvent(
      tx,
      WARNING_SCHEMA,
      encodeWarningMessageCreated(owner.userId, {
        warnMessageId: id,
        userId: owner.userId,
        dashboardId: rule.dashboard_id,
        chartId: rule.chart_id,
        warnName: rule.item.warnName,
        createDate: formatLocal(now, this.config.timeZone),
      }),
    );
  }

  /**
   * Messages per recipient (every language; the bell shows the reader's), AlertTriggered,
   * WarningMessageCreated and deliveries of one firing. Recipients: the rule's owner (who it ran as)
   * and the dashboard's creator; one who may not see the owner's rows (recipientSeesValues) gets the
   * message without values. The mail, the webhook and AlertTriggered carry the owner's view, in the
   * owner's language (else the dashboard owner's; mail addresses and webhooks name no user),
   * BI_DEFAULT_LANGUAGE if neither chose one.
   */
  private async fire(tx: SqlExecutor, rule: DueRule, outcome: RuleOutcome, users: ReadonlyMap<string, UserInfo | undefined>, owner: UserInfo, source: SourceAccess): Promise<void> {
    const item = rule.item;
    const firingKey = `${rule.rule_id}:${rule.window}`;
    const recipients = [...new Set([owner.userId, rule.owner_id].filter(Boolean))];
    const texts = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, translate('warn.message', lang, { chart: rule.title, warn: item.warnName, condition: conditionText(item, lang, warnFields(rule.chart_json, rule.list)), value: valueText(outcome.found, item, warnFields(rule.chart_json, rule.list), lang) })]),
    ) as Record<Language, string>;
    // a recipient who may not see the owner's rows gets the message without values
    const withoutValues = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, translate('warn.message_no_values', lang, { chart: rule.title, warn: item.warnName, condition: conditionText(item, lang) })]),
    ) as Record<Language, string>;
    const ownerPrincipal = principalOf(owner);
    const now = this.clock.now();
    // the chat robots the alert names (issue 30) that still exist, each sent through its vendor's driver
    const robots = item.robotIds?.length
      ? (await tx.query<{ id: string; vendor: string }>(`SELECT id::text, vendor FROM warning.robots WHERE id = ANY($1::uuid[])`, [item.robotIds])).rows
      : [];
    const names: string[] = [];
    for (const userId of recipients) {
      const info = users.get(userId);
      names.push(info?.userName ?? userId);
      const seen = recipientSeesValues(ownerPrincipal, info && !info.disabled ? principalOf(info) : undefined, source) ? texts : withoutValues;
      const id = randomUUID();
      const r = await tx.query(
        `INSERT INTO warning.messages (id, user_id, firing_key, chart_id, dashboard_id, tab, warn_id, warn_name, texts, is_send_mail, is_send_wechat, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (firing_key, user_id) DO NOTHING`,
        [id, userId, firingKey, rule.chart_id, rule.dashboard_id, rule.tab, rule.rule_id, item.warnName, JSON.stringify(seen), item.isSendMail === true, item.isSendWechat === true || robots.length > 0, now],
      );
      if (r.rowCount === 0) continue;
      await enqueueEvent(
        tx,
        WARNING_SCHEMA,
        encodeWarningMessageCreated(userId, {
          warnMessageId: id,
          userId,
          dashboardId: rule.dashboard_id,
          chartId: rule.chart_id,
          warnName: item.warnName,
          createDate: formatLocal(now, this.config.timeZone),
        }),
      );
    }
    const language = owner.language ?? users.get(rule.owner_id)?.language ?? this.config.defaultLanguage;
    const alert = {
      dashboardId: rule.dashboard_id,
      warnName: item.warnName,
      message: texts[language],
      language,
      userNames: names,
      tab: rule.tab,
      warnId: rule.rule_id,
      chartTitle: rule.title,
      idempotencyKey: firingKey,
      window: rule.window,
      conditionsJson: JSON.stringify(
        item.warnConditions.map((c) => ({ field: c.axisField.axisName, title: c.axisField.axisTitle ?? '', aggregator: c.axisField.aggregator ?? '', compare: c.compare, compareValue: c.compareValue ?? null, compareValueLeft: c.compareValueLeft ?? null, compareValueRight: c.compareValueRight ?? null })),
      ),
      valuesJson: JSON.stringify(outcome.found ?? {}),
      logic: item.logic,
    };
    await enqueueEvent(tx, WARNING_SCHEMA, encodeAlertTriggered(rule.chart_id, alert, uuidOf(firingKey)));
    const subject = translate('warn.mail_subject', language, { warn: item.warnName, chart: rule.title });
    // one delivery per (recipient, channel) of the firing (@bi/delivery); the messages' statuses are read from them
    const targets = [
      ...(item.isSendMail ? (item.mailTo ?? []).map((recipient) => ({ channel: 'mail', recipient })) : []),
      ...(item.isSendWechat && item.webhookUrl ? [{ channel: webhookChannel(item.webhookFormat), recipient: item.webhookUrl }] : []),
      ...robots.map((r) => ({ channel: r.vendor, recipient: robotRecipient(r.id) })),
    ];
    await enqueueDeliveries(tx, WARNING_SCHEMA, {
      origin: 'firing',
      originKey: firingKey,
      targets,
      payload: { subject, text: texts[language], eventId: uuidOf(firingKey), data: { chartId: rule.chart_id, eventId: uuidOf(firingKey), ...alert } },
    });
  }
}
