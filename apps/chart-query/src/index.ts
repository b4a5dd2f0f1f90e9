import { Module } from '@nestjs/common';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { ChartQueryGrpcController } from './chart-query.grpc.controller.js';

@Module({})
export class ChartQueryModule {}

export function startChartQueryService(runtime: ServiceRuntime, url: string) {
  return startGrpcService('chart-query', serviceModule(ChartQueryModule, 'chart-query', runtime, { controllers: [ChartQueryGrpcController] }), runtime, url);
}
