import { Module } from '@nestjs/common';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { WarningGrpcController } from './warning.grpc.controller.js';

@Module({})
export class WarningModule {}

export function startWarningService(runtime: ServiceRuntime, url: string) {
  return startGrpcService('warning', serviceModule(WarningModule, 'warning', runtime, { controllers: [WarningGrpcController] }), runtime, url);
}
