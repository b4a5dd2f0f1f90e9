import { Module } from '@nestjs/common';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { RelationGrpcController } from './relation.grpc.controller.js';

@Module({})
export class RelationModule {}

export function startRelationService(runtime: ServiceRuntime, url: string) {
  return startGrpcService('relation', serviceModule(RelationModule, 'relation', runtime, { controllers: [RelationGrpcController] }), runtime, url);
}
