import { Module } from '@nestjs/common';
import { migrate } from '@bi/persistence';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { TEMPLATE_MIGRATIONS, TEMPLATE_SCHEMA } from './migrations.js';
import { TemplateGrpcController } from './template.grpc.controller.js';
import { TemplateStore } from './template.store.js';

@Module({})
export class TemplateModule {}

export { TEMPLATE_MIGRATIONS, TEMPLATE_SCHEMA } from './migrations.js';

/** Migrates the template schema and serves TemplateService (docs/api/template.md). */
export async function startTemplateService(runtime: ServiceRuntime, url: string) {
  await migrate(runtime.db, TEMPLATE_SCHEMA, TEMPLATE_MIGRATIONS);
  return startGrpcService('template', serviceModule(TemplateModule, 'template', runtime, { controllers: [TemplateGrpcController], providers: [TemplateStore] }), runtime, url);
}
