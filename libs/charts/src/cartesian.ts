/**
 * The category × value kinds (bar, stack_bar, line, scatter, doubleaxis): pivot, down-sampling,
 * pre-formatted point labels, trendlines, plot lines, axes (swapped when horizontal), split lines,
 * data-zoom sliders and legend.
 */
import type { CartesianBuild, CartesianSeriesType } from '@bi/chart-model';
import { columnsOf, display, fieldLabel, formatterOf, literal, type BuildContext, type KindOutput } from './context.js';
import { pivot } from './data.js';
import { downsampleShared, pick } from './downsample.js';
import { fitHints } from './fit.js';
import { axisFormatter, formatPercent, toNumber } from './format.js';
import { axisStyle, chromeInsets, legendOption, tooltipOption } from './layout.js';
import { markLineOption, plotLineItems } from './plotlines.js';
import { leastSquares } from './stats.js';
import { periodOf } from './periods.js';
import { paletteColor } from './themes.js';
import { chartWarning } from './warnings.js';
import type { ChartColumn, Json, JsonObject } from './types.js';

/** A kind's cartesian build settings (its chart-kind registry entry) and whether it draws trendlines. */
export interface CartesianSpec extends Omit<CartesianBuild, 'family'> {
  trendlines: boolean;
}

/** Significant digits kept for computed numbers (trendlines, shares) so snapshots and JSON stay short. */
function tidy(n: number): number {
  return Number(n.toPrecision(12));
}

