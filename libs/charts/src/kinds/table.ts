import type { AggregateConfig } from '@bi/chart-model';
import { columnsOf, displayExact, fieldLabel, type KindBuilder } from '../context.js';
import { categoryOf, cellText } from '../data.js';
import { periodLabel, periodOf } from '../periods.js';
import { columnStat, STAT_KEYS, type StatKey } from '../stats.js';
import { normalizeColor, readableOn } from '../themes.js';
import { chartWarning } from '../warnings.js';
import type { ChartColumn, JsonObject } from '../types.js';

const FLAGS: Record<StatKey, keyof AggregateConfig> = { sum: 'showSum', avg: 'showAvg', max: 'showMax', min: 'showMin' };
const isMeasure = (c: ChartColumn) => c.role === 'measure' || c.role === 'measure2';

/**
 * No ECharts series: `option.table` carries the columns (aliases as titles), one page of rows (display
 * texts, raw values and the category the row stands for), the statistics rows aggregateConfig turns on (over all rows; the query's totals
 * stand for the sum) and the maximum height; the web renders it with antd. Rows beyond one page are
 * paged here (page.index is 1-based); rows that fit one page are taken to be that page already.
 */
export const buildTable: KindBuilder = (ctx) => {
  const { chart, result, options, theme } = ctx;
  const columns = result.columns;
  const rowCount = result.rows.length;
  const size = result.page && result.page.size > 0 ? Math.floor(result.page.size) : options.tablePageSize;
  const index = result.page && result.page.index >= 1 ? Math.floor(result.page.index) : 1;
  const total = result.page && result.page.total >= 0 ? Math.max(Math.floor(result.page.total), rowCount > size ? rowCount : 0) : rowCount;
  const start = rowCount > size ? (index - 1) * size : 0;
  const pageRows = result.rows.slice(start, start + size);

  // a date dimension by year / quarter / month / week reads as its period ('2024-12', not the key '2024-12-01'), as on a category axis
  const periods = new Map(columns.filter((c) => !isMeasure(c) && c.field.dataType === 'date').map((c) => [c.alias, periodOf(c.field.granularity)]));
  const text = (c: ChartColumn, v: unknown): string => {
    if (isMeasure(c)) return displayExact(v as number | null, c, ctx.options.locale);
    const cell = cellText(v as string | number | null, options.labels.empty);
    const period = periods.get(c.alias);
    return period ? periodLabel(cell, period, ctx.options.locale) : cell;
  };
  // a row is a point of the chart: its dimension values name it as the other kinds name theirs (detail drill, linkage)
  const dimAliases = columnsOf(result, 'dimension').map((c) => c.alias);
  const rows: JsonObject[] = pageRows.map((row, i) => ({
    key: String(start + i),
    cells: Object.fromEntries(columns.map((c) => [c.alias, text(c, row[c.alias])])),
    values: Object.fromEntries(columns.map((c) => [c.alias, row[c.alias] ?? null])),
    ...(dimAliases.length > 0 ? { category: categoryOf(row, dimAliases, options.labels.empty) } : {}),
  }));

  const config = chart.aggregateConfig ?? {};
  const measures = columnsOf(result, 'measure', 'measure2');
  const named = config.aggregateField ? measures.filter((c) => c.field.name === config.aggregateField || c.alias === config.aggregateField) : [];
  if (config.aggregateField && named.length === 0) ctx.warnings.push(chartWarning('statisticsFieldMissingAll', { field: String(config.aggregateField) }));
  const statColumns = named.length > 0 ? named : measures;
  const labelColumn = columns.find((c) => !isMeasure(c)) ?? columns[0];
  const summary: JsonObject[] = STAT_KEYS.filter((k) => config[FLAGS[k]] === true).map((key) => {
    const cells: Record<string, string> = {};
    if (labelColumn && !statColumns.includes(labelColumn)) cells[labelColumn.alias] = options.labels[key];
    for (const c of statColumns) cells[c.alias] = displayExact(columnStat(result, c, key), c, ctx.options.locale);
    return { key, label: options.labels[key], cells };
  });

  // the table draws in its theme (the web paints its cells with these): the statistics rows on a band
  // of their own, their colour readable on it (a colour picked for a light theme stays readable on dark)
  const backgroundColor = normalizeColor(chart.property?.background) ?? theme.background;
  const colors = { backgroundColor, text: theme.text, header: theme.splitLine, border: theme.splitLine, summaryBackground: theme.splitLine };
  const summaryColor = readableOn(normalizeColor(config.showFontColor) ?? theme.text, colors.summaryBackground, theme.text);

  return {
    option: {
      table: {
        columns: columns.map((c) => ({
          key: c.alias,
          dataIndex: c.alias,
          title: fieldLabel(c.field),
          role: c.role,
          dataType: c.field.dataType,
          align: isMeasure(c) ? 'right' : 'left',
          width: typeof c.field.width === 'number' && c.field.width > 0 ? c.field.width : undefined,
          formatter: c.field.formatter ? { ...c.field.formatter } : undefined,
        })),
        rows,
        summary,
        summaryColor,
        colors,
        page: { index, size, total },
        maxHeight: options.tableMaxHeight,
      },
    },
    pointCount: pageRows.length,
    originalPointCount: total,
    formatters: { series: {}, valueAxes: [] },
  };
};
