import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_KEY_SCOPES, canGrantScope } from '@bi/access';
import { AppError } from '@bi/core';
import type { identityV1 } from '@bi/proto';
import { z } from 'zod';
import { IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequireAdmin, principalOf, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';

/** Bounds of a key (docs/api/api-keys.md): 1..365 days, 90 by default. */
export const API_KEY_DEFAULT_DAYS = 90;
export const API_KEY_MAX_DAYS = 365;

const createBody = z.object({
  name: z.string().trim().min(1).max(64),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
  expiresInDays: z.number().int().min(1).max(API_KEY_MAX_DAYS).default(API_KEY_DEFAULT_DAYS),
});
const keyId = z.string().uuid();

/** What a key looks like in an answer: never its secret, nor its hash. */
function view(k: identityV1.ApiKey) {
  return {
    id: k.id,
    name: k.name,
    scopes: k.scopes,
    hint: k.hint,
    userId: k.userId,
    userName: k.userName,
    createdAt: k.createdAt,
    expiresAt: k.expiresAt,
    revokedAt: k.revokedAt || null,
    lastUsedAt: k.lastUsedAt || null,
    lastUsedIp: k.lastUsedIp || null,
  };
}

const actorOf = (user: AuthUser): identityV1.Actor => ({ userId: user.userId, userName: user.userName });

/** A user's own API keys (docs/api/api-keys.md); an API key cannot call these (only a person makes keys). */
@ApiTags('api-keys')
@ApiBearerAuth()
@Controller('identity/api-keys')
export class ApiKeysController {
  constructor(@Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The caller's keys, newest first: [{id, name, scopes, hint, createdAt, expiresAt, revokedAt, lastUsedAt, lastUsedIp}]" })
  async list(@CurrentUser() user: AuthUser) {
    return (await rpc(this.identity.listApiKeys({ userId: user.userId }))).keys.map(view);
  }

  @Post()
  @ApiOperation({ summary: 'Make a key {name, scopes: [read|dashboards:write|sources:manage|admin], expiresInDays: 1..365 (90)}; the answer holds the secret, shown this once' })
  @ApiBody({ schema: { type: 'object', required: ['name', 'scopes'], properties: { name: { type: 'string' }, scopes: { type: 'array', items: { type: 'string' } }, expiresInDays: { type: 'integer' } } } })
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(createBody, body);
    const principal = principalOf(user);
    if (!b.scopes.every((s) => canGrantScope(principal, s))) throw new AppError('forbidden', 'apikey.scope_not_allowed');
    const r = await rpc(this.identity.createApiKey({ name: b.name, scopes: b.scopes, expiresInDays: b.expiresInDays, actor: actorOf(user), actorIsAdmin: user.isAdmin }));
    return { key: view(r.key!), secret: r.secret };
  }

  @Delete(':keyId')
  @ApiOperation({ summary: "Revoke one of the caller's keys; it answers 401 from then on" })
  async revoke(@Param('keyId') id: string, @CurrentUser() user: AuthUser) {
    return view(await rpc(this.identity.revokeApiKey({ keyId: parseInput(keyId, id), userId: user.userId, actor: actorOf(user) })));
  }
}

/** Every user's API keys, for administrators. */
@ApiTags('identity-admin')
@ApiBearerAuth()
@RequireAdmin()
@Controller('identity/admin/api-keys')
export class ApiKeysAdminController {
  constructor(@Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient) {}

  @Get()
  @ApiOperation({ summary: "Every user's keys, newest first (as GET /api/identity/api-keys, with userId and userName)" })
  async list() {
    return (await rpc(this.identity.listApiKeys({ userId: '' }))).keys.map(view);
  }

  @Delete(':keyId')
  @ApiOperation({ summary: "Revoke any user's key" })
  async revoke(@Param('keyId') id: string, @CurrentUser() user: AuthUser) {
    return view(await rpc(this.identity.revokeApiKey({ keyId: parseInput(keyId, id), userId: '', actor: actorOf(user) })));
  }
}
