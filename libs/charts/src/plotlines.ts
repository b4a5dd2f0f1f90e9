/** Plot (auxiliary) lines: plotLineY on the value axis, plotLineYOptional on the second axis, as markLine. */
import type { PlotLine } from '@bi/chart-model';
import { display, literal, type BuildContext } from './context.js';
import { toNumber } from './format.js';
import { aggregate, columnValues, type StatKey } from './stats.js';
import { chartWarning } from './warnings.js';
import type { ChartColumn, JsonObject } from './types.js';

const FORMULA: Record<0 | 1 | 2, StatKey> = { 0: 'avg', 1: 'min', 2: 'max' };

export interface PlotLineDef {
  line: PlotLine;
  /** 0 value axis, 1 second axis */
  axis: 0 | 1;
  /** position in [...plotLineY, ...plotLineYOptional], the index of result.plotLineValues */
  index: number;
}

export function plotLineDefs(ctx: BuildContext): PlotLineDef[] {
  const first = Array.isArray(ctx.chart.plotLineY) ? ctx.chart.plotLineY : [];
  const second = Array.isArray(ctx.chart.plotLineYOptional) ? ctx.chart.plotLineYOptional : [];
  return [...first.map((line, i) => ({ line, axis: 0 as const, index: i })), ...second.map((line, i) => ({ line, axis: 1 as const, index: first.length + i }))];
}

/** The measure a calculated line refers to (by field name or alias), else the axis's first measure. */
export function plotLineColumn(def: PlotLineDef, axisMeasures: ChartColumn[]): ChartColumn | undefined {
  const name = def.line.axisField?.axisName;
  return axisMeasures.find((c) => name !== undefined && (c.field.name === name || c.alias === name)) ?? axisMeasures[0];
}

/**
 * The value of a line: the fixed value (valueType 0), or for a calculated line (valueType 1) the value the
 * query computed (result.plotLineValues), else the formula (0 average, 1 min, 2 max) over the result rows.
 */
export function plotLineValue(ctx: BuildContext, def: PlotLineDef, axisMeasures: ChartColumn[]): number | null {
  const { line } = def;
  if (line.valueType !== 1) return toNumber(line.value);
  const passed = ctx.result.plotLineValues?.[def.index];
  if (typeof passed === 'number' && Number.isFinite(passed)) return passed;
  const column = plotLineColumn(def, axisMeasures);
  if (!column) return null;
  return aggregate(columnValues(ctx.result, column), FORMULA[line.formula ?? 0] ?? 'avg');
}

/**
 * markLine data items for one axis. `valueKey` is 'yAxis' for vertical value axes, 'xAxis' for horizontal.
 * Lines without a value are skipped with a warning.
 */
export function plotLineItems(ctx: BuildContext, axis: 0 | 1, axisMeasures: ChartColumn[], valueKey: 'xAxis' | 'yAxis', axisUnit = 0): JsonObject[] {
  const items: JsonObject[] = [];
  for (const def of plotLineDefs(ctx)) {
    if (def.axis !== axis) continue;
    const value = plotLineValue(ctx, def, axisMeasures);
    const name = def.line.name ?? '';
    if (value === null) {
      ctx.warnings.push(chartWarning('plotLineNoValue', { name }));
      continue;
    }
    const text = display(value, plotLineColumn(def, axisMeasures), ctx.options.locale, axisUnit);
    items.push({ name, [valueKey]: value, label: { formatter: literal(name ? `${name}: ${text}` : text) } });
  }
  return items;
}

export function markLineOption(ctx: BuildContext, items: JsonObject[]): JsonObject | undefined {
  if (items.length === 0) return undefined;
  return {
    silent: true,
    symbol: ['none', 'none'],
    lineStyle: { type: 'dashed', color: ctx.theme.plotLine, width: 1.5 },
    label: { position: 'insideEndTop', color: ctx.theme.plotLine },
    data: items,
  };
}
