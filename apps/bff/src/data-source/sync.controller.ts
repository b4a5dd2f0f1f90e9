import { Controller, Get, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@bi/core';
import { toMessageKey, translate, type Language } from '@bi/i18n';
import type { dataSourceV1 } from '@bi/proto';
import { z } from 'zod';
import { DATA_SOURCE_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';
import { actorOf, canEditSource, checkSourceAccess } from './source-access.js';

type Req = { headers: Record<string, string | string[] | undefined> };
const id = z.string().min(1).max(64);

/** A sync as the web shows it (docs/api/data-source.md "Synced copies"): the failure in the caller's language, never an engine's text. */
export interface SyncRunView {
  state: string;
  trigger: string;
  mode: string;
  rows: number | null;
  durationMs: number | null;
  error: string | null;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  runAs: string;
  requestedBy: string;
}

function runView(r: dataSourceV1.SyncRun | undefined, lang: Language): SyncRunView | null {
  if (!r) return null;
  let error: string | null = null;
  if (r.errorJson) {
    const e = JSON.parse(r.errorJson) as { key?: string; params?: Record<string, string | number> };
    error = translate(toMessageKey(e.key ?? ''), lang, e.params ?? {});
  }
  return {
    state: r.state,
    trigger: r.trigger,
    mode: r.mode,
    rows: r.rows ?? null,
    durationMs: r.durationMs ?? null,
    error,
    queuedAt: r.queuedAt || null,
    startedAt: r.startedAt || null,
    finishedAt: r.finishedAt || null,
    runAs: r.runAsName,
    requestedBy: r.requestedBy,
  };
}

/**
 * Synced copies (issue 29, docs/adr/0012-synced-copies.md): "refresh now" of a synced source and its
 * last syncs. Refreshing is for who may edit the source, the status for who may read it (@bi/access).
 */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:view')
@Controller('data_source')
export class SyncController {
  constructor(@Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient) {}

  @Post('sync/:dataSourceId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Refresh now: starts a sync of a synced source (run as its creator) and answers the run {state, trigger, mode, rows, durationMs, error, queuedAt, startedAt, finishedAt, runAs, requestedBy}; a sync already going is answered instead' })
  async refresh(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const s = await rpc(this.sources.getSource({ dataSourceId: parseInput(id, dataSourceId) }));
    if (!canEditSource(user, s)) throw new AppError('forbidden', 'auth.forbidden');
    const { run } = await rpc(this.sources.syncSource({ dataSourceId: s.dataSourceId, actor: actorOf(user) }));
    return runView(run, requestLanguage(req));
  }

  @Get('sync/:dataSourceId')
  @ApiOperation({ summary: "A source's syncs: {syncable, cacheInterval (minutes, 0 = on demand), runs: the last 20, newest first}" })
  async status(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const s = await rpc(this.sources.getSource({ dataSourceId: parseInput(id, dataSourceId) }));
    checkSourceAccess(user, s, 'read');
    const lang = requestLanguage(req);
    const r = await rpc(this.sources.syncStatus({ dataSourceId: s.dataSourceId }));
    return { syncable: r.syncable, cacheInterval: r.cacheInterval, runs: r.runs.map((x) => runView(x, lang)) };
  }
}
