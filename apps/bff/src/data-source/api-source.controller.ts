import type { ServerResponse } from 'node:http';
import { Body, Controller, Get, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiCreateBodySchema, apiPreviewBodySchema, apiUpdateBodySchema } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import type { dataSourceV1 } from '@bi/proto';
import { CONFIG, deadlines } from '@bi/service-kit';
import { DATA_SOURCE_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { rpcUntilClosed } from '../excel-upload/excel-upload.controller.js';
import { actorOf, checkSourceAccess, sourceView } from './source-access.js';

const json = (text: string) => (text ? JSON.parse(text) : null);

/**
 * HTTP API sources (module flag `api`; docs/api/data-source.md "HTTP API sources"): preview, create,
 * settings read back (without secrets) and changed. Bodies are parsed with the shared schema
 * (@bi/chart-model apiSettingsSchema); the data-source service parses the settings again.
 */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:edit')
@Controller('data_source/api')
export class ApiSourceController {
  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('preview')
  @ApiOperation({ summary: 'The first 100 rows of an API and the columns they suggest {settings, dataSourceId?}; with dataSourceId (an edit) the stored secrets fill blank ones for the same origin' })
  async preview(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(apiPreviewBodySchema, body);
    if (b.dataSourceId) checkSourceAccess(user, await rpc(this.sources.getSource({ dataSourceId: b.dataSourceId })), 'write');
    const r = await rpc(this.sources.previewApiSource({ dataSourceId: b.dataSourceId, projectId: '', name: '', settingsJson: JSON.stringify(b.settings), actor: actorOf(user) }), deadlines(this.config).source);
    return { columns: json(r.columnsJson) ?? [], rows: json(r.rowsJson) ?? [], rowCount: r.rowCount };
  }

  @Post(':projectId')
  @ApiOperation({ summary: 'Create an API source in a folder {name, settings}: every page read into the analytics store; answers the source and its row count' })
  async create(@Param('projectId') projectId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: ServerResponse) {
    const b = parseInput(apiCreateBodySchema, body);
    const r = await rpcUntilClosed(this.sources.createApiSource({ dataSourceId: '', projectId, name: b.name, settingsJson: JSON.stringify(b.settings), actor: actorOf(user) }), res, deadlines(this.config).import);
    return { dataSource: sourceView(user, r.dataSource!), settings: json(r.settingsJson), rowCount: r.rowCount };
  }

  @Put(':dataSourceId')
  @ApiOperation({ summary: "Change an API source's request settings {settings}; a blank secret keeps the stored one (same origin); the columns stay the stored table's" })
  async update(@Param('dataSourceId') dataSourceId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(apiUpdateBodySchema, body);
    checkSourceAccess(user, await rpc(this.sources.getSource({ dataSourceId })), 'write');
    const r = await rpc(this.sources.updateApiSource({ dataSourceId, projectId: '', name: '', settingsJson: JSON.stringify(b.settings), actor: actorOf(user) }));
    return { dataSource: sourceView(user, r.dataSource!), settings: json(r.settingsJson) };
  }

  @Get(':dataSourceId')
  @ApiOperation({ summary: "An API source's settings, secrets withheld (secretSet: true where one is stored)" })
  async get(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    checkSourceAccess(user, await rpc(this.sources.getSource({ dataSourceId })), 'write');
    const r = await rpc(this.sources.getApiSource({ dataSourceId, projectId: '', name: '', settingsJson: '', actor: actorOf(user) }));
    return { dataSource: sourceView(user, r.dataSource!), settings: json(r.settingsJson) };
  }
}