export function buildCartesian(ctx: BuildContext, spec: CartesianSpec): KindOutput {
  const { chart, result, theme, palette, options } = ctx;
  const primary = spec.dualAxis ? columnsOf(result, 'measure') : columnsOf(result, 'measure', 'measure2');
  const secondary = spec.dualAxis ? columnsOf(result, 'measure2') : [];
  const axisOf = (m: ChartColumn): 0 | 1 => (secondary.includes(m) ? 1 : 0);
  const valueAxisCount = secondary.length > 0 ? 2 : 1;
  const horizontal = spec.canBeHorizontal && chart.isHorizontal === true;
  const compare = columnsOf(result, 'series')[0];

  const pv = pivot(ctx, [...primary, ...secondary]);
  const ds = downsampleShared(() => pv.xs, pv.series.map((s) => s.values), options.downsampleThreshold, pv.categories.length);
  const keep = ds.indices;
  const categories = ds.downsampled ? pick(pv.categories, keep) : pv.categories;
  if (ds.downsampled) ctx.warnings.push(chartWarning('downsampled', { total: ds.originalCount, shown: keep.length }));

  // Stack keys: one stack per axis, or per measure when a compare column splits several measures.
  const stackOf = (m: ChartColumn): string | undefined => (spec.stacked ? (compare && primary.length + secondary.length > 1 ? `${m.alias}` : `axis${axisOf(m)}`) : undefined);
  const showShares = spec.stacked && chart.isShowRealValue !== true;
  const stackTotals = new Map<string, number[]>();
  if (showShares) {
    for (const s of pv.series) {
      const key = stackOf(s.measure)!;
      const totals = stackTotals.get(key) ?? categories.map(() => 0);
      keep.forEach((orig, k) => (totals[k]! += Math.abs(s.values[orig] ?? 0)));
      stackTotals.set(key, totals);
    }
  }

  const point = (category: string, value: number | null, text: string): Json[] => (horizontal ? [value, category, text] : [category, value, text]);
  const axisIndexes = (axis: 0 | 1): JsonObject => (horizontal ? { xAxisIndex: axis, yAxisIndex: 0 } : { xAxisIndex: 0, yAxisIndex: axis });
  const labelPosition = (type: CartesianSeriesType): string => (type !== 'bar' ? 'top' : spec.stacked ? 'inside' : horizontal ? 'right' : 'top');
  const showSymbols = categories.length <= 200;
  // Point texts only when point labels draw them; otherwise a series is its values, aligned with the
  // category axis (tooltips format the value on the web).
  const withTexts = chart.isShowPointLabel === true;

  const property = chart.property ?? {};
  const extents = valueExtents(pv.series.map((s) => ({ axis: axisOf(s.measure), stack: stackOf(s.measure), values: s.values })), pv.categories.length);
  const axisFormatters = (valueAxisCount === 2 ? [0, 1] : [0]).map((axis) => {
    const extent = extents[axis as 0 | 1];
    // the axis' largest tick decides its one unit: the data's extent or a stored min/max beyond it
    const stored = [axis === 0 ? property.min : property.secondMin, axis === 0 ? property.max : property.secondMax].map((v) => Math.abs(toNumber(v) ?? 0));
    return axisFormatter(formatterOf((axis === 0 ? primary : secondary)[0]), Math.max(Math.abs(extent.min), Math.abs(extent.max), ...stored), options.locale);
  });
  // a point's label and tooltip read in its axis' unit when its field fixes none (formatReadable)
  const axisUnit = (axis: 0 | 1): number => axisFormatters[axis]?.unit ?? 0;
  const seriesUnits: Record<string, number> = {};

  const series: JsonObject[] = [];
  const firstOnAxis: Partial<Record<0 | 1, JsonObject>> = {};
  const seriesFormatters: Record<string, ReturnType<typeof formatterOf>> = {};
  pv.series.forEach((s, i) => {
    const axis = axisOf(s.measure);
    const type = spec.seriesType[axis];
    const color = paletteColor(palette, i);
    const stack = stackOf(s.measure);
    const values = ds.downsampled ? pick(s.values, keep) : s.values;
    const data = withTexts
      ? values.map((v, k) => {
          const text = showShares && v !== null ? formatPercent(stackTotals.get(stack!)![k] ? Math.abs(v) / stackTotals.get(stack!)![k]! : 0) : display(v, s.measure, ctx.options.locale, axisUnit(axis));
          return point(categories[k]!, v, literal(text));
        })
      : values;
    const item: JsonObject = {
      type,
      name: s.name,
      ...axisIndexes(axis),
      data,
      stack,
      itemStyle: { color },
      lineStyle: type === 'line' ? { color, width: 2 } : undefined,
      smooth: type === 'line' && chart.shape === true ? true : undefined,
      showSymbol: type === 'line' ? showSymbols : undefined,
      symbolSize: type === 'scatter' ? 10 : undefined,
      barMaxWidth: type === 'bar' ? 48 : undefined,
      emphasis: { focus: 'series' },
      labelLayout: chart.isShowPointLabel ? { hideOverlap: true } : undefined,
      label: chart.isShowPointLabel ? { show: true, formatter: '{@[2]}', position: labelPosition(type), color: spec.stacked && type === 'bar' ? '#FFFFFF' : theme.text } : { show: false },
    };
    series.push(item);
    seriesFormatters[s.name] = formatterOf(s.measure);
    if (axisUnit(axis) !== 0) seriesUnits[s.name] = axisUnit(axis);
    firstOnAxis[axis] ??= item;

    if (spec.trendlines && s.measure.field.showTrendline) {
      const fit = leastSquares(
        s.values.map((_, x) => x),
        s.values,
      );
      if (fit) {
        const name = `${s.name} (${options.labels.trend})`;
        series.push({
          type: 'line',
          name,
          ...axisIndexes(axis),
          data: keep.map((orig) => tidy(fit.slope * orig + fit.intercept)),
          symbol: 'none',
          showSymbol: false,
          silent: true,
          itemStyle: { color },
          lineStyle: { color, type: 'dashed', width: 1.5 },
          label: { show: false },
          z: 5,
        });
        seriesFormatters[name] = formatterOf(s.measure);
        if (axisUnit(axis) !== 0) seriesUnits[name] = axisUnit(axis);
      } else {
        ctx.warnings.push(chartWarning('trendlineTooFew', { series: s.name }));
      }
    }
  });

  // Plot lines hang on the first series of their axis.
  const axisMeasures: Record<0 | 1, ChartColumn[]> = { 0: primary, 1: secondary };
  for (const axis of [0, 1] as const) {
    if (axis === 1 && !spec.dualAxis) continue;
    const items = plotLineItems(ctx, axis, axisMeasures[axis], horizontal ? 'xAxis' : 'yAxis', axisUnit(axis));
    if (items.length === 0) continue;
    const host = firstOnAxis[axis];
    if (host) host.markLine = markLineOption(ctx, items);
    else ctx.warnings.push(chartWarning('plotLinesNoSeries', { axis: axis + 1 }));
  }

  // Axes
  const showX = chart.showXSplitLine === true;
  const showY = chart.showYSplitLine === true;
  // one date dimension grouped by year / quarter / month / week: its labels show the period (periods.ts)
  const period = pv.dimensions.length === 1 && pv.dimensions[0]!.field.dataType === 'date' ? periodOf(pv.dimensions[0]!.field.granularity) : null;
  const categoryAxis: JsonObject = {
    type: 'category',
    data: categories,
    name: pv.dimensions.map((d) => fieldLabel(d.field)).join(' / ') || undefined,
    // lines start at the value axis, unless their points carry labels (the first one would run over the axis' labels)
    boundaryGap: spec.seriesType[0] === 'line' && spec.seriesType[1] === 'line' && !withTexts ? false : true,
    inverse: horizontal ? true : undefined,
    ...axisStyle(theme, horizontal ? showY : showX, true),
  };
  const valueAxis = (axis: 0 | 1): JsonObject => {
    const measures = axisMeasures[axis];
    const extent = extents[axis];
    // a value axis shows no negative range without negative data (a trendline or plot line below 0 is
    // cut at the axis), and no positive range without positive data; the stored min/max win
    const min = toNumber(axis === 0 ? property.min : property.secondMin) ?? (extent.min >= 0 ? 0 : undefined);
    const max = toNumber(axis === 0 ? property.max : property.secondMax) ?? (extent.max <= 0 && extent.min < 0 ? 0 : undefined);
    // point labels above (beside) the points: room past the largest point for its label, so that it
    // stays inside the plot (off the axis name and the legend); a stored max wins
    const headroom = chart.isShowPointLabel === true && max === undefined && !(spec.stacked && spec.seriesType[axis] === 'bar') && extent.max > 0;
    return {
      type: 'value',
      name: measures.length === 1 ? fieldLabel(measures[0]!.field) : undefined,
      min,
      max,
      boundaryGap: headroom ? [0, '10%'] : undefined,
      position: axis === 1 ? (horizontal ? 'top' : 'right') : undefined,
      alignTicks: valueAxisCount === 2 ? true : undefined,
      ...axisStyle(theme, axis === 0 && (horizontal ? showX : showY)),
    };
  };
  const valueAxes = valueAxisCount === 2 ? [valueAxis(0), valueAxis(1)] : [valueAxis(0)];
  const xAxis: JsonObject[] = horizontal ? valueAxes : [categoryAxis];
  const yAxis: JsonObject[] = horizontal ? [categoryAxis] : valueAxes;

  // Layout: title, legend, sliders
  const insets = chromeInsets(ctx);
  const dataZoom: JsonObject[] = [];
  if (chart.xDataZoom) dataZoom.push({ type: 'slider', xAxisIndex: xAxis.map((_, i) => i), height: 16, bottom: insets.bottom + 6, textStyle: { color: theme.subtext } });
  if (chart.yDataZoom) dataZoom.push({ type: 'slider', yAxisIndex: yAxis.map((_, i) => i), width: 16, right: insets.right + 6, textStyle: { color: theme.subtext } });
  const grid: JsonObject = {
    top: insets.top + 28,
    right: insets.right + (chart.yDataZoom ? 52 : 16),
    bottom: insets.bottom + (chart.xDataZoom ? 40 : 10),
    left: 12,
    outerBoundsMode: 'same',
    outerBoundsContain: 'all',
  };


  return {
    option: {
      legend: legendOption(ctx),
      tooltip: tooltipOption(spec.tooltip, theme, spec.seriesType[0] === 'bar' ? 'shadow' : 'line'),
      grid,
      xAxis,
      yAxis,
      dataZoom: dataZoom.length > 0 ? dataZoom : undefined,
      series,
      fit: { ...fitHints(options.labels.everyNth, axisFormatters.map((f, axis) => [f, extents[axis as 0 | 1]] as const), options.locale), ...(period ? { period, locale: options.locale } : {}) },
    },
    pointCount: keep.length,
    originalPointCount: ds.originalCount,
    downsampled: ds.downsampled,
    formatters: {
      series: seriesFormatters,
      ...(Object.keys(seriesUnits).length > 0 ? { seriesUnits } : {}),
      valueAxes: axisFormatters,
      ...(period ? { categoryAxis: { granularity: period } } : {}),
    },
  };
}

