import { Module } from '@nestjs/common';
import { migrate } from '@bi/persistence';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { ChartEvents } from './chart-events.js';
import { ChartRepository } from './chart.repository.js';
import { ChartService } from './chart.service.js';
import { DashboardGrpcController } from './dashboard.grpc.controller.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';
import { DemoDashboard } from './demo-dashboard.js';
import { DASHBOARD_MIGRATIONS, DASHBOARD_SCHEMA } from './migrations.js';
export { DASHBOARD_MIGRATIONS, DASHBOARD_SCHEMA } from './migrations.js';
import { TreeService } from './tree.service.js';
import { PublicLinks } from './public-links.js';
import { DashboardRevisions } from './revisions.service.js';

@Module({})
export class DashboardModule {}

export { demoCharts } from './demo-dashboard.js';

export async function startDashboardService(runtime: ServiceRuntime, url: string) {
  await migrate(runtime.db, DASHBOARD_SCHEMA, DASHBOARD_MIGRATIONS);
  const app = await startGrpcService(
    'dashboard',
    serviceModule(DashboardModule, 'dashboard', runtime, {
      controllers: [DashboardGrpcController],
      providers: [DashboardRepository, DashboardService, ChartRepository, ChartService, DemoDashboard, ChartEvents, TreeService, PublicLinks, DashboardRevisions],
    }),
    runtime,
    url,
  );
  // The demo dashboard of the first start (BI_DEMO), once data-source has loaded the demo source.
  if (runtime.config.demo) app.get(DemoDashboard).loadInBackground();
  return app;
}
