import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import type { Cache } from '@bi/cache';
import { DRILL_LIMITS, detailFilterSchema, drilledChart, headlineChart, headlineValue, requestFilters, textIssue, type Chart, type RangeFilter } from '@bi/chart-model';
import { buildOption, warningText, type ChartMeta, type JsonObject } from '@bi/charts';
import type { AppConfig } from '@bi/config';
import { canReadSource, userPrincipal } from '@bi/access';
import { AppError, type Logger } from '@bi/core';
import { resolveLanguage, translate } from '@bi/i18n';
import type { chartQueryV1, dashboardV1, dataSourceQueryV1 } from '@bi/proto';
import { DETAIL_MAX_ROWS, buildDetailQuery, buildFieldRangeQuery, compile, fieldRangeOf, normalizeRows, rollupMissText, type CompiledQuery, type DetailFilter, type QueryIR } from '@bi/query';
import { INPUT_BOUNDS } from '@bi/rules';
import { CACHE, CONFIG, LOGGER, serviceClients, tabOrInvalid, type ServiceClients } from '@bi/service-kit';
import type { z } from 'zod';
import {
  CHART_ROW_LIMIT,
  answerKey,
  chartColumns,
  dialectOf,
  fieldRangeKey,
  isEmptyChart,
  labelsFor,
  planChart,
  chartQueryFilters,
  plotLineValues,
  queryAppError,
  querySourceOf,
  rowObjects,
  sourceFieldsOf,
  viewerRowFilter,
  type SourceDescription,
} from './chart-plan.js';
import { resultCachePrefix } from './result-cache.js';
import { KeyedSemaphore } from './semaphore.js';
import { SharedScans } from './shared-scan.js';
import { keptRollupsOf, withRollup, type RollupMeta } from './rollups.js';
import { RollupKeeper, type RollupBackends } from './rollup-keeper.js';
import { RollupHits, type RollupHitsBackend } from './rollup-hits.js';
import { BACKENDS, type ChartQueryBackends } from './backends.js';

export { BACKENDS, type ChartQueryBackends } from './backends.js';

/** The answer of RunChart (docs/api/chart.md ChartAnswer). */
export interface ChartAnswer {
  option: JsonObject;
  chart: Chart;
  meta: ChartMeta & { rowCount: number; truncated: boolean; empty: boolean; dataVersion: number; computedAt: string; drill?: DrillMeta; rollup?: RollupMeta };
  dataSourceName: string;
}


/** The gRPC clients of dashboard and data-source (its DataSourceQueryService), from service-kit's factory. */
export class GrpcBackends implements ChartQueryBackends, RollupBackends, RollupHitsBackend, OnModuleDestroy {
  private readonly clients: ServiceClients<'dashboard' | 'data-source'>;

  constructor(config: AppConfig) {
    this.clients = serviceClients(config, ['dashboard', 'data-source']);
  }

  getChart(tab: string, chartId: string): Promise<dashboardV1.ChartRecord> {
    const { dashboard } = this.clients;
    return dashboard.call(dashboard.service.getChart({ tab, chartId }));
  }
  describe(dataSourceId: string) {
    const source = this.clients['data-source'];
    return source.call(source.query.describe({ dataSourceId }));
  }
  runQuery(req: dataSourceQueryV1.RunQueryRequest) {
    // the database cancels a query after the timeout; the call waits a little longer for that answer
    const source = this.clients['data-source'];
    return source.call(source.query.runQuery(req), 'query');
  }
  listChartsBySource(dataSourceId: string): Promise<dashboardV1.ListChartsBySourceReply> {
    const { dashboard } = this.clients;
    return dashboard.call(dashboard.service.listChartsBySource({ dataSourceId }));
  }
  keepRollups(req: dataSourceQueryV1.KeepRollupsRequest) {
    // a build scans the source: the query deadline
    const source = this.clients['data-source'];
    return source.call(source.query.keepRollups(req), 'query');
  }
  getDashboard(tab: string, dashboardId: string): Promise<dashboardV1.DashboardContent> {
    const { dashboard } = this.clients;
    return dashboard.call(dashboard.service.getDashboard({ tab, dashboardId }));
  }
  recordRollupHits(req: dataSourceQueryV1.RecordRollupHitsRequest) {
    const source = this.clients['data-source'];
    return source.call(source.query.recordRollupHits(req));
  }
  onModuleDestroy(): void {
    this.clients.close();
  }
}

