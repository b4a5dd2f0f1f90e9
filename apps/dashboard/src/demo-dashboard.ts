import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { emptyChart, type Chart, type ChartField, type ChartType, type DataType } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import type { dataSourceQueryV1 } from '@bi/proto';
import { GRID } from '@bi/rules';
import { CONFIG, LOGGER, serviceClient, type ServiceClient } from '@bi/service-kit';
import { checkAgainstSource, definitionOf } from './chart-schema.js';
import { ChartRepository } from './chart.repository.js';
import { DashboardRepository } from './dashboard.repository.js';

/** The demo sales source the data-source service loads on its first start (apps/data-source/src/uploads/demo.ts). */
export const DEMO_SOURCE_FOLDER = '演示 Demo';
export const DEMO_SOURCE_NAME = '销售示例 Sales Demo';
export const DEMO_FOLDER = '演示 Demo';
export const DEMO_DASHBOARD = '销售概览 Sales';
const DEMO_SETTING = 'demo';

const money = { type: 1 as const, isCustomizeUnit: false, unit: 1 as const, customUnit: '', decimalPlaces: 1, useThousandth: true };
const count = { type: 1 as const, isCustomizeUnit: false, unit: 0 as const, customUnit: '', decimalPlaces: 0, useThousandth: true };

const point = (name: string, extra: Partial<ChartField> = {}): ChartField => ({ name, title: name, dataType: 'string', orderBy: '', ...extra });
const value = (name: string, extra: Partial<ChartField> = {}): ChartField => ({ name, title: name, dataType: 'number', aggregator: 'sum', orderBy: '', ...extra });

/**
 * One chart of each of the 13 kinds over the demo sales source (columns 订单日期, 地区, 城市, 类别, 产品,
 * 渠道, 数量, 单价, 金额, 利润). The cities carry English names beside the Chinese ones ("上海 Shanghai"),
 * which the maps match to their regions (normalizeRegionName of @bi/charts); the Taiwan map draws the
 * cities of the region 台湾 Taiwan.
 */
export function demoCharts(dataSourceId: string): Chart[] {
  const chart = (type: ChartType, title: string, parts: Partial<Chart>): Chart => ({ ...emptyChart(randomUUID(), title, dataSourceId, type), ...parts });
  return [
    chart('card', '销售额 Revenue', { values: [value('金额', { formatter: money })] }),
    chart('gauge', '平均利润 Avg profit', { values: [value('利润', { aggregator: 'avg', formatter: count })], property: { min: 0, max: 1000 } }),
    chart('line', '月度销售额 Monthly revenue', {
      points: [point('订单日期', { dataType: 'date', granularity: 3 })],
      values: [value('金额', { formatter: money, showTrendline: true })],
      xDataZoom: true,
    }),
    chart('bar', '地区销售额 Revenue by region', { points: [point('地区')], values: [value('金额', { formatter: money, orderBy: 'desc' })], plotLineY: [{ name: '平均 Avg', valueType: 1, axisField: { axisName: '金额', aggregator: 'sum' }, formula: 0 }] }),
    chart('stack_bar', '地区 × 类别 Region × category', { points: [point('地区')], secondPoints: [point('类别')], values: [value('金额', { formatter: money })] }),
    chart('pie', '类别占比 Category share', { points: [point('类别')], values: [value('金额', { formatter: money })] }),
    chart('doubleaxis', '季度销售额与利润 Quarterly', {
      points: [point('订单日期', { dataType: 'date', granularity: 2 })],
      values: [value('金额', { formatter: money })],
      secondValues: [value('利润', { formatter: money })],
    }),
    chart('scatter', '城市利润 Profit by city', { points: [point('城市')], values: [value('利润', { formatter: money })] }),
    chart('funnel', '渠道销售额 Revenue by channel', { points: [point('渠道')], values: [value('金额', { formatter: money })] }),
    chart('nav', '利润率 Profit / revenue', { points: [point('类别')], values: [value('利润')], secondValues: [value('金额')] }),
    chart('table', '产品明细 Products', {
      points: [point('类别'), point('产品')],
      values: [value('数量', { formatter: count }), value('金额', { formatter: money, orderBy: 'desc' })],
      aggregateConfig: { showSum: true, showAvg: true },
    }),
    chart('map', '城市分布 Cities', { points: [point('城市')], values: [value('金额', { formatter: money })], mapConfig: { granularity: 0, visualMapShow: true } }),
    chart('tw_map', '台湾城市 Taiwan cities', {
      points: [point('城市')],
      values: [value('金额', { formatter: money })],
      innerFilters: [{ name: '地区', title: '地区', dataType: 'string', range: ['台湾 Taiwan'] }],
    }),
  ];
}

