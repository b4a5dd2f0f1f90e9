import { Inject, Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import { TOPICS, type EventBus, type Subscription } from '@bi/messaging';
import { eventsV1, type dashboardV1 } from '@bi/proto';
import { CONFIG, EVENT_BUS, LOGGER } from '@bi/service-kit';
import { BACKENDS } from './backends.js';
import { RollupKeeper } from './rollup-keeper.js';

export const ROLLUP_FILTERS_GROUP = 'chart-query-rollup-filters';

/**
 * A dashboard's global filters saved (its `dashboard.saved` notice, what "filters"): the rollups of
 * the sources of its charts are chosen again (RollupKeeper), so the filters' fields become their
 * dimensions (issue 31: "the dashboards' filter fields") and a dashboard filter on a field no chart
 * groups by hits a rollup. The notice is best effort; the next data change or chart save chooses
 * with the filters anyway.
 */
@Injectable()
export class RollupFiltersListener implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(BACKENDS) private readonly backends: { getDashboard?(tab: string, dashboardId: string): Promise<dashboardV1.DashboardContent> },
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly keeper: RollupKeeper,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.charts.rollups) return;
    this.subscription = await this.bus.subscribe(TOPICS.dashboardSaved, ROLLUP_FILTERS_GROUP, async (m) => {
      const event = eventsV1.DashboardSaved.decode(m.value);
      if (event.payload?.what === 'filters') await this.filtersSaved(event.payload.tab || 'dashboard', event.aggregateId);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** The sources of the dashboard's charts get their rollups chosen again (in the background). */
  async filtersSaved(tab: string, dashboardId: string): Promise<void> {
    const { getDashboard } = this.backends;
    if (!getDashboard) return;
    const d = await getDashboard.call(this.backends, tab, dashboardId).catch((e: unknown) => {
      this.logger?.warn('rollups: dashboard not read after its filters were saved', { dashboardId, error: e });
      return undefined;
    });
    for (const id of new Set((d?.charts ?? []).map((c) => c.dataSourceId).filter(Boolean))) void this.keeper.schedule(id);
  }
}