interface Extent {
  min: number;
  max: number;
}

/**
 * The smallest and largest value drawn on each value axis (0 when it has none): per stack, the sums of
 * the negative and of the positive parts of each category.
 */
function valueExtents(series: { axis: 0 | 1; stack: string | undefined; values: (number | null)[] }[], categoryCount: number): Record<0 | 1, Extent> {
  const out: Record<0 | 1, Extent> = { 0: { min: 0, max: 0 }, 1: { min: 0, max: 0 } };
  const stacks = new Map<string, { axis: 0 | 1; low: number[]; high: number[] }>();
  for (const s of series) {
    const e = out[s.axis];
    if (s.stack === undefined) {
      for (const v of s.values) {
        if (v === null) continue;
        if (v < e.min) e.min = v;
        if (v > e.max) e.max = v;
      }
      continue;
    }
    let st = stacks.get(s.stack);
    if (!st) stacks.set(s.stack, (st = { axis: s.axis, low: new Array<number>(categoryCount).fill(0), high: new Array<number>(categoryCount).fill(0) }));
    s.values.forEach((v, k) => {
      if (v === null) return;
      if (v < 0) st!.low[k]! += v;
      else st!.high[k]! += v;
    });
  }
  for (const st of stacks.values()) {
    const e = out[st.axis];
    for (const v of st.low) if (v < e.min) e.min = v;
    for (const v of st.high) if (v > e.max) e.max = v;
  }
  return out;
}

