import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@bi/core';
import { encodeChartChanged, enqueueEvent, OutboxRelay, Rounds, type EventBus } from '@bi/messaging';
import type { SqlDatabase } from '@bi/persistence';
import { DATABASE, EVENT_BUS, LOGGER } from '@bi/service-kit';
import { chartOf } from './chart-schema.js';
import { DASHBOARD_SCHEMA } from './migrations.js';

interface ChangeRow {
  seq: number;
  chart_id: string;
  tab: string;
  dashboard_id: string;
}

interface ChartNow {
  id: string;
  title: string;
  type: string;
  data_source_id: string;
  definition: unknown;
  dashboard_id: string;
  tab: string;
  owner: string | null;
}

/**
 * ChartChanged events (docs/events.md `dashboard.chart-changed`): a trigger on dashboard.charts notes
 * every insert, update and delete (cascades from a dashboard or folder delete included) in
 * dashboard.chart_changes in the changing transaction; this publisher turns the noted changes into
 * outbox rows — the chart as it is now, or "deleted" — and removes the notes in one transaction, and
 * the outbox relay publishes them. So every path that writes a chart is covered, and no change is
 * lost or published before it commits. Several notes of one chart in a batch give one event.
 */
@Injectable()
export class ChartEvents implements OnModuleInit, OnModuleDestroy {
  private readonly relay: OutboxRelay;
  private readonly rounds: Rounds;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.relay = new OutboxRelay(db, DASHBOARD_SCHEMA, bus, logger);
    this.rounds = new Rounds(() => this.publishNoted(), (e) => this.logger.warn('chart change events not written; will retry', { error: e }), 250);
  }

  onModuleInit(): void {
    this.relay.start();
    this.rounds.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.rounds.stop();
    await this.relay.stop();
  }

  /** Turns the noted chart changes into outbox events now; answers how many events were written. */
  flush(): Promise<number> {
    return this.rounds.nudge();
  }

  private async publishNoted(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<ChangeRow>(
          'SELECT seq, chart_id, tab, dashboard_id FROM dashboard.chart_changes ORDER BY seq LIMIT 200 FOR UPDATE SKIP LOCKED',
        );
        if (!rows.length) return 0;
        const last = new Map<string, ChangeRow>();
        for (const r of rows) last.set(r.chart_id, r);
        const ids = [...last.keys()];
        const now = await tx.query<ChartNow>(
          `SELECT c.id, c.title, c.type, c.data_source_id, c.definition, c.dashboard_id, c.tab, d.created_by::text AS owner
           FROM dashboard.charts c JOIN dashboard.dashboards d ON d.id = c.dashboard_id WHERE c.id = ANY($1::uuid[])`,
          [ids],
        );
        const byId = new Map(now.rows.map((r) => [r.id, r]));
        for (const [id, change] of last) {
          const row = byId.get(id);
          await enqueueEvent(
            tx,
            DASHBOARD_SCHEMA,
            encodeChartChanged(id, {
              changeKind: row ? 'saved' : 'deleted',
              dashboardId: row?.dashboard_id ?? change.dashboard_id,
              tab: row?.tab ?? change.tab,
              chartJson: row ? JSON.stringify(chartOf(row)) : '',
              dashboardOwnerId: row?.owner ?? '',
              version: Number(change.seq),
            }),
          );
        }
        await tx.query('DELETE FROM dashboard.chart_changes WHERE seq = ANY($1::bigint[])', [rows.map((r) => r.seq)]);
        return last.size;
      });
      total += n;
      if (n === 0) break;
    }
    if (total) void this.relay.nudge();
    return total;
  }
}
