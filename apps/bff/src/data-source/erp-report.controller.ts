import { Body, Controller, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { erpAccountBody, erpProgramId, erpReportPayload } from '@bi/chart-model';
import type { dataSourceV1 } from '@bi/proto';
import { CONFIG, deadlines } from '@bi/service-kit';
import { z } from 'zod';
import { DATA_SOURCE_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { actorOf, checkSourceAccess, sourceView } from './source-access.js';

const request = (r: Partial<dataSourceV1.ErpReportRequest>): dataSourceV1.ErpReportRequest => ({ dataSourceId: '', projectId: '', inputJson: '', actor: undefined, ...r });
const pathPart = z.string().trim().min(1).max(200);
const sourceId = z.string().trim().min(1).max(64);

/**
 * ERP report sources (type 4; spec 02 §5, docs/api/data-source.md "ERP report sources"): the report
 * wizard's calls over the ERP account's report provider, and the source's save (its rows synced).
 * Registered after every other `data_source` controller: `POST data_source/{hash}` and
 * `POST data_source/{hash}/{programId}` would otherwise take their paths.
 */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:view')
@Controller('data_source')
export class ErpReportController {
  /** a save syncs the report's rows before it answers */
  private readonly saveDeadlineMs: number;
  private readonly callDeadlineMs: number;

  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(CONFIG) config: AppConfig,
  ) {
    const d = deadlines(config);
    this.saveDeadlineMs = d.import;
    this.callDeadlineMs = d.source;
  }

  private json<T = unknown>(reply: dataSourceV1.ErpReportReply): T {
    return JSON.parse(reply.json) as T;
  }

  private async writable(user: AuthUser, dataSourceId: string) {
    const s = await rpc(this.sources.getSource({ dataSourceId }));
    checkSourceAccess(user, s, 'write');
    return s;
  }

  @Post('e10_grid_report_list')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'The report programs of an ERP account ({typeKey, displayName})' })
  async programs(@Body() body: unknown) {
    const input = parseInput(erpAccountBody, body);
    return this.json(await rpc(this.sources.erpPrograms(request({ inputJson: JSON.stringify(input) })), this.callDeadlineMs));
  }

  @Post('preview_e10_report_data')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'The first 100 rows of an ERP report source payload (not stored): {columns, data}' })
  async preview(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const input = parseInput(erpReportPayload, body);
    // the stored account of an edited source is used only by a caller who may change that source
    if (input.dataSourceId) await this.writable(user, input.dataSourceId);
    return this.json(await rpc(this.sources.erpPreview(request({ inputJson: JSON.stringify(input) })), this.callDeadlineMs));
  }

  @Get('e10_report_url')
  @ApiOperation({ summary: 'The ERP page of a source’s report ({url}), opened in a new window' })
  async reportUrl(@Query('dataSourceId') dataSourceId: unknown, @CurrentUser() user: AuthUser) {
    const id = parseInput(sourceId, dataSourceId);
    const s = await rpc(this.sources.getSource({ dataSourceId: id }));
    checkSourceAccess(user, s, 'read');
    return this.json(await rpc(this.sources.erpReportUrl(request({ dataSourceId: id })), this.callDeadlineMs));
  }

  @Get('e10_projs/:id')
  @ApiOperation({ summary: 'The settings of an ERP report source for its edit screen (the account without its password)' })
  async settings(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    await this.writable(user, parseInput(sourceId, id));
    return this.json(await rpc(this.sources.erpGetReport(request({ dataSourceId: id }))));
  }

  @Post('update_e10_projs')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Save an edited ERP report source (settings plus updateItems); its rows synced again' })
  async update(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const input = parseInput(erpReportPayload, body);
    if (!input.dataSourceId) throw new AppError('not_found', 'datasource.not_found');
    await this.writable(user, input.dataSourceId);
    const saved = this.json<dataSourceV1.DataSource>(
      await rpc(this.sources.erpSave(request({ dataSourceId: input.dataSourceId, inputJson: JSON.stringify({ ...input, status: 'edit' }), actor: actorOf(user) })), this.saveDeadlineMs),
    );
    return sourceView(user, saved);
  }

  @Post(':hash/:programId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'One report program of an ERP account: {id, displayName, dateConditions, conditionProjects, url}' })
  async program(@Param('hash') hash: string, @Param('programId') programId: string, @Body() body: unknown) {
    parseInput(pathPart, hash);
    const input = parseInput(erpAccountBody, body);
    const inputJson = JSON.stringify({ ...input, programId: parseInput(erpProgramId, programId) });
    return this.json(await rpc(this.sources.erpProgram(request({ inputJson })), this.callDeadlineMs));
  }

  @Post(':hash')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Save an ERP report source (status create: a new source in projectId; edit: dataSourceId changed); its rows synced' })
  async save(@Param('hash') hash: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    parseInput(pathPart, hash);
    const input = parseInput(erpReportPayload, body);
    if (input.status === 'edit') {
      if (!input.dataSourceId) throw new AppError('not_found', 'datasource.not_found');
      await this.writable(user, input.dataSourceId);
    }
    const saved = this.json<dataSourceV1.DataSource>(
      await rpc(this.sources.erpSave(request({ dataSourceId: input.dataSourceId ?? '', projectId: input.projectId, inputJson: JSON.stringify(input), actor: actorOf(user) })), this.saveDeadlineMs),
    );
    return sourceView(user, saved);
  }
}