/** A query written for the dialect; what the compiler refuses becomes the user's message (queryAppError). */
function compiledOrRefused(q: QueryIR, dialect: ReturnType<typeof dialectOf>): CompiledQuery {
  try {
    return compile(q, dialect);
  } catch (e) {
    throw queryAppError(e);
  }
}

/**
 * A refusal of a filter wire schema (@bi/chart-model) with the keys the values' checks of @bi/query answer for
 * the same value (chart.invalid_characters, chart.value_too_long, chart.too_many_values: the filter's field
 * named); any other shape is request.invalid with `detail`.
 */
function filterRefusal(issue: z.core.$ZodIssue, items: unknown, detail: string): AppError {
  const at = issue.path;
  const listAt = at.findIndex((p) => p === 'range' || p === 'compareValue' || p === 'compareValueLeft' || p === 'compareValueRight');
  const owner = listAt > 0 ? (at.slice(0, listAt).reduce<unknown>((o, k) => (o as Record<PropertyKey, unknown>)?.[k], items) as { name?: unknown; field?: { name?: unknown } }) : undefined;
  const name = String(owner?.field?.name ?? owner?.name ?? '');
  const isValue = listAt > 0 && (at[listAt] !== 'range' || at.length === listAt + 2);
  if (isValue && textIssue(issue)) return new AppError('invalid', 'chart.invalid_characters', { name });
  if (isValue && issue.code === 'too_big' && issue.origin === 'string') return new AppError('invalid', 'chart.value_too_long', { name, max: INPUT_BOUNDS.filterValueChars });
  if (listAt > 0 && at[listAt] === 'range' && at.length === listAt + 1 && issue.code === 'too_big') return new AppError('invalid', 'chart.too_many_values', { name, count: (owner as { range: unknown[] }).range.length, max: INPUT_BOUNDS.filterValues });
  return new AppError('invalid', 'request.invalid', { detail });
}

/** A JSON text field of a request (from the BFF), parsed once with its wire schema; '' → undefined. */
function parseWire<T>(json: string, schema: z.ZodType, what: string, expected: string, isList = false): T | undefined {
  if (!json) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: `${what}: not JSON` });
  }
  if (isList && !Array.isArray(v)) throw new AppError('invalid', 'request.invalid', { detail: `${what}: expected ${expected}` });
  const r = schema.safeParse(v);
  if (!r.success) throw filterRefusal(r.error.issues[0]!, v, `${what}: expected ${expected}`);
  return r.data as T;
}

/** A filter list of a request (@bi/chart-model requestFilters). */
function parseList(json: string, what: string): RangeFilter[] | undefined {
  return parseWire<RangeFilter[]>(json, requestFilters, what, 'a list of filters', true);
}

/** The detail dialog's filter (@bi/chart-model detailFilterSchema). */
function parseDetailFilter(json: string): DetailFilter | undefined {
  return parseWire<DetailFilter>(json, detailFilterSchema, 'filter', '{logic, filterItems}');
}

/** meta.drill of an answer of a chart with a hierarchy (docs/api/chart.md "Drill-down"): the path, the level shown, the levels with their source titles. */
export interface DrillMeta {
  path: string[];
  level: number;
  levels: { name: string; title: string; dataType: string; granularity?: number }[];
}

const sourceTitle = (source: SourceDescription, name: string) => source.fields.find((f) => f.name === name)?.title || name;

function drillMeta(chart: Chart, source: SourceDescription, path: readonly string[]): DrillMeta {
  return { path: [...path], level: path.length, levels: (chart.drill ?? []).map((l) => ({ ...l, title: l.name === chart.points[0]?.name && chart.points[0]?.title ? chart.points[0].title : sourceTitle(source, l.name) })) };
}

