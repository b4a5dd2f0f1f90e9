import { mkdirSync } from 'node:fs';
import { Module } from '@nestjs/common';
import { migrate } from '@bi/persistence';
import { serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { seedFirstStart } from './first-start.js';
import { AdminService } from './admin.service.js';
import { ApiKeyService } from './api-keys.service.js';
import { EmbedSecretService } from './embed-secret.service.js';
import { GrantEventsListener } from './grant-events.js';
import { GrantService } from './grants.service.js';
import { IdentityGrpcController } from './identity.grpc.controller.js';
import { IdentityRepository } from './identity.repository.js';
import { IdentityService } from './identity.service.js';
import { LoginThrottle } from './login-throttle.js';
import { IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from './migrations.js';
export { IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from './migrations.js';
import { TokenService } from './token.service.js';

export { INITIAL_PASSWORD_FILE, SEEDED_ROLES } from './first-start.js';
export * from './permissions.js';

@Module({})
export class IdentityModule {}

export function identityModule(runtime: ServiceRuntime) {
  return serviceModule(IdentityModule, 'identity', runtime, {
    controllers: [IdentityGrpcController],
    providers: [IdentityRepository, IdentityService, TokenService, LoginThrottle, GrantService, AdminService, GrantEventsListener, ApiKeyService, EmbedSecretService],
  });
}

/** Migrates the identity schema, seeds the first start, and serves identity.v1 on url. */
export async function startIdentityService(runtime: ServiceRuntime, url: string) {
  mkdirSync(runtime.config.dataDir, { recursive: true });
  await migrate(runtime.db, IDENTITY_SCHEMA, IDENTITY_MIGRATIONS);
  await seedFirstStart(runtime.db, runtime.config, runtime.logger.child('identity'));
  return startGrpcService('identity', identityModule(runtime), runtime, url);
}
