import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canUseSourceArea } from '@bi/access';
import { erpAccountInputSchema } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { CONFIG } from '@bi/service-kit';
import { DATA_SOURCE_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, principalOf, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { actorOf } from './source-access.js';

/** An account as the REST API shows it (spec 02 §3): the password never, only whether one is stored. */
function accountView(a: dataSourceV1.ErpAccount) {
  return { id: a.id, name: a.name, ip: a.ip, port: a.port, userName: a.userName, identity: '', hasPassword: a.hasPassword, isPrimary: a.isPrimary, isSelected: a.isSelected };
}

/**
 * ERP accounts (spec 02 §2 screen 9, §7 "ERP accounts", docs/api/data-source.md "ERP accounts"). Only
 * where the installation enables the e10report module (BI_MODULES). Reading the list needs the
 * data-source area (datasource:view), changing it datasource:edit (@bi/access canUseSourceArea).
 */
@ApiTags('e10account')
@ApiBearerAuth()
@Controller('e10account')
export class ErpAccountController {
  private readonly enabled: boolean;

  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.enabled = config.modules.includes('e10report');
  }

  @Get('primary')
  @ApiOperation({ summary: 'The primary ERP account (null when there is none)' })
  async primary(@CurrentUser() user: AuthUser) {
    this.check(user, 'read');
    const r = await rpc(this.sources.getPrimaryErpAccount({ actor: actorOf(user) }));
    return r.account ? accountView(r.account) : null;
  }

  @Get('list')
  @ApiOperation({ summary: 'Every ERP account; isSelected marks the one the caller last chose (else the primary)' })
  async list(@CurrentUser() user: AuthUser) {
    this.check(user, 'read');
    return (await rpc(this.sources.listErpAccounts({ actor: actorOf(user) }))).accounts.map(accountView);
  }

  @Post('edit')
  @ApiOperation({ summary: 'Create (no id) or change an ERP account, or choose it (isSelected); answers the list' })
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        ip: { type: 'string' },
        port: { type: 'integer' },
        userName: { type: 'string' },
        identity: { type: 'string', description: 'the password; empty keeps the stored one while ip and port stay the same' },
        isPrimary: { type: 'boolean' },
        isSelected: { type: 'boolean' },
      },
    },
  })
  async edit(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    this.check(user, 'write');
    const input = parseInput(erpAccountInputSchema, body);
    const reply = await rpc(this.sources.saveErpAccount({ ...input, actor: actorOf(user) }));
    return reply.accounts.map(accountView);
  }

  @Delete('delete/:id')
  @ApiOperation({ summary: 'Delete an ERP account (never the primary); answers the list' })
  async delete(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    this.check(user, 'write');
    return (await rpc(this.sources.deleteErpAccount({ id, actor: actorOf(user) }))).accounts.map(accountView);
  }

  private check(user: AuthUser, access: 'read' | 'write'): void {
    if (!canUseSourceArea(principalOf(user), access)) throw new AppError('forbidden', 'auth.forbidden');
    if (!this.enabled) throw new AppError('forbidden', 'e10account.module_off');
  }
}
