import { Module } from '@nestjs/common';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { TemplateGrpcController } from './template.grpc.controller.js';

@Module({})
export class TemplateModule {}

export function startTemplateService(runtime: ServiceRuntime, url: string) {
  return startGrpcService('template', serviceModule(TemplateModule, 'template', runtime, { controllers: [TemplateGrpcController] }), runtime, url);
}