/** The chart as drawn at the drilled level, its drilled dimension named by the chart's alias of the field, else the source's title. */
function drawnChart(chart: Chart, source: SourceDescription, path: readonly string[]): Chart {
  const drawn = drilledChart(chart, path);
  if (drawn === chart) return chart;
  const [first, ...rest] = drawn.points;
  // the chart's own alias of the field where it has one (a date drilled by period keeps its name), else the source's title
  const alias = chart.points.find((p) => p.name === first!.name && p.title?.trim())?.title;
  return { ...drawn, points: [{ ...first!, title: alias || sourceTitle(source, first!.name) }, ...rest] };
}

/** The drill path of a request (JSON text from the BFF): a bounded list; its fit to the chart is checked when the query is built (@bi/query drillPlan). */
function parseDrill(json: string): string[] | undefined {
  if (!json) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: 'drill: not JSON' });
  }
  if (!Array.isArray(v) || v.length > DRILL_LIMITS.maxLevels - 1 || v.some((x) => typeof x !== 'string')) throw new AppError('invalid', 'chart.drill_invalid', { detail: 'expected a list of texts' });
  return v.length > 0 ? (v as string[]) : undefined;
}

/**
 * RunChart and Details (docs/api/chart.md). A chart answer is computed once per cache key: the key
 * hashes the query IR (with every filter value), the dialect, the source's data version, the chart
 * and the language, under the source's prefix (dropped on its DataChanged). The answer is cached as
 * the JSON text that is sent, so nothing parses or re-serialises it on a hit. Identical requests in
 * flight share one computation (cache.withLock); each source runs at most
 * BI_CHART_SOURCE_CONCURRENCY queries at once in this process.
 */
@Injectable()
export class ChartRunner {
  private readonly perSource: KeyedSemaphore;
  /** main queries of a source waiting together with the same grouping run as one (shared-scan.ts) */
  private readonly sharedScans: SharedScans;
  private readonly defaultTtlMs: number;
  /** the product's time zone (BI_TIME_ZONE): relative date presets are read in it */
  private readonly timeZone: string;
  /** BI_ROLLUPS: covered charts are answered from the source's kept rollups (rollups.ts) */
  private readonly rollups: boolean;

  constructor(
    @Inject(BACKENDS) private readonly backends: ChartQueryBackends,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly keeper?: RollupKeeper,
    @Optional() private readonly hits?: RollupHits,
  ) {
    this.perSource = new KeyedSemaphore(config.charts.sourceConcurrency);
    this.sharedScans = new SharedScans((req) => this.backends.runQuery(req), this.perSource);
    this.defaultTtlMs = config.charts.defaultCacheSeconds * 1000;
    this.timeZone = config.timeZone;
    this.rollups = config.charts.rollups;
  }

  /** Lifetime of a source's answers: its cache interval (minutes), else the default. */
  ttlMs(source: SourceDescription): number {
    return source.cacheInterval > 0 ? source.cacheInterval * 60_000 : this.defaultTtlMs;
  }