/**
 * The demo dashboard of the first start (BI_DEMO): once the data-source service has loaded its demo
 * sales source, a folder with a dashboard holding one chart of every kind over it. Runs in the
 * background, polling data-source until the source exists (it is loaded in the background too); a
 * claim in dashboard.settings makes it happen once, also with several replicas.
 */
@Injectable()
export class DemoDashboard implements OnModuleDestroy {
  private stopped = false;
  private wake: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private client: ServiceClient<'data-source'> | undefined;

  constructor(
    private readonly dashboards: DashboardRepository,
    private readonly charts: ChartRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  loadInBackground(pollMs = 3000, giveUpMs = 30 * 60_000): void {
    this.running = this.waitAndCreate(pollMs, giveUpMs).catch((e) => this.logger.warn('demo dashboard not created', { error: e }));
  }

  private async waitAndCreate(pollMs: number, giveUpMs: number): Promise<void> {
    const until = Date.now() + giveUpMs;
    while (!this.stopped && Date.now() < until) {
      if ((await this.charts.setting(DEMO_SETTING))?.state === 'done') return;
      const source = await this.findDemoSource().catch(() => undefined);
      if (source) {
        await this.createOnce(source);
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private sources(): ServiceClient<'data-source'> {
    return (this.client ??= serviceClient(this.config, 'data-source'));
  }

  /** The demo source's description, once its folder holds it. */
  async findDemoSource(): Promise<dataSourceQueryV1.SourceDescription | undefined> {
    const sources = this.sources();
    const { projects } = await sources.call(sources.service.listProjects({}));
    const summary = projects.find((p) => p.name === DEMO_SOURCE_FOLDER)?.dataSources.find((s) => s.name === DEMO_SOURCE_NAME);
    return summary && sources.call(sources.query.describe({ dataSourceId: summary.dataSourceId }));
  }

  /** Creates the folder, dashboard and charts unless done before; answers the dashboard id (null when done before). */
  async createOnce(source: dataSourceQueryV1.SourceDescription): Promise<string | null> {
    if (!(await this.charts.claimSetting(DEMO_SETTING, 10 * 60_000))) return null;
    try {
      const fields = source.fields.map((f) => ({ name: f.name, dataType: f.dataType as DataType }));
      const charts = demoCharts(source.dataSourceId).map((c) => checkAgainstSource(c, fields));
      const dashboardId = randomUUID();
      await this.dashboards.db.transaction(async (tx) => {
        const found = await tx.query<{ id: string }>("SELECT id FROM dashboard.projects WHERE tab = 'dashboard' AND lower(name) = lower($1)", [DEMO_FOLDER]);
        let projectId = found.rows[0]?.id;
        if (!projectId) {
          projectId = randomUUID();
          const order = await this.dashboards.nextProjectOrder('dashboard', tx);
          await tx.query('INSERT INTO dashboard.projects (id, tab, name, sort_order) VALUES ($1, $2, $3, $4)', [projectId, 'dashboard', DEMO_FOLDER, order]);
        }
        const half = GRID.cols / 2;
        const aspects = charts.map((c, i) => ({ chartId: c.chartId, row: Math.floor(i / 2) * GRID.defaultSizeY, col: (i % 2) * half, sizeX: half, sizeY: GRID.defaultSizeY, minSizeX: 0, minSizeY: 0, maxSizeX: 0, maxSizeY: 0 }));
        const order = await this.dashboards.nextDashboardOrder(projectId, tx);
        await this.dashboards.insertDashboard(tx, { id: dashboardId, tab: 'dashboard', projectId, name: DEMO_DASHBOARD, description: source.name, order, userId: null, aspects });
        await this.dashboards.insertCharts(
          tx,
          charts.map((c) => ({ id: c.chartId, dashboardId, tab: 'dashboard', title: c.title, type: c.type, dataSourceId: c.dataSourceId, definition: definitionOf(c) })),
        );
      });
      await this.charts.setSetting(DEMO_SETTING, { state: 'done', dashboardId, dataSourceId: source.dataSourceId });
      this.logger.info('demo dashboard created', { folder: DEMO_FOLDER, dashboardId, charts: charts.length });
      return dashboardId;
    } catch (e) {
      await this.charts.deleteSetting(DEMO_SETTING).catch(() => undefined);
      throw e;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    this.client?.close();
  }
}
