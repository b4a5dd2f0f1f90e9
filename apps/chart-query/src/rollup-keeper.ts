import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { globalFilterField, type Chart, type GlobalFilterItem } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import { TOPICS, type EventBus, type Subscription } from '@bi/messaging';
import { eventsV1, type dashboardV1, type dataSourceQueryV1 } from '@bi/proto';
import { chooseRollups, parseGlobalFilters, parseRowRules, type ChartQueryIR, type SourceField } from '@bi/query';
import { CONFIG, EVENT_BUS, LOGGER } from '@bi/service-kit';
import { isEmptyChart, planChart, sourceFieldsOf, type SourceDescription } from './chart-plan.js';
import { BACKENDS, type ChartQueryBackends } from './backends.js';

/** The calls keeping rollups needs beyond a chart run's. */
export interface RollupBackends {
  listChartsBySource(dataSourceId: string): Promise<dashboardV1.ListChartsBySourceReply>;
  keepRollups(req: dataSourceQueryV1.KeepRollupsRequest): Promise<dataSourceQueryV1.KeepRollupsReply>;
  /** a dashboard's global filters (the fields they name become rollup dimensions of its charts) */
  getDashboard?(tab: string, dashboardId: string): Promise<dashboardV1.DashboardContent>;
}

export const ROLLUP_KEEPER_GROUP = 'chart-query-rollups';
/** Saved charts of one source a choice reads at most. */
const MAX_CHARTS = 500;
/** Rollups one source keeps at most. */
export const ROLLUPS_PER_SOURCE = 4;

/**
 * The rollups worth keeping for a source, from its saved charts (@bi/query chooseRollups): each
 * chart's query as it runs with its stored filters, grouped besides by the fields the source's
 * row-level rules name (every reader's query filters on them) and, per chart, by the fields of its
 * dashboards' global filters that apply to it (`dashboardFilters(chart)`: the items of the
 * dashboards it is on), so a dashboard filter on a field no chart groups by still hits a rollup.
 */
export function rollupSpecsFor(source: SourceDescription, charts: readonly Chart[], dashboardFilters: (chart: Chart) => readonly GlobalFilterItem[] = () => []) {
  const fields = new Map(sourceFieldsOf(source).map((f) => [f.name, f]));
  const irs: ChartQueryIR[] = [];
  const chartGroupBy: SourceField[][] = [];
  for (const chart of charts) {
    if (isEmptyChart(chart) || chart.dataSourceId !== source.dataSourceId) continue;
    try {
      const plan = planChart({ chart, source, globalFilters: [] });
      irs.push(plan.main);
    } catch {
      // a chart that does not run (a field gone) asks for nothing
      continue;
    }
    const filtered: SourceField[] = [];
    for (const item of dashboardFilters(chart)) {
      const name = globalFilterField(item, chart.chartId);
      const f = name === undefined ? undefined : fields.get(name);
      // the filter applies to the chart only when the source has the field with the item's type (chartFilters)
      if (f && f.dataType === (item.dataType === 'number' || item.dataType === 'date' ? item.dataType : 'string') && !filtered.some((x) => x.name === f.name)) filtered.push(f);
    }
    chartGroupBy.push(filtered);
  }
  const ruled: SourceField[] = [];
  for (const r of parseRowRules(source.rowRulesJson).rules) {
    const f = fields.get(r.field);
    if (f && !ruled.some((x) => x.name === f.name)) ruled.push(f);
  }
  return chooseRollups(irs, { alwaysGroupBy: ruled, chartGroupBy, maxRollups: ROLLUPS_PER_SOURCE });
}

/**
 * Keeps each analytics-store source's rollups current (issue 31, ADR 0022): after a data change of
 * the source (an import, append, replace, delete or sync: its DataChanged event) and after a chart
 * of it is saved (ChartChanged), the rollups are chosen again from its saved charts and built by the
 * data-source service (KeepRollups) for the new data version, in the background. Until they are,
 * the compiler answers from the table (a rollup serves only the version it holds). One build per
 * source at a time; changes meanwhile ask for one more after it. A dashboard's filters saved
 * (dashboard.saved) chooses again for the sources of its charts (filtersSaved).
 */
@Injectable()
export class RollupKeeper implements OnModuleInit, OnModuleDestroy {
  private readonly subscriptions: Subscription[] = [];
  private readonly running = new Map<string, { again: boolean; done: Promise<void> }>();
  /** per source, the specs and version last kept: a save that changes neither builds nothing again */
  private readonly lastKept = new Map<string, string>();
  /** per source, the row rules its rollups were last chosen under (a rules change bumps no data version) */
  private readonly lastRules = new Map<string, string>();