  async runChart(req: chartQueryV1.RunChartRequest): Promise<chartQueryV1.RunChartReply> {
    const tab = tabOrInvalid(req.tab);
    const chart = await this.chartOf(tab, req.chartId, req.chartJson);
    const language = resolveLanguage(req.language);
    const innerFilters = parseList(req.innerFiltersJson, 'innerFilters');
    const globalFilters = parseList(req.globalFiltersJson, 'globalFilters') ?? [];
    const drill = parseDrill(req.drillJson);
    if (isEmptyChart(chart)) {
      const source = chart.dataSourceId ? (req.source ?? (await this.backends.describe(chart.dataSourceId))) : undefined;
      return { answerJson: JSON.stringify(this.emptyAnswer(chart, source, language)), cached: false };
    }
    const source = req.source ?? (await this.backends.describe(chart.dataSourceId));
    const dialect = dialectOf(source);
    // the caller's row-level rules are a filter of every query: part of the IR, so of the cache key
    // the drill path is part of the IR (the drilled dimension, the path's filters), so of the cache key
    const plan = planChart({ chart, source, innerFilters, globalFilters, viewer: req.viewer, clock: { now: new Date(), timeZone: this.timeZone }, drill });
    const page = chart.type === 'table' ? { index: Math.max(1, req.pageIndex || 1), size: Math.min(Math.max(1, req.pageSize || 20), 500) } : undefined;
    // which rollups may serve it (meta.rollup says which did): an answer kept before a rollup was built, or
    // before the source's rollups were switched off or on, is not the answer now (issue 31)
    const rollupState = !this.rollups ? '' : source.rollupsOff ? ':rollups-off' : `:${keptRollupsOf(source).map((r) => r.id).join(',')}`;
    const key = resultCachePrefix(source.dataSourceId) + answerKey(plan, { dialect, dataVersion: source.dataVersion, sourceName: source.name, chart, language, page }) + rollupState;

    const hit = await this.cache.get(key);
    if (hit !== undefined) {
      this.logger.debug('chart answer from cache', { chartId: chart.chartId, dataSourceId: source.dataSourceId });
      return { answerJson: hit, cached: true };
    }
    return this.cache.withLock(key, async () => {
      // a computation that finished while this caller waited for the lock already filled the cache
      const filled = await this.cache.get(key);
      if (filled !== undefined) return { answerJson: filled, cached: true };
      const started = Date.now();
      const answerJson = JSON.stringify(await this.compute(chart, source, plan, language, page, req.alone === true, drill ?? []));
      const ttlMs = this.ttlMs(source);
      await this.cache.set(key, answerJson, ttlMs);
      this.logger.debug('chart answer computed', { chartId: chart.chartId, dataSourceId: source.dataSourceId, ttlMs, bytes: answerJson.length, elapsedMs: Date.now() - started });
      return { answerJson, cached: false };
    });
  }

  /**
   * The rows of the chart's main query as the chart runs it with its stored filters, the given global
   * filters (a report subscription's; alerts give none) and the viewer's row rules: what alert rules
   * compare and report subscriptions send (warning service). Not cached.
   */
  async chartValues(req: chartQueryV1.ChartValuesRequest): Promise<chartQueryV1.ChartValuesReply> {
    const tab = tabOrInvalid(req.tab);
    const chart = await this.chartOf(tab, req.chartId, req.chartJson);
    if (isEmptyChart(chart)) return { columnsJson: '[]', rowsJson: '[]', truncated: false, dataVersion: 0, dataSourceId: '', sourceCreatedById: '', rowRulesJson: '' };
    const source = await this.backends.describe(chart.dataSourceId);
    // work on someone's behalf (an alert's owner): the one access policy decides, on the source's description
    if (req.checkAccess) {
      const v = req.viewer;
      const principal = userPrincipal({ userId: v?.userId ?? '', isAdmin: v?.isAdmin === true, permissions: v?.permissions ?? [], roleIds: v?.roleIds ?? [] });
      if (!principal.userId || !canReadSource(principal, { dataSourceId: source.dataSourceId, createdById: source.createdById })) throw new AppError('forbidden', 'chart.no_source_permission');
    }
    const { main, reply, rows } = await this.mainRows(chart, source, parseList(req.globalFiltersJson, 'globalFilters') ?? [], req.viewer, new Date(), CHART_ROW_LIMIT);
    return {
      columnsJson: JSON.stringify(chartColumns(chart, main.columns)),
      rowsJson: JSON.stringify(rows),
      truncated: reply.truncated,
      dataVersion: source.dataVersion,
      dataSourceId: source.dataSourceId,
      sourceCreatedById: source.createdById,
      rowRulesJson: source.rowRulesJson,
    };
  }

