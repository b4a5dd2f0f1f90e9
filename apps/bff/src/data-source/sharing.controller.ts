import { sourceTarget } from '@bi/access';
import { Body, Controller, Get, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@bi/core';
import { translate, type Language } from '@bi/i18n';
import type { dataSourceV1, identityV1 } from '@bi/proto';
import { sourceMay } from '@bi/rules';
import { z } from 'zod';
import { DATA_SOURCE_CLIENT, IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { shareForm } from '../identity/share-form.js';
import { parseInput } from '../http/validation.js';
import { canShareSource } from './source-access.js';

const MAX_SOURCES = 500;
const MAX_HOLDERS = 1000;
const id = z.string().min(1).max(64);
const holders = { roleIds: z.array(id).max(MAX_HOLDERS).default([]), userIds: z.array(id).max(MAX_HOLDERS).default([]) };
const publishBody = z.object(holders);
const batchBody = z.object({
  dataSourceIds: z.array(id).max(MAX_SOURCES).default([]),
  ...holders,
  publishType: z.enum(['add', 'remove']),
  projectId: z.string().max(64).default(''),
});
const holderSchema = { type: 'array', items: { type: 'string' } };

/** One line of the publish failure log (spec 02 §3). */
export interface PublishFailure {
  dataSourceId: string;
  dataSourceName: string;
  failedMessage: string;
}

type Req = { headers: Record<string, string | string[] | undefined> };
type Source = dataSourceV1.DataSource;

/**
 * Sharing data sources with roles and users (spec 02 §7 "Sharing", docs/api/sharing.md): the grant
 * datasource:{id} in identity. Who may share: admin, or datasource:edit with access to the source.
 */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:edit')
@Controller('data_source')
export class SharingController {
  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
  ) {}

  @Get('roles_users')
  @ApiOperation({ summary: 'Roles and users to share with: {roles, users, selectRoles: [], selectUsers: []}' })
  async rolesUsers() {
    return shareForm(this.identity);
  }

  @Get('roles_users/:dataSourceId')
  @ApiOperation({ summary: "The share form of one source: {roles, users, selectRoles, selectUsers} (the ids holding the source's grant)" })
  async rolesUsersOf(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    const s = await rpc(this.sources.getSource({ dataSourceId: parseInput(id, dataSourceId) }));
    if (!canShareSource(user, s)) throw new AppError('forbidden', 'auth.forbidden');
    return shareForm(this.identity, target(s.dataSourceId));
  }

  @Post('publish/:dataSourceId')
  @ApiOperation({ summary: 'Share one source with exactly these roles and users {roleIds, userIds}: the failure log [{dataSourceId, dataSourceName, failedMessage}] (empty: shared)' })
  @ApiBody({ schema: { type: 'object', properties: { roleIds: holderSchema, userIds: holderSchema } } })
  async publish(@Param('dataSourceId') dataSourceId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req): Promise<PublishFailure[]> {
    const sourceId = parseInput(id, dataSourceId);
    const b = parseInput(publishBody, body);
    const lang = requestLanguage(req);
    const checked = await this.shareable(user, [sourceId], '', lang);
    if (!checked.ok.length) return checked.failures;
    await rpc(this.identity.changeGrants({ targets: [target(sourceId)], roleIds: b.roleIds, userIds: b.userIds, mode: 'set', actor: actorOf(user) }));
    return checked.failures;
  }

  @Post('batch_publish')
  @ApiOperation({
    summary: 'Add or remove shares of several sources {dataSourceIds, roleIds, userIds, publishType: add|remove, projectId}: the failure log (sources that failed; the others are changed)',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['dataSourceIds', 'publishType'],
      properties: { dataSourceIds: holderSchema, roleIds: holderSchema, userIds: holderSchema, publishType: { type: 'string', enum: ['add', 'remove'] }, projectId: { type: 'string' } },
    },
  })
  async batchPublish(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req): Promise<PublishFailure[]> {
    const b = parseInput(batchBody, body);
    const ids = [...new Set(b.dataSourceIds)];
    if (!ids.length) throw new AppError('invalid', 'share.no_source_selected');
    if (!b.roleIds.length && !b.userIds.length) throw new AppError('invalid', 'share.no_holder_selected');
    const checked = await this.shareable(user, ids, b.projectId, requestLanguage(req));
    if (checked.ok.length)
      await rpc(this.identity.changeGrants({ targets: checked.ok.map((s) => target(s.dataSourceId)), roleIds: b.roleIds, userIds: b.userIds, mode: b.publishType, actor: actorOf(user) }));
    return checked.failures;
  }

  /** The sources the caller may share (in projectId when given), and a failure line for each other one. */
  private async shareable(user: AuthUser, ids: string[], projectId: string, lang: Language): Promise<{ ok: Source[]; failures: PublishFailure[] }> {
    const found = await Promise.all(ids.map((dataSourceId) => rpc(this.sources.getSource({ dataSourceId })).catch((e: unknown) => (isMissing(e) ? undefined : Promise.reject(e)))));
    const ok: Source[] = [];
    const failures: PublishFailure[] = [];
    found.forEach((s, i) => {
      const dataSourceId = ids[i]!;
      // the registry says which kinds may be shared at all (every kind today), then the access policy who may
      if (!s || !sourceMay(s, 'share') || !canShareSource(user, s)) failures.push({ dataSourceId, dataSourceName: dataSourceId, failedMessage: translate('share.not_allowed', lang) });
      else if (projectId && s.projectId !== projectId) failures.push({ dataSourceId, dataSourceName: s.name, failedMessage: translate('share.not_in_folder', lang) });
      else ok.push(s);
    });
    return { ok, failures };
  }
}

/** An unknown source id (a failure line, like a source the caller may not see); other errors fail the call. */
function isMissing(e: unknown): boolean {
  return e instanceof AppError && (e.kind === 'not_found' || e.kind === 'invalid');
}

function target(dataSourceId: string): string {
  return sourceTarget(dataSourceId);
}

function actorOf(user: AuthUser): identityV1.Actor {
  return { userId: user.userId, userName: user.userName };
}
