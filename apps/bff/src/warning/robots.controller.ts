import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { robotInputSchema, ROBOT_BOUNDS, ROBOT_VENDOR_NAMES } from '@bi/chart-model';
import type { warningV1 } from '@bi/proto';
import { z } from 'zod';
import { WARNING_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequireAdmin, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';

const robotId = z.string().uuid();
const robotBody = { schema: { type: 'object', required: ['name', 'vendor'], properties: { name: { type: 'string', maxLength: ROBOT_BOUNDS.name }, vendor: { type: 'string', enum: [...ROBOT_VENDOR_NAMES] }, webhookUrl: { type: 'string' }, secret: { type: 'string' } } } };

/**
 * Chat robots, for administrators (docs/api/robots.md): name, vendor (wecom, dingtalk, feishu, slack),
 * webhook URL and secret, kept by the warning service. The URL passes the outbound targets policy when
 * saved; the URL and the secret are never answered (a robot reads back as its URL's scheme and host and
 * whether it has a secret), an edit's empty URL or secret keeps the stored one.
 */
@ApiTags('robots')
@ApiBearerAuth()
@RequireAdmin()
@Controller('robots')
export class RobotsAdminController {
  constructor(@Inject(WARNING_CLIENT) private readonly warning: warningV1.WarningServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Every robot: [{id, name, vendor, urlHint, hasSecret, updatedBy, updatedAt}]' })
  async list() {
    return (await rpc(this.warning.listRobots({}))).robots;
  }

  @Post()
  @ApiOperation({ summary: 'Add a robot {name, vendor, webhookUrl, secret?}: the robot' })
  @ApiBody(robotBody)
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(robotInputSchema, body);
    return (await rpc(this.warning.saveRobot({ id: '', ...b, actor: user.userId }))).robot;
  }

  @Put(':robotId')
  @ApiOperation({ summary: 'Edit a robot {name, vendor, webhookUrl? (empty: kept), secret? (empty: kept unless the URL changes)}: the robot' })
  @ApiBody(robotBody)
  async edit(@Param('robotId') id: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(robotInputSchema, body);
    return (await rpc(this.warning.saveRobot({ id: parseInput(robotId, id), ...b, actor: user.userId }))).robot;
  }

  @Delete(':robotId')
  @ApiOperation({ summary: 'Delete a robot' })
  async remove(@Param('robotId') id: string) {
    return rpc(this.warning.deleteRobot({ id: parseInput(robotId, id) }));
  }
}

/** The robots a chart can be shared to (the share dialog; any signed-in user): names and vendors only. */
@ApiTags('robots')
@ApiBearerAuth()
@Controller('robots')
export class RobotChoicesController {
  constructor(@Inject(WARNING_CLIENT) private readonly warning: warningV1.WarningServiceClient) {}

  @Get('choices')
  @ApiOperation({ summary: 'The robots to share a chart to: [{id, name, vendor}]' })
  async choices() {
    return (await rpc(this.warning.listRobots({}))).robots.map((r) => ({ id: r.id, name: r.name, vendor: r.vendor }));
  }
}