  /**
   * The headline numbers of several charts in one call (relation-map node values, docs/api/relation.md):
   * per item the chart reduced to its first value field (@bi/chart-model headlineChart; a progress chart's
   * ratio value / target, headlineValue, with its percent formatter) under the item's
   * filters, through the same plan and compile path as a run; items run side by side (each source within
   * its limit). A failing item answers its message and does not fail the others. Not cached.
   */
  async chartHeadlines(req: chartQueryV1.ChartHeadlinesRequest): Promise<chartQueryV1.ChartHeadlinesReply> {
    if (req.items.length > INPUT_BOUNDS.filters * 10) throw new AppError('invalid', 'request.invalid', { detail: 'too many items' });
    const language = resolveLanguage(req.language);
    const now = new Date();
    this.logger.debug('chart headlines', { items: req.items.length });
    const headlines = await Promise.all(
      req.items.map(async (item): Promise<chartQueryV1.Headline> => {
        const none = { key: item.key, hasValue: false, value: 0, formatterJson: '', error: '' };
        try {
          const stored = await this.chartOf(tabOrInvalid(item.tab), item.chartId, item.chartJson);
          const chart = headlineChart(stored);
          if (!chart) return none;
          const source = item.source ?? (await this.backends.describe(chart.dataSourceId));
          const { main, rows } = await this.mainRows(chart, source, parseList(item.filtersJson, 'filters') ?? [], req.viewer, now, 2);
          const row = rows[0];
          const measures = main.columns.filter((c) => c.role === 'measure');
          const numberOf = (v: unknown): number | null => {
            const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
            return Number.isFinite(n) ? n : null;
          };
          // the number the chart shows (a progress chart: its ratio value / target), with its formatter
          const { value, formatter } = headlineValue(stored, (measures.length ? measures : main.columns.slice(0, 1)).map((c) => (row ? numberOf(row[c.alias]) : null)));
          const n = value !== null && Number.isFinite(value) ? value : null;
          return { ...none, hasValue: n !== null, value: n ?? 0, formatterJson: formatter ? JSON.stringify(formatter) : '' };
        } catch (e) {
          const err = e instanceof AppError ? e : undefined;
          const requestId = randomUUID();
          if (!err) this.logger.error('chart headline failed', { chartId: item.chartId, requestId, error: e });
          return { ...none, error: err ? translate(err.key, language, err.params as Record<string, string | number>) : translate('query.failed', language, { requestId }) };
        }
      }),
    );
    return { headlines };
  }

  /**
   * A chart's main query as a run plans and compiles it (under these filters and the viewer's row
   * rules), run for at most `rowLimit` rows: what chartValues and chartHeadlines read.
   */
  private async mainRows(chart: Chart, source: dataSourceQueryV1.SourceDescription, globalFilters: RangeFilter[], viewer: chartQueryV1.Viewer | undefined, now: Date, rowLimit: number) {
    const plan = planChart({ chart, source, globalFilters, viewer, clock: { now, timeZone: this.timeZone } });
    const dialect = dialectOf(source);
    const rolled = withRollup(plan.main, source, dialect, this.rollups);
    // alert values and headlines read a rollup too: a hit (the source page's count)
    if (rolled.meta.used) this.hits?.count(rolled.meta.id, source.dataSourceId);
    const ran = async (q: QueryIR) => {
      const compiled = compiledOrRefused(q, dialect);
      return { main: compiled, reply: await this.run(source.dataSourceId, compiled, rowLimit) };
    };
    const { value } = await this.rollupOrSource(rolled.meta, source.dataSourceId, () => ran(rolled.q), () => ran(plan.main));
    const { main, reply } = value;
    return { main, reply, rows: rowObjects(main.columns, normalizeRows(JSON.parse(reply.rowsJson) as unknown[][], main.columns)) };
  }

