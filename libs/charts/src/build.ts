/** buildOption: the one entry from a chart's query result to its ECharts option, for every kind. */
import { chartKind, isChartType } from '@bi/chart-model/kinds';
import type { ChartType, OptionBuild, OptionBuilderFamily } from '@bi/chart-model';
import { buildCartesian } from './cartesian.js';
import { createContext, type BuildContext, type KindOutput } from './context.js';
import { buildCard } from './kinds/card.js';
import { buildFunnel } from './kinds/funnel.js';
import { buildGauge } from './kinds/gauge.js';
import { buildMap } from './kinds/map.js';
import { buildNav } from './kinds/nav.js';
import { buildPie } from './kinds/pie.js';
import { buildTable } from './kinds/table.js';
import { titleOption } from './layout.js';
import { compact, deepMerge, isPlainObject, parseCustomOption } from './merge.js';
import { normalizeColor } from './themes.js';
import { chartWarning, warningText } from './warnings.js';
import type { BuildOptions, ChartBuild, ChartResult, JsonObject } from './types.js';

type FamilyBuilder<F extends OptionBuilderFamily> = (ctx: BuildContext, build: Extract<OptionBuild, { family: F }>, kind: ChartType) => KindOutput;

/**
 * One builder per option builder family of the kind registry (libs/chart-model kinds.ts); the mapped
 * type makes a missing family a compile error. The cartesian kinds differ only by their registry entry.
 */
export const OPTION_BUILDERS: { readonly [F in OptionBuilderFamily]: FamilyBuilder<F> } = {
  cartesian: (ctx, { family: _family, ...spec }, kind) => buildCartesian(ctx, { ...spec, trendlines: chartKind(kind).editor.trendline }),
  table: buildTable,
  pie: buildPie,
  funnel: buildFunnel,
  gauge: buildGauge,
  card: buildCard,
  nav: buildNav,
  map: buildMap,
};

/** The option of a kind: its registry entry's builder family with the entry's build settings. */
function buildKind(ctx: BuildContext, kind: ChartType): KindOutput {
  const build = chartKind(kind).build;
  return (OPTION_BUILDERS[build.family] as FamilyBuilder<typeof build.family>)(ctx, build as never, kind);
}

/** Guards against stored or hand-written results with missing parts. */
function sanitize(result: ChartResult): ChartResult {
  const columns = Array.isArray(result.columns) ? result.columns.filter((c) => c && typeof c.alias === 'string' && c.field && typeof c.field === 'object') : [];
  const rows = Array.isArray(result.rows) ? result.rows.filter(isPlainObject) : [];
  return { ...result, columns, rows: rows as ChartResult['rows'] };
}

/**
 * The ECharts option (plain JSON: labels pre-formatted, no functions) and its meta for a chart's query
 * result. Common parts: palette (theme + colorSettings), background (property.background over the
 * theme), text colour, title (showTitle); then the kind's parts; then customOption merged over all.
 */
export function buildOption(input: ChartResult, options?: BuildOptions): ChartBuild {
  const result = sanitize(input);
  const ctx = createContext(result, options);
  const { chart, theme } = ctx;
  const kind = chart.type;
  const base: JsonObject = {
    backgroundColor: normalizeColor(chart.property?.background) ?? theme.background,
    color: ctx.palette,
    textStyle: { color: theme.text },
    title: titleOption(ctx),
  };
  if (!isChartType(kind)) {
    ctx.warnings.push(chartWarning('unknownKind', { kind: String(kind) }));
    return { option: compact(base) as JsonObject, meta: { kind, pointCount: 0, originalPointCount: 0, downsampled: false, warnings: ctx.warnings.map(warningText), notes: ctx.warnings, formatters: { series: {}, valueAxes: [], locale: ctx.options.locale } } };
  }

  const out = buildKind(ctx, kind);
  let option: JsonObject = { ...base, ...out.option };
  const custom = parseCustomOption(chart.customOption);
  if (!custom.ok) ctx.warnings.push(custom.warning);
  else if (custom.value) option = deepMerge(option, custom.value) as JsonObject;

  return {
    option: compact(option) as JsonObject,
    meta: {
      kind,
      pointCount: out.pointCount,
      originalPointCount: out.originalPointCount,
      downsampled: out.downsampled === true,
      warnings: ctx.warnings.map(warningText),
      notes: ctx.warnings,
      formatters: { series: out.formatters?.series ?? {}, ...(out.formatters?.seriesUnits ? { seriesUnits: out.formatters.seriesUnits } : {}), valueAxes: out.formatters?.valueAxes ?? [], ...(out.formatters?.categoryAxis ? { categoryAxis: out.formatters.categoryAxis } : {}), locale: ctx.options.locale },
    },
  };
}