  constructor(
    @Inject(BACKENDS) private readonly backends: ChartQueryBackends & Partial<RollupBackends>,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.charts.rollups) return;
    this.subscriptions.push(
      await this.bus.subscribe(TOPICS.dataChanged, ROLLUP_KEEPER_GROUP, async (m) => {
        const event = eventsV1.DataChanged.decode(m.value);
        if (event.payload?.changeKind !== 'delete_source') this.schedule(event.aggregateId);
      }),
      await this.bus.subscribe(TOPICS.chartChanged, ROLLUP_KEEPER_GROUP, async (m) => {
        const event = eventsV1.ChartChanged.decode(m.value);
        if (event.payload?.changeKind !== 'saved' || !event.payload.chartJson) return;
        try {
          const id = (JSON.parse(event.payload.chartJson) as Chart).dataSourceId;
          if (id) this.schedule(id);
        } catch {
          // not a chart: nothing to keep
        }
      }),
      await this.bus.subscribe(TOPICS.dashboardSaved, ROLLUP_KEEPER_GROUP, async (m) => {
        const event = eventsV1.DashboardSaved.decode(m.value);
        if (event.payload?.what === 'filters') await this.filtersSaved(event.payload.tab || 'dashboard', event.aggregateId);
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    for (const s of this.subscriptions) await s.close();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /**
   * A chart of the source ran without a rollup: when the source's row rules are not those its rollups
   * were chosen under (a change of rules emits no DataChanged), choose and build them again, so the
   * rules' fields become rollup dimensions.
   */
  noteMiss(source: SourceDescription): void {
    if (!this.config.charts.rollups || source.dialect !== 'duckdb') return;
    const seen = this.lastRules.get(source.dataSourceId);
    if (seen === undefined || seen === source.rowRulesJson) return;
    this.lastRules.set(source.dataSourceId, source.rowRulesJson);
    void this.schedule(source.dataSourceId);
  }

  /** Rollups switched back on for the source (RebuildRollups): chosen and built again even when nothing else changed. */
  rebuild(dataSourceId: string): Promise<void> {
    if (!this.config.charts.rollups) return Promise.resolve();
    this.lastKept.delete(dataSourceId);
    return this.schedule(dataSourceId);
  }

  /**
   * A dashboard's global filters saved (its `dashboard.saved` notice, what "filters"): the sources of
   * its charts get their rollups chosen again (in the background), so the filters' fields become their
   * dimensions (issue 31: "the dashboards' filter fields") and a dashboard filter on a field no chart
   * groups by hits a rollup. The notice is best effort; the next data change or chart save chooses
   * with the filters anyway.
   */
  async filtersSaved(tab: string, dashboardId: string): Promise<void> {
    const { getDashboard } = this.backends;
    if (!getDashboard) return;
    const d = await getDashboard.call(this.backends, tab, dashboardId).catch((e: unknown) => {
      this.logger.warn('rollups: dashboard not read after its filters were saved', { dashboardId, error: e });
      return undefined;
    });
    for (const id of new Set((d?.charts ?? []).map((c) => c.dataSourceId).filter(Boolean))) void this.schedule(id);
  }

  /** Chooses and builds the source's rollups now or, while a build of it runs, once more after it. */
  schedule(dataSourceId: string): Promise<void> {
    const current = this.running.get(dataSourceId);
    if (current) {
      current.again = true;
      return current.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await this.keep(dataSourceId).catch((e) => this.logger.warn('rollups not kept', { dataSourceId, error: e }));
        } while (entry.again);
      } finally {
        this.running.delete(dataSourceId);
      }
    })();
    this.running.set(dataSourceId, entry);
    return entry.done;
  }

  private async keep(dataSourceId: string): Promise<void> {
    const { listChartsBySource, keepRollups } = this.backends;
    if (!listChartsBySource || !keepRollups) return;
    const source = await this.backends.describe(dataSourceId);
    if (source.dialect !== 'duckdb') return;
    // switched off for the source (issue 31): nothing is built until it is switched on (RebuildRollups)
    if (source.rollupsOff) {
      this.lastKept.delete(dataSourceId);
      return;
    }
    const listed = (await listChartsBySource.call(this.backends, dataSourceId)).charts.slice(0, MAX_CHARTS);
    const charts: Chart[] = [];
    const onDashboards = new Map<string, string[]>();
    for (const c of listed) {
      const record = await this.backends.getChart(c.tab, c.chartId).catch(() => undefined);
      if (!record?.chartJson) continue;
      const chart = JSON.parse(record.chartJson) as Chart;
      charts.push(chart);
      if (c.dashboardId) onDashboards.set(chart.chartId, [...(onDashboards.get(chart.chartId) ?? []), `${c.tab}\u0000${c.dashboardId}`]);
    }
    const filters = await this.dashboardFilters([...new Set([...onDashboards.values()].flat())]);
    this.lastRules.set(dataSourceId, source.rowRulesJson);
    const specs = rollupSpecsFor(source, charts, (chart) => (onDashboards.get(chart.chartId) ?? []).flatMap((d) => filters.get(d) ?? []));
    const key = JSON.stringify([source.dataVersion, source.rowRulesJson, specs]);
    if (this.lastKept.get(dataSourceId) === key) return;
    const reply = await keepRollups.call(this.backends, { dataSourceId, dataVersion: source.dataVersion, specsJson: JSON.stringify(specs) });
    if (!reply.skipped.includes('stale')) this.lastKept.set(dataSourceId, key);
    this.logger.debug('rollups chosen', { dataSourceId, dataVersion: source.dataVersion, charts: charts.length, specs: specs.length, skipped: reply.skipped, buildMs: reply.buildMs });
  }

  /** The global filter items of each dashboard (`tab\0id`), read once per choice; a dashboard not read has none. */
  private async dashboardFilters(keys: readonly string[]): Promise<Map<string, GlobalFilterItem[]>> {
    const out = new Map<string, GlobalFilterItem[]>();
    const { getDashboard } = this.backends;
    if (!getDashboard) return out;
    for (const key of keys) {
      const [tab, dashboardId] = key.split('\u0000') as [string, string];
      const d = await getDashboard.call(this.backends, tab, dashboardId).catch(() => undefined);
      if (!d?.globalFilterJson) continue;
      try {
        const parsed = parseGlobalFilters(JSON.parse(d.globalFilterJson));
        if ('items' in parsed) out.set(key, parsed.items);
      } catch {
        // unreadable: no filter fields
      }
    }
    return out;
  }
}
