import { sourceTarget } from '@bi/access';
import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@bi/core';
import type { dataSourceQueryV1, dataSourceV1, identityV1 } from '@bi/proto';
import { MAX_ROW_RULES, parseRowRules } from '@bi/query';
import { INPUT_BOUNDS } from '@bi/rules';
import { z } from 'zod';
import { DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequireAdmin, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { actorOf } from './source-access.js';

const id = z.string().min(1).max(64);
const value = z.union([z.string().max(INPUT_BOUNDS.filterValueChars), z.number(), z.null()]).optional();
const ruleBody = z.object({
  roleId: id.optional(),
  userId: id.optional(),
  field: z.string().min(1).max(256),
  compare: z.enum(['=', '!=', '<', '<=', '>', '>=', 'between', 'like', 'notLike']),
  compareValue: value,
  compareValueLeft: value,
  compareValueRight: value,
});
const rulesBody = z.object({ denyByDefault: z.boolean().default(false), rules: z.array(ruleBody).max(MAX_ROW_RULES).default([]) });

/**
 * Row-level rules of a source (issue 17 #6, docs/api/sharing.md "Row-level rules"): admin only —
 * a holder of datasource:edit could otherwise lift the rules that bind themselves. Stored beside the
 * source in data-source (which checks fields, operators and values against the source); every
 * change is written to identity's audit log.
 */
@ApiTags('data_source')
@ApiBearerAuth()
@RequireAdmin()
@Controller('data_source')
export class RowRulesController {
  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
  ) {}

  @Get('row_rules/:dataSourceId')
  @ApiOperation({ summary: "A source's row-level rules {dataSourceId, denyByDefault, rules: [{roleId | userId, field, compare, compareValue | compareValueLeft + compareValueRight}]} (admin)" })
  async get(@Param('dataSourceId') dataSourceId: string) {
    const source = await rpc(this.queries.describe({ dataSourceId: parseInput(id, dataSourceId) }));
    // a joined table's description also carries its inputs' rules: those are edited on the inputs
    const { denyByDefault, rules } = parseRowRules(source.rowRulesJson);
    return { dataSourceId: source.dataSourceId, denyByDefault, rules };
  }

  @Put('row_rules/:dataSourceId')
  @ApiOperation({ summary: "Replace a source's row-level rules {denyByDefault, rules}: the stored rules (admin; audited)" })
  @ApiBody({ schema: { type: 'object', properties: { denyByDefault: { type: 'boolean' }, rules: { type: 'array', items: { type: 'object' } } } } })
  async put(@Param('dataSourceId') dataSourceId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const sourceId = parseInput(id, dataSourceId);
    const b = parseInput(rulesBody, body);
    await this.checkHolders(b.rules);
    const r = await rpc(this.sources.setRowRules({ dataSourceId: sourceId, rulesJson: JSON.stringify(b), actor: actorOf(user) }));
    const after = JSON.parse(r.rulesJson) as { denyByDefault: boolean; rules: unknown[] };
    await rpc(
      this.identity.recordAudit({
        actor: { userId: user.userId, userName: user.userName },
        action: 'row_rules.set',
        target: sourceTarget(sourceId),
        detailJson: JSON.stringify({ before: r.beforeJson ? JSON.parse(r.beforeJson) : null, after }),
      }),
    );
    return { dataSourceId: sourceId, ...after };
  }

  /** Every role and user a rule names exists (identity). */
  private async checkHolders(rules: { roleId?: string; userId?: string }[]): Promise<void> {
    if (!rules.length) return;
    const all = await rpc(this.identity.listRolesUsers({}));
    const roles = new Set(all.roles.map((r) => r.id));
    const users = new Set(all.users.map((u) => u.id));
    const unknown = [...new Set(rules.flatMap((r) => [r.roleId && !roles.has(r.roleId) ? r.roleId : '', r.userId && !users.has(r.userId) ? r.userId : ''].filter(Boolean)))];
    if (unknown.length) throw new AppError('invalid', 'row_rules.unknown_target', { ids: unknown.slice(0, 5).join(', ') });
  }
}
