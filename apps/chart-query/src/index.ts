import { Module } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { CONFIG, serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { ChartQueryGrpcController } from './chart-query.grpc.controller.js';
import { BACKENDS, ChartRunner, GrpcBackends } from './chart-runner.js';
import { DataChangedListener } from './result-cache.js';
import { RollupKeeper } from './rollup-keeper.js';
import { RollupHits } from './rollup-hits.js';

export { resultCachePrefix } from './result-cache.js';

@Module({})
export class ChartQueryModule {}

export function startChartQueryService(runtime: ServiceRuntime, url: string) {
  return startGrpcService(
    'chart-query',
    serviceModule(ChartQueryModule, 'chart-query', runtime, {
      controllers: [ChartQueryGrpcController],
      providers: [DataChangedListener, RollupKeeper, RollupHits, ChartRunner, { provide: BACKENDS, useFactory: (config: AppConfig) => new GrpcBackends(config), inject: [CONFIG] }],
    }),
    runtime,
    url,
  );
}
