import { Module } from '@nestjs/common';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { DashboardGrpcController } from './dashboard.grpc.controller.js';

@Module({})
export class DashboardModule {}

export function startDashboardService(runtime: ServiceRuntime, url: string) {
  return startGrpcService('dashboard', serviceModule(DashboardModule, 'dashboard', runtime, { controllers: [DashboardGrpcController] }), runtime, url);
}
