import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { MemoryCache } from '@bi/cache';
import { loadConfig } from '@bi/config';
import { freePortBlock, Logger } from '@bi/core';
import { asBusMessage, encodeChartChanged, InProcessEventBus, waitFor } from '@bi/messaging';
import { openTestDatabase, type SqlDatabase } from '@bi/persistence';
import type { chartQueryV1 } from '@bi/proto';
import type { WarningBackends } from './backends.js';
import { startWarningService, WarningEngine } from './index.js';

// Catch-up of timed rules (issue 16): a rule whose whole hour passed while no warning service ran is
// evaluated once by the service's own scheduler round when it comes back the same day (BI_TIME_ZONE),
// not again by later rounds or restarts; an hour still to come is not. The down time is simulated with
// the service's injectable clock and a real stop and start on the same database.
// Each case has its own database, bus and chart: none depends on what another left behind.
describe('timed rules after a down time', () => {
  let db: SqlDatabase;
  let bus: InProcessEventBus;
  let app: INestMicroservice | undefined;
  let now: Date;
  let queries: string[];
  const backends: WarningBackends = {
    async chartValues(req: chartQueryV1.ChartValuesRequest) {
      queries.push(req.chartId);
      return {
        columnsJson: JSON.stringify([{ alias: 'm0', role: 'measure', field: { name: 'amount', dataType: 'number', aggregator: 'sum' } }]),
        rowsJson: JSON.stringify([{ m0: 500 }]),
        truncated: false,
        dataVersion: 1,
      };
    },
    async user(userId: string) {
      return { userId, userName: userId, roleIds: [] };
    },
  };
  const rule = (warnId: string, warnExactTime: number) => ({
    warnId,
    warnName: warnId,
    isSwitch: true,
    logic: 0,
    warnTime: 1,
    warnExactTime,
    warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 100 }],
  });

  async function start(): Promise<WarningEngine> {
    const base = await freePortBlock(10);
    const config = loadConfig({ BI_GRPC_BASE_PORT: String(base), BI_DATA_DIR: `/tmp/bi-warning-catch-up-${process.pid}`, BI_TIME_ZONE: 'Asia/Shanghai' });
    const runtime = { config, db, bus, cache: new MemoryCache(), logger: new Logger('warning', 'warn') };
    app = await startWarningService(runtime, config.services.warning[0]!, { backends, clock: { now: () => now } });
    return app.get(WarningEngine);
  }
  async function stop(): Promise<void> {
    await app?.close();
    app = undefined;
  }
  const coveredUntil = async () => (await db.query<{ covered_until: Date | string }>('SELECT covered_until FROM warning.scheduler')).rows.map((r) => new Date(r.covered_until).toISOString())[0];
  const messages = async (warnId: string) => (await db.query<{ firing_key: string; user_id: string }>('SELECT firing_key, user_id FROM warning.messages WHERE warn_id = $1 ORDER BY user_id', [warnId])).rows;
  const claims = async (warnId: string) => (await db.query<{ eval_window: string }>('SELECT eval_window FROM warning.claims WHERE rule_id = $1', [warnId])).rows.map((r) => r.eval_window);

  /** A card chart saved with two timed rules: 'ten' (the 10:00 hour) and 'two' (the 14:00 hour), stored by the running service. */
  async function saveChartWithRules(): Promise<string> {
    const chartId = randomUUID();
    await bus.publish([
      asBusMessage(
        encodeChartChanged(chartId, {
          changeKind: 'saved',
          dashboardId: randomUUID(),
          tab: 'dashboard',
          dashboardOwnerId: 'u-owner',
          version: 1,
          chartJson: JSON.stringify({
            chartId,
            title: 'Revenue',
            type: 'card',
            dataSourceId: 'ds-1',
            points: [],
            values: [{ name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' }],
            warnConfigData: { userId: 'u-analyst', warnItemsYList: [rule('ten', 9), rule('two', 13)], warnItemsYOptionalList: [] },
          }),
        }),
      ),
    ]);
    await waitFor(async () => (await db.query('SELECT 1 FROM warning.rules WHERE chart_id = $1', [chartId])).rows.length === 2, 60_000, 'the rules');
    return chartId;
  }

  beforeEach(async () => {
    db = await openTestDatabase();
    bus = new InProcessEventBus();
    queries = [];
  });
  afterEach(async () => {
    await stop();
    await bus.close();
    await db?.close();
  });

  it('runs a rule whose hour passed while the service was down once, when it comes back that day', async () => {
    now = new Date('2026-06-01T01:30:00Z'); // 09:30 in Asia/Shanghai
    await start();
    await saveChartWithRules();
    // the service's own round at 09:30: nothing due yet; it records how far it came
    await waitFor(async () => (await coveredUntil()) === now.toISOString(), 60_000, 'the first scheduler round');
    expect(await claims('ten')).toEqual([]);
    await stop();

    // down from 09:30 to 13:20: the 10:00 hour passed meanwhile
    now = new Date('2026-06-01T05:20:00Z');
    const engine = await start();
    await waitFor(async () => (await messages('ten')).length === 2, 60_000, 'the caught-up firing');
    expect(await messages('ten')).toEqual([
      { firing_key: 'ten:2026-06-01T10', user_id: 'u-analyst' },
      { firing_key: 'ten:2026-06-01T10', user_id: 'u-owner' },
    ]);
    await waitFor(async () => (await coveredUntil()) === now.toISOString(), 60_000, 'the catch-up round to be recorded');
    // 14:00 is still to come
    expect(await claims('two')).toEqual([]);
    expect(queries).toHaveLength(1);

    // a later round and another restart the same day: claimed already, not run twice
    now = new Date('2026-06-01T05:40:00Z');
    expect(await engine.tick()).toEqual({ evaluated: 0, fired: 0, queries: 0 });
    await stop();
    now = new Date('2026-06-01T05:50:00Z');
    await start();
    await waitFor(async () => (await coveredUntil()) === now.toISOString(), 60_000, 'the round after the restart');
    expect(await messages('ten')).toHaveLength(2);
    expect(await claims('ten')).toEqual(['2026-06-01T10']);
    expect(queries).toHaveLength(1);
    await stop();
  });

  it('does not catch up a day that has passed, and runs the next day in its hour', async () => {
    // the service runs a round at 13:50 with the rules saved: nothing due (10:00 is over, 14:00 to come)
    now = new Date('2026-06-01T05:50:00Z');
    await start();
    await saveChartWithRules();
    await waitFor(async () => (await coveredUntil()) === now.toISOString(), 60_000, 'the round at 13:50');
    expect([await claims('ten'), await claims('two')]).toEqual([[], []]);
    await stop();
    // down from 13:50 to the next day 09:00: yesterday's 14:00 is not run today; today's is, at 14:00
    now = new Date('2026-06-02T01:00:00Z');
    const engine = await start();
    await waitFor(async () => (await coveredUntil()) === now.toISOString(), 60_000, 'the round after the night');
    expect(await claims('two')).toEqual([]);
    now = new Date('2026-06-02T06:05:00Z');
    expect(await engine.tick()).toMatchObject({ evaluated: 2 }); // 10:00 caught up (its hour passed since 09:00), and 14:00
    expect((await claims('two')).sort()).toEqual(['2026-06-02T14']);
    expect(await claims('ten')).toEqual(['2026-06-02T10']);
    expect(queries).toHaveLength(1);
  });
});
