import { Body, Controller, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags, type ApiBodyOptions } from '@nestjs/swagger';
import type { identityV1 } from '@bi/proto';
import { z } from 'zod';
import { IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequireAdmin, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';

const userId = z.string().min(1).max(64);
const roleIds = z.array(z.string().min(1).max(64)).max(20).default([]);
const createBody = z.object({
  userName: z.string().max(64).default(''),
  displayName: z.string().max(64).default(''),
  password: z.string().max(256).default(''),
  roleIds,
});
const disabledBody = z.object({ disabled: z.boolean() });
const passwordBody = z.object({ password: z.string().max(256).default('') });
const rolesBody = z.object({ roleIds });
const grantTarget = z.string().regex(/^(datasource|relation|template):[A-Za-z0-9_-]{1,64}$/, 'expected datasource:{id}, relation:{id} or template:{id}');
const auditQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100), before: z.coerce.number().int().min(0).default(0) });
type Schema = { type: string; items?: Schema };
const obj = (properties: Record<string, Schema>, required: string[] = []): ApiBodyOptions => ({ schema: { type: 'object', required, properties } });
const strings: Schema = { type: 'array', items: { type: 'string' } };

/** User administration and the audit log, for admins only (docs/api/identity-admin.md). */
@ApiTags('identity-admin')
@ApiBearerAuth()
@RequireAdmin()
@Controller('identity/admin')
export class IdentityAdminController {
  constructor(@Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient) {}

  @Get('users')
  @ApiOperation({ summary: 'Every user: [{id, userName, displayName, disabled, mustChangePassword, roles, createdAt}]' })
  async users() {
    return (await rpc(this.identity.listUsers({}))).users;
  }

  @Get('roles')
  @ApiOperation({ summary: 'Every role: [{id, name, permissions, userCount}]' })
  async roles() {
    return (await rpc(this.identity.listRoles({}))).roles;
  }

  @Post('users')
  @ApiOperation({ summary: 'Create a user {userName, displayName?, password, roleIds}; the password must be changed at the first sign-in' })
  @ApiBody(obj({ userName: { type: 'string' }, displayName: { type: 'string' }, password: { type: 'string' }, roleIds: strings }, ['userName', 'password']))
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(createBody, body);
    return rpc(this.identity.createUser({ ...b, actor: actorOf(user) }));
  }

  @Put('users/:userId/disabled')
  @ApiOperation({ summary: 'Disable or enable a user {disabled}; the last admin cannot be disabled' })
  @ApiBody(obj({ disabled: { type: 'boolean' } }, ['disabled']))
  async setDisabled(@Param('userId') id: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(disabledBody, body);
    return rpc(this.identity.setUserDisabled({ userId: parseInput(userId, id), disabled: b.disabled, actor: actorOf(user) }));
  }

  @Post('users/:userId/password')
  @ApiOperation({ summary: "Reset a user's password {password}; it must be changed at the next sign-in" })
  @ApiBody(obj({ password: { type: 'string' } }, ['password']))
  async resetPassword(@Param('userId') id: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(passwordBody, body);
    return rpc(this.identity.resetPassword({ userId: parseInput(userId, id), password: b.password, actor: actorOf(user) }));
  }

  @Put('users/:userId/roles')
  @ApiOperation({ summary: "Set a user's roles {roleIds}; the last admin keeps role admin" })
  @ApiBody(obj({ roleIds: strings }, ['roleIds']))
  async setRoles(@Param('userId') id: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(rolesBody, body);
    return rpc(this.identity.setUserRoles({ userId: parseInput(userId, id), roleIds: b.roleIds, actor: actorOf(user) }));
  }

  @Get('users/:userId/grants')
  @ApiOperation({ summary: "A user's effective permissions and grants: {user, permissions, grants: [{target, via, roleId}]}" })
  async grants(@Param('userId') id: string) {
    const r = await rpc(this.identity.getUserGrants({ userId: parseInput(userId, id) }));
    return { user: r.user, permissions: r.permissions, grants: r.grants.map((g) => ({ target: g.target, via: g.via, roleId: g.roleId || null })) };
  }

  @Get('grants')
  @ApiOperation({ summary: 'Who holds a target (?target=datasource:{id}): {target, roles, users}' })
  async holders(@Query('target') target: unknown) {
    const t = parseInput(grantTarget, Array.isArray(target) ? target[0] : (target ?? ''));
    const r = await rpc(this.identity.listGrants({ target: t }));
    return { target: t, roles: r.roles, users: r.users };
  }

  @Get('audit')
  @ApiOperation({ summary: 'The audit log, newest first (?limit=1..500&before={id}): [{id, at, actorId, actorName, action, target, detail}]' })
  async audit(@Query() query: unknown) {
    const q = parseInput(auditQuery, query);
    const r = await rpc(this.identity.listAudit({ limit: q.limit, before: q.before }));
    return r.entries.map(({ detailJson, ...e }) => ({ ...e, id: Number(e.id), detail: JSON.parse(detailJson || '{}') as Record<string, unknown> }));
  }
}

function actorOf(user: AuthUser): identityV1.Actor {
  return { userId: user.userId, userName: user.userName };
}
