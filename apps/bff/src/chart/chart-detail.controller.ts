import { Body, Controller, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { chartQueryV1 } from '@bi/proto';
import { CHART_DETAIL_EXPORT_MAX_ROWS, INPUT_BOUNDS } from '@bi/rules';
import { CONFIG, deadlines } from '@bi/service-kit';
import { of } from 'rxjs';
import { z } from 'zod';
import { tabAccess } from '../dashboard/tab-access.js';
import { viewerOf } from '../data-source/source-access.js';
import { writeXlsx } from '../data-source/xlsx-export.js';
import { CHART_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { ChartAccess, detailsAnswer, detailsBody, filterKeyQuery } from './chart.controller.js';

const nullable = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === null ? undefined : v), s.optional());

/** POST /api/field/inner_range (docs/api/chart.md "Inner filter values"). */
const innerRangeBody = z.object({
  tab: z.string().max(16),
  chartId: z.string().min(1).max(64),
  name: z.string().min(1).max(128),
  search: nullable(z.string().max(INPUT_BOUNDS.filterValueChars)),
  limit: nullable(z.number().int().min(1).max(INPUT_BOUNDS.filterValues)),
});

/** The export's body: the view's filters as the detail dialog sends them (paging is the export's own). */
const exportBody = detailsBody.omit({ pageIndex: true, pageSize: true });

interface Details {
  columns: { key: string; name: string; title: string; dataType: string }[];
  rows: Record<string, unknown>[];
  hasMore: boolean;
}

type XlsxResponse = Parameters<typeof writeXlsx>[1];

/**
 * The chart box's inner filter values (spec 01 §7 "Filters") and the export of a chart's detail rows as
 * an .xlsx file (the detail dialog's and the more menu's export; docs/api/chart.md).
 */
@ApiBearerAuth()
@Controller()
export class ChartDetailController {
  private readonly deadlineMs: number;

  constructor(
    private readonly access: ChartAccess,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.deadlineMs = deadlines(config).chart;
  }

  @Post('field/inner_range')
  @ApiTags('field')
  @ApiOperation({ summary: "Values of an inner filter field {tab, chartId, name, search?, limit?}: text {name, dataType, values: [{value, count}], more}; number / date {name, dataType, min, max}" })
  async innerRange(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(innerRangeBody, body);
    const t = tabAccess(user, b.tab, 'read');
    const { record, source } = await this.access.chartWithSource(user, t, b.chartId);
    if (!source) throw new AppError('invalid', 'chart.source_required');
    const reply = await rpc(
      this.charts.fieldRange({ tab: t, chartId: record.chartId, chartJson: record.chartJson, source, field: b.name, search: b.search ?? '', limit: b.limit ?? 0, viewer: viewerOf(user) }),
      this.deadlineMs,
    );
    return JSON.parse(reply.answerJson) as unknown;
  }

  @Post('dashboard/export_details/:tab/:chartId')
  @ApiTags('dashboard')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: `The detail rows of a chart (?filterKey= one point) under every filter of the view {innerFilters, globalFilters, filter} as .xlsx; refused above ${CHART_DETAIL_EXPORT_MAX_ROWS} rows` })
  async export(@Param('tab') tab: string, @Param('chartId') chartId: string, @Query('filterKey') filterKey: unknown, @Body() body: unknown, @CurrentUser() user: AuthUser, @Res() res: XlsxResponse) {
    const key = parseInput(filterKeyQuery, (Array.isArray(filterKey) ? filterKey[0] : filterKey) ?? '');
    const b = parseInput(exportBody, body);
    const q = { innerFilters: b.innerFilters, globalFilters: b.globalFilters, filter: b.filter, search: b.search, drill: b.drill, pageIndex: 1, pageSize: CHART_DETAIL_EXPORT_MAX_ROWS, pointKey: key };
    const details = JSON.parse(await detailsAnswer(this.access, this.charts, this.deadlineMs, user, tab, chartId, q)) as Details;
    // spec 01 §5: refused with a hint above the limit (nothing is written)
    if (details.hasMore) throw new AppError('invalid', 'export.too_many_rows', { max: CHART_DETAIL_EXPORT_MAX_ROWS });
    const { record } = await this.access.chartWithSource(user, tabAccess(user, tab, 'read'), chartId);
    const title = (JSON.parse(record.chartJson) as { title?: string }).title || 'details';
    const batch = {
      columns: details.columns.map((c) => ({ name: c.name, title: c.title || c.name, dataType: c.dataType })),
      rowsJson: JSON.stringify(details.rows.map((r) => details.columns.map((c) => r[c.key] ?? null))),
    };
    await writeXlsx(of(batch), res, title, this.deadlineMs);
  }
}