  /** Raw rows under the chart's filters and the detail dialog's (and, with pointKey, behind one point), one page (not cached). */
  async details(req: chartQueryV1.DetailsRequest): Promise<chartQueryV1.DetailsReply> {
    const tab = tabOrInvalid(req.tab);
    const chart = await this.chartOf(tab, req.chartId, req.chartJson);
    if (!chart.dataSourceId) throw new AppError('invalid', 'chart.source_required');
    const source = req.source ?? (await this.backends.describe(chart.dataSourceId));
    const detailFilter = parseDetailFilter(req.detailFilterJson);
    const page = Math.max(1, req.page || 1);
    const pageSize = Math.min(Math.max(1, req.pageSize || 500), DETAIL_MAX_ROWS);
    const filters = chartQueryFilters(chart, source, parseList(req.innerFiltersJson, 'innerFilters'), parseList(req.globalFiltersJson, 'globalFilters') ?? [], { now: new Date(), timeZone: this.timeZone });
    let compiled: CompiledQuery;
    let counting: CompiledQuery | undefined;
    try {
      const ir = buildDetailQuery(chart, querySourceOf(source, req.viewer), sourceFieldsOf(source), {
        innerFilters: filters.innerFilters,
        globalFilters: filters.globalFilters,
        detailFilter,
        pointKey: req.pointKey || undefined,
        search: req.search || undefined,
        rowFilter: viewerRowFilter(source, req.viewer),
        drill: parseDrill(req.drillJson),
        page,
        pageSize,
      });
      // one row more tells whether another page follows
      compiled = compile({ ...ir, limit: pageSize + 1 }, dialectOf(source));
      // the first page also tells how many rows there are in all (the dialog keeps it while paging)
      if (page === 1) counting = compile({ ...ir, count: true }, dialectOf(source));
    } catch (e) {
      throw queryAppError(e);
    }
    const reply = await this.run(source.dataSourceId, compiled, pageSize + 1);
    const cells = normalizeRows(JSON.parse(reply.rowsJson) as unknown[][], compiled.columns);
    // a first page that holds every row is its own count; only a fuller one asks the database (an
    // export, one page of at most the export limit, never does unless it is refused anyway)
    const counted = counting && cells.length > pageSize ? await this.run(source.dataSourceId, counting, 1) : undefined;
    const totalCell = counted ? (JSON.parse(counted.rowsJson) as unknown[][])[0]?.[0] : counting ? cells.length : undefined;
    const total = totalCell === undefined || totalCell === null ? undefined : Number(totalCell);
    const titles = new Map(source.fields.map((f) => [f.name, f.title]));
    return {
      answerJson: JSON.stringify({
        columns: compiled.columns.map((c) => ({ key: c.alias, name: c.field, title: titles.get(c.field) || c.field, dataType: c.dataType })),
        rows: rowObjects(compiled.columns, cells.slice(0, pageSize)),
        page,
        pageSize,
        hasMore: cells.length > pageSize,
        ...(total !== undefined && Number.isFinite(total) ? { total } : {}),
      }),
    };
  }

  /**
   * The values a filter field of the chart's source offers (the inner and global filter bars): bounded,
   * parameters only; kept like chart answers — under the source's prefix (dropped on its DataChanged),
   * keyed by the query (row rules and search included) and the source's data version, for the source's
   * cache interval; identical requests in flight share one query.
   */
  async fieldRange(req: chartQueryV1.FieldRangeRequest): Promise<chartQueryV1.FieldRangeReply> {
    const tab = tabOrInvalid(req.tab);
    const chart = await this.chartOf(tab, req.chartId, req.chartJson);
    if (!chart.dataSourceId) throw new AppError('invalid', 'chart.source_required');
    const source = req.source ?? (await this.backends.describe(chart.dataSourceId));
    let plan: ReturnType<typeof buildFieldRangeQuery>;
    try {
      plan = buildFieldRangeQuery(querySourceOf(source, req.viewer), sourceFieldsOf(source), req.field, {
        search: req.search || undefined,
        limit: req.limit || undefined,
        rowFilter: viewerRowFilter(source, req.viewer),
      });
    } catch (e) {
      throw queryAppError(e);
    }
    // from the smallest kept rollup that covers it (a text field's values and counts, a number's or a
    // date's bounds), else from the source — the same choice as a chart's; the key holds the SQL written
    const dialect = dialectOf(source);
    const rolled = withRollup(plan.query, source, dialect, this.rollups);
    const compiled = compiledOrRefused(rolled.q, dialect);
    const key = resultCachePrefix(source.dataSourceId) + fieldRangeKey(compiled, { field: req.field, limit: plan.limit, dialect, dataVersion: source.dataVersion });
    const hit = await this.cache.get(key);
    if (hit !== undefined) return { answerJson: hit };
    return this.cache.withLock(key, async () => {
      const filled = await this.cache.get(key);
      if (filled !== undefined) return { answerJson: filled };
      if (rolled.meta.used) {
        this.logger.debug('field values from rollup', { chartId: chart.chartId, dataSourceId: source.dataSourceId, field: req.field, rollupId: rolled.meta.id, rows: rolled.meta.rows });
        this.hits?.count(rolled.meta.id, source.dataSourceId);
      } else {
        this.logger.debug('field values not from a rollup', { chartId: chart.chartId, dataSourceId: source.dataSourceId, field: req.field, reason: rolled.meta.reason });
        // as a chart run's miss: a change of the source's row rules has the rollups chosen again
        this.keeper?.noteMiss(source);
      }
      const { value: reply } = await this.rollupOrSource(
        rolled.meta,
        source.dataSourceId,
        () => this.run(source.dataSourceId, compiled, plan.limit + 1),
        () => this.run(source.dataSourceId, compiledOrRefused(plan.query, dialect), plan.limit + 1),
      );
      const rows = rowObjects(compiled.columns, normalizeRows(JSON.parse(reply.rowsJson) as unknown[][], compiled.columns));
      const answerJson = JSON.stringify(fieldRangeOf(plan, rows));
      await this.cache.set(key, answerJson, this.ttlMs(source));
      return { answerJson };
    });
  }

