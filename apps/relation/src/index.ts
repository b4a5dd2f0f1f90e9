import { Module } from '@nestjs/common';
import { migrate } from '@bi/persistence';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { RELATION_MIGRATIONS, RELATION_SCHEMA } from './migrations.js';
import { RelationGrpcController } from './relation.grpc.controller.js';
import { RelationService } from './relation.service.js';

@Module({})
export class RelationModule {}

export { RELATION_MIGRATIONS, RELATION_SCHEMA } from './migrations.js';

/** Migrates the relation schema and serves RelationService (maps, folders, nodes; broken nodes from dashboard.chart-changed). */
export async function startRelationService(runtime: ServiceRuntime, url: string) {
  await migrate(runtime.db, RELATION_SCHEMA, RELATION_MIGRATIONS);
  return startGrpcService('relation', serviceModule(RelationModule, 'relation', runtime, { controllers: [RelationGrpcController], providers: [RelationService] }), runtime, url);
}
