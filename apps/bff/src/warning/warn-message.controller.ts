import { Controller, Get, Inject, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { warningV1 } from '@bi/proto';
import { CONFIG } from '@bi/service-kit';
import { z } from 'zod';
import { rpc, WARNING_CLIENT } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';

const userNameParam = z.string().min(1).max(64);
const idParam = z.string().min(1).max(64);
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});

/** Only one's own messages: the userName of the path must be the caller's. */
function own(user: AuthUser, userName: string): void {
  if (parseInput(userNameParam, userName) !== user.userName) throw new AppError('forbidden', 'warn.own_messages_only');
}

/**
 * Warning messages of the header bell and the view-all page (spec 02 §7 Warnings; docs/api/warning.md).
 * Every signed-in user reads and marks only their own messages.
 */
@ApiTags('warnmessage')
@ApiBearerAuth()
@Controller('warnmessage')
export class WarnMessageController {
  constructor(
    @Inject(WARNING_CLIENT) private readonly warnings: warningV1.WarningServiceClient,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('message/:userName')
  @ApiOperation({ summary: "The caller's warning messages, newest first (?page=1&pageSize=20&unread=true): {list, total, unread, page, pageSize, enterpriseType}" })
  async list(@Param('userName') userName: string, @Query() query: unknown, @CurrentUser() user: AuthUser, @Req() req: { headers: Record<string, string | string[] | undefined> }) {
    own(user, userName);
    const q = parseInput(listQuery, query);
    const reply = await rpc(this.warnings.listMessages({ userId: user.userId, language: requestLanguage(req), page: q.page, pageSize: q.pageSize, unreadOnly: q.unread === 'true' }));
    return {
      list: reply.messages.map((m) => ({
        warnMessageId: m.warnMessageId,
        message: m.message,
        isRead: m.isRead,
        createDate: m.createDate,
        dashboardId: m.dashboardId,
        chartId: m.chartId,
        type: m.tab,
        warnName: m.warnName,
        isSendMail: m.isSendMail,
        isSendWechat: m.isSendWechat,
        mailStatus: m.mailStatus,
        webhookStatus: m.webhookStatus,
      })),
      total: reply.total,
      unread: reply.unread,
      page: reply.page,
      pageSize: reply.pageSize,
      // the bell shows for enterprise type 3 (BI_ENTERPRISE_TYPE)
      enterpriseType: this.config.enterpriseType,
    };
  }

  @Put('setallread/:userName')
  @ApiOperation({ summary: "Marks every unread message of the caller read: {updated}" })
  async setAllRead(@Param('userName') userName: string, @CurrentUser() user: AuthUser) {
    own(user, userName);
    return rpc(this.warnings.setAllRead({ userId: user.userId }));
  }

  @Put('readmessage/:id')
  @ApiOperation({ summary: 'Marks one of the caller\'s messages read; answers the tab of its dashboard route (dashboard or template) and the dashboard id' })
  async read(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    const reply = await rpc(this.warnings.readMessage({ userId: user.userId, warnMessageId: parseInput(idParam, id) }));
    return { type: reply.tab, dashboardId: reply.dashboardId };
  }
}