/**
 * The (category, value) pairs of a cartesian series, whichever shape its points have: plain values
 * aligned with the category axis, or `[category, value, text]` (`[value, category, text]` when
 * horizontal) when point labels are shown.
 */
export function cartesianPairs(option: JsonObject, seriesIndex = 0): [string, number | null][] {
  const horizontal = isHorizontalOption(option);
  const categories = (firstAxis(horizontal ? option.yAxis : option.xAxis)?.data ?? []) as Json[];
  const series = (option.series as JsonObject[] | undefined)?.[seriesIndex];
  const data = (series?.data ?? []) as Json[];
  return data.map((point, k) => {
    if (!Array.isArray(point)) return [String(categories[k]), typeof point === 'number' ? point : null];
    const [category, value] = horizontal ? [point[1], point[0]] : [point[0], point[1]];
    return [String(category), typeof value === 'number' ? value : null];
  });
}

/** The first of an option's axes (an axis or a list of them). */
function firstAxis(axis: unknown): Record<string, unknown> | undefined {
  const a = Array.isArray(axis) ? axis[0] : axis;
  return typeof a === 'object' && a !== null && !Array.isArray(a) ? (a as Record<string, unknown>) : undefined;
}

/** A horizontal cartesian option (isHorizontal) puts the values on x and the categories on y. */
export function isHorizontalOption(option: { xAxis?: unknown; yAxis?: unknown }): boolean {
  return firstAxis(option.xAxis)?.type === 'value' && firstAxis(option.yAxis)?.type === 'category';
}
