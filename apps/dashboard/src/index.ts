import { Module } from '@nestjs/common';
import { migrate } from '@bi/persistence';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { DashboardGrpcController } from './dashboard.grpc.controller.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';
import { DASHBOARD_MIGRATIONS, DASHBOARD_SCHEMA } from './migrations.js';

@Module({})
export class DashboardModule {}

export async function startDashboardService(runtime: ServiceRuntime, url: string) {
  await migrate(runtime.db, DASHBOARD_SCHEMA, DASHBOARD_MIGRATIONS);
  return startGrpcService(
    'dashboard',
    serviceModule(DashboardModule, 'dashboard', runtime, { controllers: [DashboardGrpcController], providers: [DashboardRepository, DashboardService] }),
    runtime,
    url,
  );
}
