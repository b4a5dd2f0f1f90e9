import { Module } from '@nestjs/common';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { DataSourceGrpcController } from './data-source.grpc.controller.js';

@Module({})
export class DataSourceModule {}

export function startDataSourceService(runtime: ServiceRuntime, url: string) {
  return startGrpcService('data-source', serviceModule(DataSourceModule, 'data-source', runtime, { controllers: [DataSourceGrpcController] }), runtime, url);
}
