import { Body, Controller, Get, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { indicatorImportPayload, indicatorTreeBody, type IndicatorImportPayload } from '@bi/chart-model';
import { hasMessage, translate } from '@bi/i18n';
import type { dataSourceV1 } from '@bi/proto';
import { CONFIG, deadlines } from '@bi/service-kit';
import { z } from 'zod';
import { DATA_SOURCE_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';
import { actorOf } from './source-access.js';
import { IndicatorRelationGenerator, RELATION_FAILED, type GeneratedRelation, type ImportedTargetView } from './indicator-relation.js';

const request = (r: Partial<dataSourceV1.IndicatorRequest>): dataSourceV1.IndicatorRequest => ({ dataType: 1, projectId: '', inputJson: '', actor: undefined, ...r });
const parentQuery = z.object({ parent: z.string().trim().min(1).max(200).optional() }).strip();

interface ImportReply {
  targets: (ImportedTargetView & { failedMessage: string | null })[];
  importSuccessCount: number;
  importFailedCount: number;
}

/**
 * Indicator imports (types 1 and 5; spec 02 §4, §8, docs/api/data-source.md "Indicator imports"): the
 * lazy target tree and the imports over the report provider of an ERP account (dataType 1) or of the
 * primary ERP account (dataType 5, the yifei_* calls), and merge. Registered before ErpReportController,
 * whose `POST data_source/{hash}` would otherwise take these paths.
 */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:edit')
@Controller('data_source')
export class IndicatorController {
  /** an import syncs the targets' values before it answers */
  private readonly importDeadlineMs: number;
  private readonly callDeadlineMs: number;

  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(CONFIG) config: AppConfig,
    private readonly relations: IndicatorRelationGenerator,
  ) {
    const d = deadlines(config);
    this.importDeadlineMs = d.import;
    this.callDeadlineMs = d.source;
  }

  private json<T = unknown>(reply: dataSourceV1.IndicatorReply): T {
    return JSON.parse(reply.json) as T;
  }

  /**
   * An import (dataType 1 or 5) with each failure in the caller's language and, with generateRelation, the
   * relation map generated over the imported targets (its template checked before anything is imported; a
   * generation failing afterwards keeps the imported sources and is reported as relationFailedMessage).
   */
  private async importAnswer(dataType: 1 | 5, input: IndicatorImportPayload, user: AuthUser, req: { headers: Record<string, string | string[] | undefined> }) {
    const lang = requestLanguage(req);
    const pattern = input.generateRelation ? await this.relations.pattern(user, input) : null;
    const reply = await rpc(this.sources.indicatorImport(request({ dataType, projectId: input.projectId, inputJson: JSON.stringify({ ...input, dataType }), actor: actorOf(user) })), this.importDeadlineMs);
    const r = this.json<ImportReply>(reply);
    let relation: GeneratedRelation | null = null;
    let relationFailedMessage: string | null = null;
    if (pattern) {
      try {
        relation = await this.relations.generate(user, input, pattern, r.targets, lang);
      } catch (e) {
        const key = e instanceof AppError && hasMessage(e.key) ? e.key : RELATION_FAILED;
        relationFailedMessage = `${translate(RELATION_FAILED, lang)}${key === RELATION_FAILED ? '' : `: ${translate(key, lang)}`}`;
      }
    }
    return {
      ...r,
      targets: r.targets.map((t) => ({ ...t, failedMessage: t.failedMessage && hasMessage(t.failedMessage) ? translate(t.failedMessage, lang) : t.failedMessage })),
      relation,
      relationFailedMessage,
    };
  }

  @Post('issue_trees')
  @ApiOperation({ summary: 'The children of a node of the indicator tree of an ERP account (none: the top level): {id, text, rootText, type, child, relation}' })
  async tree(@Body() body: unknown) {
    const input = parseInput(indicatorTreeBody, body);
    return this.json(await rpc(this.sources.indicatorTree(request({ dataType: 1, inputJson: JSON.stringify(input) })), this.callDeadlineMs));
  }

  @Get('yifei_issue_trees')
  @ApiOperation({ summary: 'The children of a node of the second provider’s indicator tree (the primary ERP account; ?parent=)' })
  async yifeiTree(@Query() query: unknown) {
    const input = parseInput(parentQuery, query);
    return this.json(await rpc(this.sources.indicatorTree(request({ dataType: 5, inputJson: JSON.stringify(input) })), this.callDeadlineMs));
  }

  @Post('import_indicators')
  @ApiOperation({ summary: 'Import targets of an ERP account’s indicator system, one synced source each: {targets, importSuccessCount, importFailedCount, relation, relationFailedMessage}' })
  async importIndicators(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: { headers: Record<string, string | string[] | undefined> }) {
    return this.importAnswer(1, parseInput(indicatorImportPayload, body), user, req);
  }

  @Post('yifei_import_indicators')
  @ApiOperation({ summary: 'Import targets of the second provider (the primary ERP account), one synced source each' })
  async yifeiImport(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: { headers: Record<string, string | string[] | undefined> }) {
    return this.importAnswer(5, parseInput(indicatorImportPayload, body), user, req);
  }

  @Post('merge')
  @ApiOperation({ summary: 'Import the targets as one synced source (name required): {dataSourceId}' })
  async merge(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const input = parseInput(indicatorImportPayload, body);
    return this.json(await rpc(this.sources.indicatorMerge(request({ dataType: input.dataType, projectId: input.projectId, inputJson: JSON.stringify(input), actor: actorOf(user) })), this.importDeadlineMs));
  }
}
