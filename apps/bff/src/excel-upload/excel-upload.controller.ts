import type { IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Delete, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { toMessageKey, translate } from '@bi/i18n';
import type { dataSourceV1 } from '@bi/proto';
import { COLUMN_CHOICES, isUploadAction } from '@bi/rules';
import { CONFIG, FIXED_DEADLINES, deadlines, fromGrpcError } from '@bi/service-kit';
import { firstValueFrom, fromEvent, take, takeUntil, timeout, type Observable } from 'rxjs';
import { z } from 'zod';
import { DATA_SOURCE_CLIENT, DATA_SOURCE_RAW_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';
import { actorOf, checkSourceAccess, sourceView } from '../data-source/source-access.js';
import { streamUpload, type RawDataSourceClient } from './multipart-upload.js';

const importBody = z.object({
  uploadId: z.string().max(64).default(''),
  sheet: z.string().max(256).default(''),
  tableName: z.string().max(200).default(''),
  dataSourceId: z.string().max(64).default(''),
  projectId: z.string().max(64).default(''),
  columns: z
    .array(
      z.object({
        name: z.string().max(1000),
        type: z.enum(COLUMN_CHOICES),
        targetName: z.string().max(1000).default(''),
      }),
    )
    .max(5000)
    .default([]),
});
const removeFieldBody = z.object({ dataSourceId: z.string().max(64).default(''), name: z.string().max(1000).default('') });
const keyList = z
  .string()
  .max(200_000)
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,15}$/, 'expected whole numbers separated by commas').transform(Number)).max(10_000));

type Req = IncomingMessage & { headers: Record<string, string | string[] | undefined> };

/** Sheets of an upload as the wizard reads them: rows keyed by column name, problems in the caller's language. */
export function uploadView(r: dataSourceV1.UploadReply, req: Req) {
  const lang = requestLanguage(req);
  return {
    uploadId: r.uploadId,
    fileName: r.fileName,
    kind: r.kind,
    size: r.size,
    sheets: r.sheets.map((s) => {
      const names = s.columns.map((c) => c.name);
      const rows = JSON.parse(s.rowsJson || '[]') as unknown[][];
      return {
        name: s.name,
        index: s.index,
        columns: s.columns.map((c) => ({ name: c.name, dataTypeDisp: c.dataTypeDisp })),
        rows: rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i] ?? null]))),
        problem: s.problem ? translate(toMessageKey(s.problem.key), lang, JSON.parse(s.problem.paramsJson || '{}')) : null,
      };
    }),
  };
}

/** Awaits a call, cancelled (gRPC cancel) when the HTTP client goes away first. */
export async function rpcUntilClosed<T>(call: Observable<T>, res: ServerResponse, deadlineMs: number): Promise<T> {
  const closed$ = fromEvent(res, 'close').pipe(take(1));
  try {
    return await firstValueFrom(call.pipe(timeout(deadlineMs), takeUntil(closed$)));
  } catch (e) {
    if ((e as Error)?.name === 'EmptyError') throw new AppError('invalid', 'excel.cancelled');
    if ((e as Error)?.name === 'TimeoutError') throw new AppError('unavailable', 'service.unavailable');
    throw fromGrpcError(e);
  }
}

/** Excel and CSV uploads (spec 02 §7 "Excel", docs/api/excel-upload.md). */
@ApiTags('excel_upload')
@ApiBearerAuth()
@RequirePermission('datasource:edit')
@Controller('excel_upload')
export class ExcelUploadController {
  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(DATA_SOURCE_RAW_CLIENT) private readonly raw: RawDataSourceClient,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('upload/:action')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Upload one .xlsx or .csv (≤ 40 MB, multipart, field "file"); answers its sheets with columns, inferred types and first rows' })
  async upload(@Param('action') action: string, @Req() req: Req, @CurrentUser() user: AuthUser) {
    if (!isUploadAction(action)) throw new AppError('invalid', 'excel.action_invalid');
    if (!this.config.modules.includes('excel')) throw new AppError('invalid', 'datasource.type_disabled', { type: 'Excel' });
    const reply = await streamUpload(req, this.raw, { action, actor: actorOf(user) }, deadlines(this.config).upload);
    return uploadView(reply, req);
  }

  @Post('import/:action')
  @ApiOperation({ summary: 'Load a sheet of an upload: a new source (create) or into an uploaded source (append, replace)' })
  async import(@Param('action') action: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: ServerResponse) {
    if (!isUploadAction(action)) throw new AppError('invalid', 'excel.action_invalid');
    const b = parseInput(importBody, body);
    if (action !== 'create') {
      if (!b.dataSourceId) throw new AppError('not_found', 'datasource.not_found');
      checkSourceAccess(user, await rpc(this.sources.getSource({ dataSourceId: b.dataSourceId })), 'write');
    }
    const r = await rpcUntilClosed(this.sources.importUpload({ ...b, action, actor: actorOf(user) }), res, deadlines(this.config).import);
    return { dataSource: sourceView(user, r.dataSource!), rowCount: r.rowCount };
  }

  @Post('Remove_field')
  @ApiOperation({ summary: 'Remove a field {dataSourceId, name} of an uploaded source, with its stored column' })
  async removeField(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(removeFieldBody, body);
    checkSourceAccess(user, await rpc(this.sources.getSource({ dataSourceId: b.dataSourceId })), 'write');
    return sourceView(user, await rpc(this.sources.removeField({ ...b, actor: actorOf(user) }), deadlines(this.config).fieldRemoval));
  }
}

/** DELETE /api/data_source/deleteExcelData/{tableName}/{keyIds} (spec 02 §7 "Sources"). */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:edit')
@Controller('data_source')
export class ExcelDataController {
  constructor(@Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient) {}

  @Delete('deleteExcelData/:tableName')
  @ApiOperation({ summary: "Without key ids: 'no excel data to delete'" })
  async deleteNone(@Param('tableName') tableName: string, @CurrentUser() user: AuthUser) {
    await this.writable(user, tableName);
    throw new AppError('invalid', 'excel.no_rows_selected');
  }

  @Delete('deleteExcelData/:tableName/:keyIds')
  @ApiOperation({ summary: 'Delete rows of an uploaded source by key_id (comma separated); answers {deleted}' })
  async delete(@Param('tableName') tableName: string, @Param('keyIds') keyIds: string, @CurrentUser() user: AuthUser) {
    const source = await this.writable(user, tableName);
    const keys = parseInput(keyList, keyIds);
    if (keys.length === 0) throw new AppError('invalid', 'excel.no_rows_selected');
    const r = await rpc(this.sources.deleteRows({ dataSourceId: source.dataSourceId, keyIds: keys, actor: actorOf(user) }), FIXED_DEADLINES.rowDeletion);
    return { dataSourceId: source.dataSourceId, deleted: r.deleted };
  }

  private async writable(user: AuthUser, tableName: string) {
    const s = await rpc(this.sources.getSource({ dataSourceId: '', tableName }));
    checkSourceAccess(user, s, 'write');
    return s;
  }
}