  private async chartOf(tab: string, chartId: string, chartJson: string): Promise<Chart> {
    const json = chartJson || (await this.backends.getChart(tab, chartId)).chartJson;
    return JSON.parse(json) as Chart;
  }

  /**
   * Runs what was written for a kept rollup (`meta.used`); when the engine refuses it (query.failed: the rollup's
   * table went — a rebuild, an append's merge or the switch replaced it after the source was described), runs what
   * is written for the source instead, and says so. Anything else (a timeout) is the caller's.
   */
  private async rollupOrSource<T>(meta: RollupMeta, dataSourceId: string, fromRollup: () => Promise<T>, fromSource: () => Promise<T>): Promise<{ value: T; replaced?: RollupMeta }> {
    try {
      return { value: await fromRollup() };
    } catch (e) {
      if (!meta.used || !(e instanceof AppError && e.key === 'query.failed')) throw e;
      this.logger.warn('a query from a rollup failed; ran from the source', { dataSourceId, rollupId: meta.id, error: e });
      return { value: await fromSource(), replaced: { used: false, reason: rollupMissText({ reason: 'replaced', id: meta.id }) } };
    }
  }

  private run(dataSourceId: string, compiled: CompiledQuery, rowLimit: number) {
    return this.perSource.run(dataSourceId, () => this.backends.runQuery({ dataSourceId, sql: compiled.sql, paramsJson: JSON.stringify(compiled.params), rowLimit }));
  }

