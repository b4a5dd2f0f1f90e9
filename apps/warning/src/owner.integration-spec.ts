import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { MemoryCache } from '@bi/cache';
import { loadConfig } from '@bi/config';
import { AppError, freePortBlock, Logger } from '@bi/core';
import { InProcessEventBus } from '@bi/messaging';
import { openTestDatabase, type SqlDatabase } from '@bi/persistence';
import type { chartQueryV1 } from '@bi/proto';
import type { UserInfo, WarningBackends } from './backends.js';
import { startWarningService, WarningEngine } from './index.js';

// The engine's side of issue 26 on a real (PGlite) database with fake chart-query and identity:
// KeepChart establishes a rule's state at the save and an older ChartChanged never brings older
// rules back; an evaluation that read rules which were replaced meanwhile is dropped and done again
// with the current ones; rules run as their owner (grants asked each time) and pause — one bell
// message, no evaluation — while the owner may not read the source, resuming by themselves.
describe('alert engine: owner, pause, no lost transitions', () => {
  let db: SqlDatabase;
  let bus: InProcessEventBus;
  let app: INestMicroservice;
  let engine: WarningEngine;
  let amount: number;
  let users: Map<string, UserInfo>;
  let during: (() => Promise<void>) | undefined;
  const calls: chartQueryV1.ChartValuesRequest[] = [];
  const backends: WarningBackends = {
    async chartValues(req) {
      calls.push(req);
      const hook = during;
      during = undefined;
      if (hook) await hook();
      const source = (JSON.parse(req.chartJson) as { dataSourceId: string }).dataSourceId;
      if (req.checkAccess && !req.viewer?.isAdmin && !req.viewer?.permissions.includes(`datasource:${source}`)) throw new AppError('forbidden', 'chart.no_source_permission');
      return {
        columnsJson: JSON.stringify([{ alias: 'm0', role: 'measure', field: { name: 'amount', dataType: 'number', aggregator: 'sum' } }]),
        rowsJson: JSON.stringify([{ m0: amount }]),
        truncated: false,
        dataVersion: 1,
        dataSourceId: source,
        sourceCreatedById: 'u-creator',
        rowRulesJson: '',
      };
    },
    async user(userId) {
      return users.get(userId);
    },
  };
  const rule = (compareValue: number) => ({
    warnId: 'w1',
    warnName: 'Big',
    isSwitch: true,
    logic: 0,
    warnTime: 0,
    warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: '>', compareValue }],
  });
  /** each case its own source: a data change evaluates only its chart */
  let sourceId: string;
  const chartJson = (chartId: string, compareValue: number) =>
    JSON.stringify({
      chartId,
      title: 'Revenue',
      type: 'card',
      dataSourceId: sourceId,
      points: [],
      values: [{ name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' }],
      warnConfigData: { userId: 'u-analyst', warnItemsYList: [rule(compareValue)], warnItemsYOptionalList: [] },
    });
  const keep = (chartId: string, dashboardId: string, version: number, compareValue: number) =>
    engine.keepChart({ chartId, tab: 'dashboard', dashboardId, dashboardOwnerId: 'u-analyst', chartJson: chartJson(chartId, compareValue), version });
  const state = async (chartId: string) =>
    (await db.query<{ is_true: boolean; paused: string; last_window: string }>('SELECT is_true, paused, last_window FROM warning.rule_state WHERE chart_id = $1', [chartId])).rows[0];
  const messages = async (chartId: string) => (await db.query<{ firing_key: string; user_id: string }>('SELECT firing_key, user_id FROM warning.messages WHERE chart_id = $1 ORDER BY created_at, firing_key', [chartId])).rows;
  const analyst = (permissions: string[]): UserInfo => ({ userId: 'u-analyst', userName: 'analyst', roleIds: ['analyst'], permissions, isAdmin: false, disabled: false });

  beforeAll(async () => {
    db = await openTestDatabase();
    bus = new InProcessEventBus();
    const base = await freePortBlock(10);
    const config = loadConfig({ BI_GRPC_BASE_PORT: String(base), BI_DATA_DIR: `/tmp/bi-warning-owner-${process.pid}`, BI_TIME_ZONE: 'UTC' });
    app = await startWarningService({ config, db, bus, cache: new MemoryCache(), logger: new Logger('warning', 'error') }, config.services.warning[0]!, {
      backends,
      clock: { now: () => new Date('2000-01-01T00:30:00Z') },
    });
    engine = app.get(WarningEngine);
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await db?.close();
  });
  beforeEach(() => {
    amount = 10;
    sourceId = `ds-${randomUUID().slice(0, 8)}`;
    users = new Map([['u-analyst', analyst([`datasource:${sourceId}`])]]);
    calls.length = 0;
  });

  it('KeepChart establishes the state at the save; an older ChartChanged does not bring older rules back; the next data change fires', async () => {
    const chartId = randomUUID();
    const dashboardId = randomUUID();
    expect(await keep(chartId, dashboardId, 5, 15)).toEqual({ evaluated: 1, fired: 0 });
    expect(await state(chartId)).toMatchObject({ is_true: false, last_window: 'save-5', paused: '' });
    // evaluated as the owner, with their grants, asking chart-query to check the source
    expect(calls[0]).toMatchObject({ checkAccess: true, viewer: { userId: 'u-analyst', roleIds: ['analyst'], isAdmin: false, permissions: [`datasource:${sourceId}`] } });
    // version 4's event, late: ignored
    await db.transaction((tx) => engine.keepRules(tx, { aggregateId: chartId, payload: { changeKind: 'saved', dashboardId, tab: 'dashboard', chartJson: chartJson(chartId, 100_000), dashboardOwnerId: 'u-analyst', version: 4 } } as never));
    amount = 110;
    expect(await engine.evaluateSource(sourceId, 'data-2')).toMatchObject({ evaluated: 1, fired: 1 });
    expect((await messages(chartId)).map((m) => m.firing_key)).toEqual(['w1:data-2']);
  });

  it('a save that leaves the alerts as they are keeps their state without a query; a changed alert is established again', async () => {
    const chartId = randomUUID();
    const dashboardId = randomUUID();
    await keep(chartId, dashboardId, 3, 15);
    calls.length = 0;
    amount = 110;
    // the editor saves the rest of the chart: same rule, same owner
    expect(await keep(chartId, dashboardId, 4, 15)).toEqual({ evaluated: 0, fired: 0 });
    expect(calls).toEqual([]);
    expect(await state(chartId)).toMatchObject({ is_true: false, last_window: 'save-3' });
    // a changed threshold: established against the data of now (met: it fires, as any first evaluation that is met)
    expect(await keep(chartId, dashboardId, 5, 100)).toEqual({ evaluated: 1, fired: 1 });
    expect(await state(chartId)).toMatchObject({ is_true: true, last_window: 'save-5' });
  });

  it('drops an evaluation whose rules were replaced meanwhile and evaluates the current rules in the same window', async () => {
    const chartId = randomUUID();
    const dashboardId = randomUUID();
    await keep(chartId, dashboardId, 7, 15);
    amount = 110;
    // while the data change's query runs, a save raises the threshold above the data
    during = async () => void (await keep(chartId, dashboardId, 8, 1000));
    expect(await engine.evaluateSource(sourceId, 'data-3')).toMatchObject({ evaluated: 1, fired: 0 });
    expect(await state(chartId)).toMatchObject({ is_true: false, last_window: 'data-3' });
    expect(await messages(chartId)).toEqual([]);
  });

  it('pauses the rules of an owner who may no longer read the source (one bell message), and resumes when access returns', async () => {
    const chartId = randomUUID();
    await keep(chartId, randomUUID(), 9, 15);
    users.set('u-analyst', analyst([]));
    amount = 110;
    expect(await engine.evaluateSource(sourceId, 'data-4')).toMatchObject({ evaluated: 0, fired: 0 });
    expect(await state(chartId)).toMatchObject({ paused: 'no_access', is_true: false });
    expect(await engine.ruleStates(chartId)).toEqual({ states: [{ warnId: 'w1', state: 'paused', reason: 'no_access', isTrue: false }] });
    expect(await messages(chartId)).toEqual([{ firing_key: `paused:${chartId}:w1:data-4`, user_id: 'u-analyst' }]);
    // still paused: no second message
    await engine.evaluateSource(sourceId, 'data-5');
    expect(await messages(chartId)).toHaveLength(1);
    // access back: evaluated, fires
    users.set('u-analyst', analyst([`datasource:${sourceId}`]));
    expect(await engine.evaluateSource(sourceId, 'data-6')).toMatchObject({ evaluated: 1, fired: 1 });
    expect(await state(chartId)).toMatchObject({ paused: '', is_true: true });
    expect(await engine.ruleStates(chartId)).toEqual({ states: [{ warnId: 'w1', state: 'active', reason: '', isTrue: true }] });
  });

  it('pauses the rules of an owner who no longer exists, without a message and without a query', async () => {
    const chartId = randomUUID();
    await keep(chartId, randomUUID(), 11, 15);
    users.delete('u-analyst');
    calls.length = 0;
    amount = 110;
    await engine.evaluateSource(sourceId, 'data-7');
    expect(await state(chartId)).toMatchObject({ paused: 'no_owner' });
    expect(calls.filter((c) => c.chartId === chartId)).toEqual([]);
    expect(await messages(chartId)).toEqual([]);
  });

  it('reads the alerts of a chart JSON once with their schema: alerts that do not fit keep no rules, the next fitting save keeps them', async () => {
    const chartId = randomUUID();
    const dashboardId = randomUUID();
    const chart = JSON.parse(chartJson(chartId, 15)) as { warnConfigData: { warnItemsYList: Record<string, unknown>[] } };
    chart.warnConfigData.warnItemsYList[0]!.isSwitch = 'yes';
    const rules = async () => (await db.query<{ rule_id: string }>('SELECT rule_id FROM warning.rules WHERE chart_id = $1', [chartId])).rows.map((r) => r.rule_id);
    expect(await engine.keepChart({ chartId, tab: 'dashboard', dashboardId, dashboardOwnerId: 'u-analyst', chartJson: JSON.stringify(chart), version: 1 })).toEqual({ evaluated: 0, fired: 0 });
    expect(await rules()).toEqual([]);
    expect(calls).toEqual([]);
    expect(await keep(chartId, dashboardId, 2, 15)).toEqual({ evaluated: 1, fired: 0 });
    expect(await rules()).toEqual(['w1']);
  });
});
