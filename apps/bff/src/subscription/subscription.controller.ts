import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { subscriptionInputSchema, type SubscriptionInput } from '@bi/chart-model';
import type { warningV1 } from '@bi/proto';
import { z } from 'zod';
import { tabAccess } from '../dashboard/tab-access.js';
import { rpc, WARNING_CLIENT } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';

const idParam = z.uuid();
/** "Send now" and the preview read every chart of a dashboard for every recipient: longer than a short call */
const RUN_DEADLINE_MS = 300_000;
type Req = { headers: Record<string, string | string[] | undefined> };

/** The subscription as sent, its recipient user id 'me' being the caller (the web knows its user name, not its id). */
function withCaller(input: SubscriptionInput, user: AuthUser): SubscriptionInput {
  return { ...input, recipients: input.recipients.map((r) => (r.kind === 'user' && r.userId === 'me' ? { ...r, userId: user.userId } : r)) };
}

/**
 * Report subscriptions (issue 30; docs/api/subscription.md): a dashboard or one chart sent on a schedule
 * to product users (each under their own rights), allowed outside addresses (the owner's view) and chat
 * robots. The caller needs the dashboard tab's read permission; they manage their own subscriptions, an
 * administrator every one (GET all). The body is checked once here with the shared schema; the warning
 * service owns the rest (domains, runs, deliveries).
 */
@ApiTags('subscription')
@ApiBearerAuth()
@Controller('subscription')
export class SubscriptionController {
  constructor(@Inject(WARNING_CLIENT) private readonly warnings: warningV1.WarningServiceClient) {}

  private caller(user: AuthUser, req: Req): warningV1.SubscriptionCaller {
    tabAccess(user, 'dashboard', 'read');
    return { userId: user.userId, userName: user.userName, isAdmin: user.isAdmin, language: requestLanguage(req) };
  }

  @Get('mine')
  @ApiOperation({ summary: "The caller's subscriptions, newest first, each with its last run" })
  async mine(@CurrentUser() user: AuthUser, @Req() req: Req) {
    return JSON.parse((await rpc(this.warnings.listSubscriptions({ caller: this.caller(user, req), all: false }))).subscriptionsJson);
  }

  @Get('all')
  @ApiOperation({ summary: "Every user's subscriptions with their last runs (administrators)" })
  async all(@CurrentUser() user: AuthUser, @Req() req: Req) {
    return JSON.parse((await rpc(this.warnings.listSubscriptions({ caller: this.caller(user, req), all: true }))).subscriptionsJson);
  }

  @Post()
  @ApiOperation({ summary: 'Creates a subscription (body: the subscription without id); answers it' })
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const input = withCaller(parseInput(subscriptionInputSchema, body), user);
    const { id: _id, ...fresh } = input;
    return JSON.parse((await rpc(this.warnings.saveSubscription({ caller: this.caller(user, req), subscriptionJson: JSON.stringify(fresh) }))).subscriptionJson);
  }

  @Post('preview')
  @ApiOperation({ summary: 'The mail the caller would get from a subscription as given: {subject, html, text, attachments}; nothing is sent' })
  async preview(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const input = withCaller(parseInput(subscriptionInputSchema, body), user);
    const r = await rpc(this.warnings.previewSubscription({ caller: this.caller(user, req), subscriptionJson: JSON.stringify(input) }), RUN_DEADLINE_MS);
    return { subject: r.subject, html: r.html, text: r.text, attachments: JSON.parse(r.attachmentsJson || '[]') };
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a subscription (its owner or an administrator); answers it' })
  async update(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const input = withCaller(parseInput(subscriptionInputSchema, body), user);
    return JSON.parse((await rpc(this.warnings.saveSubscription({ caller: this.caller(user, req), subscriptionJson: JSON.stringify({ ...input, id: parseInput(idParam, id) }) }))).subscriptionJson);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a subscription (its owner or an administrator)' })
  async remove(@Param('id') id: string, @CurrentUser() user: AuthUser, @Req() req: Req) {
    return rpc(this.warnings.deleteSubscription({ caller: this.caller(user, req), id: parseInput(idParam, id) }));
  }

  @Get(':id/runs')
  @ApiOperation({ summary: "A subscription's run log, newest first: [{window, trigger, state, attempts, startedAt, finishedAt, error, recipients: [{kind, recipient, name, status, reason}]}]" })
  async runs(@Param('id') id: string, @CurrentUser() user: AuthUser, @Req() req: Req) {
    return JSON.parse((await rpc(this.warnings.subscriptionRuns({ caller: this.caller(user, req), id: parseInput(idParam, id) }))).runsJson);
  }

  @Post(':id/send')
  @ApiOperation({ summary: '"Send now": runs the subscription at once; answers the run' })
  async send(@Param('id') id: string, @CurrentUser() user: AuthUser, @Req() req: Req) {
    return JSON.parse((await rpc(this.warnings.sendSubscriptionNow({ caller: this.caller(user, req), id: parseInput(idParam, id) }), RUN_DEADLINE_MS)).runJson);
  }
}