  private async compute(
    chart: Chart,
    source: SourceDescription,
    plan: ReturnType<typeof planChart>,
    language: ReturnType<typeof resolveLanguage>,
    page: { index: number; size: number } | undefined,
    alone: boolean,
    drill: readonly string[] = [],
  ): Promise<ChartAnswer> {
    // drawn at the drilled level; the answer's `chart` stays the stored one (the editor and the dialogs read it), meta.drill says the level
    const drawn = drawnChart(chart, source, drill);
    const dialect = dialectOf(source);
    // each query from the smallest kept rollup that covers it, else from the source (meta.rollup, the debug log say which)
    const rolled = withRollup(plan.main, source, dialect, this.rollups);
    if (rolled.meta.used) {
      this.logger.debug('chart from rollup', { chartId: chart.chartId, dataSourceId: source.dataSourceId, rollupId: rolled.meta.id, rows: rolled.meta.rows });
      // the source page's hits: counted here, sent to data-source in batches (rollup-hits.ts)
      this.hits?.count(rolled.meta.id, source.dataSourceId);
    } else {
      this.logger.debug('chart not from a rollup', { chartId: chart.chartId, dataSourceId: source.dataSourceId, reason: rolled.meta.reason });
      this.keeper?.noteMiss(source);
    }
    const rolledTotals = plan.totals && withRollup(plan.totals, source, dialect, this.rollups);
    const rolledLines = plan.plotLines.query && withRollup(plan.plotLines.query, source, dialect, this.rollups);
    // the three statements of one answer, run side by side (within the source's limit)
    const runAll = async (mainIr: typeof plan.main, totalsIr: QueryIR | undefined, linesIr: QueryIR | undefined) => {
      const main = compiledOrRefused(mainIr, dialect);
      const totals = totalsIr && compiledOrRefused(totalsIr, dialect);
      const lines = linesIr && compiledOrRefused(linesIr, dialect);
      const replies = await Promise.all([
        this.sharedScans.run(source.dataSourceId, mainIr, main, dialect, CHART_ROW_LIMIT, alone),
        totals ? this.run(source.dataSourceId, totals, 1) : undefined,
        lines ? this.run(source.dataSourceId, lines, 1) : undefined,
      ]);
      return { main, totals, lines, replies };
    };
    const fromRollup = [rolled, rolledTotals, rolledLines].find((r) => r?.meta.used)?.meta ?? rolled.meta;
    const ran = await this.rollupOrSource(
      fromRollup,
      source.dataSourceId,
      () => runAll(rolled.q, rolledTotals?.q, rolledLines?.q),
      () => runAll(plan.main, plan.totals, plan.plotLines.query),
    );
    const { main, totals, lines, replies: [mainReply, totalsReply, linesReply] } = ran.value;
    const rows = rowObjects(main.columns, normalizeRows(JSON.parse(mainReply.rowsJson) as unknown[][], main.columns));
    const columns = chartColumns(drawn, main.columns, { fields: source.fields, aggregatorLabel: (a) => translate(`chart.aggregator.${a}`, language) });
    const oneRow = (q: CompiledQuery | undefined, reply: dataSourceQueryV1.RunQueryReply | undefined) =>
      q && reply ? rowObjects(q.columns, normalizeRows(JSON.parse(reply.rowsJson) as unknown[][], q.columns))[0] : undefined;

    let totalsByAlias: Record<string, number> | undefined;
    const totalsRow = oneRow(totals, totalsReply);
    const ref = plan.totals?.items[0]?.ref;
    if (totalsRow && ref && columns.some((c) => c.alias === ref) && typeof totalsRow.sum === 'number') totalsByAlias = { [ref]: totalsRow.sum };

    const build = buildOption(
      {
        chart: drawn,
        columns,
        rows,
        ...(totalsByAlias ? { totals: totalsByAlias } : {}),
        plotLineValues: plotLineValues(drawn, plan.plotLines, oneRow(lines, linesReply)),
        ...(page ? { page: { ...page, total: rows.length } } : {}),
      },
      { labels: labelsFor((key) => translate(key, language)), locale: language },
    );
    return {
      option: build.option,
      chart,
      meta: {
        ...build.meta,
        warnings: [...plan.warnings.map(warningText), ...build.meta.warnings],
        notes: [...plan.warnings, ...build.meta.notes],
        rowCount: rows.length,
        truncated: mainReply.truncated,
        empty: false,
        dataVersion: source.dataVersion,
        computedAt: new Date().toISOString(),
        ...(chart.drill && chart.drill.length > 0 ? { drill: drillMeta(chart, source, drill) } : {}),
        rollup: ran.replaced ?? rolled.meta,
      },
      dataSourceName: source.name,
    };
  }

  /** A chart with nothing to run yet (no source, or no fields): its frame without series. */
  private emptyAnswer(chart: Chart, source: SourceDescription | undefined, language: ReturnType<typeof resolveLanguage>): ChartAnswer {
    const build = buildOption({ chart, columns: [], rows: [] }, { labels: labelsFor((key) => translate(key, language)), locale: language });
    return {
      option: build.option,
      chart,
      meta: { ...build.meta, rowCount: 0, truncated: false, empty: true, dataVersion: source?.dataVersion ?? 0, computedAt: new Date().toISOString() },
      dataSourceName: source?.name ?? '',
    };
  }
}
