import type { Chart, ChartField, PlotLine } from '@bi/chart-model';
import { hasSecondAxisLines } from './applicability';

/**
 * Plot (auxiliary) lines: plotLineY on the value axis, plotLineYOptional on the second axis of the
 * double-axis chart. A fixed line has a value; a calculated line is the average, minimum or maximum
 * (formula 0, 1, 2) of a value field of its axis over the chart's points.
 */

export type LineAxis = 0 | 1;
export type Formula = 0 | 1 | 2;
export const FORMULAS: readonly Formula[] = [0, 1, 2];
/** At most this many lines per axis (the server's bound). */
export const MAX_PLOT_LINES = 20;
export const PLOT_LINE_NAME_MAX = 100;

/** What the line dialog holds while it is edited. */
export interface PlotLineDraft {
  name: string;
  valueType: 0 | 1;
  /** fixed lines; null while empty */
  value: number | null;
  /** calculated lines: the value field (name) of the axis */
  axisName: string | null;
  formula: Formula;
}

export type PlotLineProblem = 'nameRequired' | 'nameLength' | 'valueRequired' | 'fieldRequired' | 'fieldNotOnAxis' | 'tooMany';

const key = (axis: LineAxis): 'plotLineY' | 'plotLineYOptional' => (axis === 0 ? 'plotLineY' : 'plotLineYOptional');

export function linesOf(chart: Chart, axis: LineAxis): PlotLine[] {
  const list = chart[key(axis)];
  return Array.isArray(list) ? list : [];
}

/**
 * The value fields a calculated line of an axis may use: on the double-axis chart the values (axis 0)
 * and the second values (axis 1); elsewhere second values join the values on the one value axis.
 */
export function axisFields(chart: Chart, axis: LineAxis): ChartField[] {
  const list = hasSecondAxisLines(chart.type) ? (axis === 0 ? chart.values : chart.secondValues) : axis === 0 ? [...chart.values, ...chart.secondValues] : [];
  // a field placed twice is offered once (its first placement names the alias and aggregator)
  const seen = new Set<string>();
  return list.filter((f) => (seen.has(f.name) ? false : (seen.add(f.name), true)));
}

/** The axes that take lines for the chart's kind. */
export function lineAxes(chart: Chart): LineAxis[] {
  return hasSecondAxisLines(chart.type) ? [0, 1] : [0];
}

export function emptyDraft(chart: Chart, axis: LineAxis): PlotLineDraft {
  const first = axisFields(chart, axis)[0];
  return { name: '', valueType: 0, value: null, axisName: first?.name ?? null, formula: 0 };
}

export function draftOf(line: PlotLine): PlotLineDraft {
  return {
    name: line.name ?? '',
    valueType: line.valueType === 1 ? 1 : 0,
    value: typeof line.value === 'number' && Number.isFinite(line.value) ? line.value : null,
    axisName: line.axisField?.axisName ?? null,
    formula: line.formula === 1 || line.formula === 2 ? line.formula : 0,
  };
}

/** Every problem of a draft, first the one to show first. `editing` is the index of the line changed, if any. */
export function plotLineProblems(chart: Chart, axis: LineAxis, draft: PlotLineDraft, editing: number | null = null): PlotLineProblem[] {
  const problems: PlotLineProblem[] = [];
  if (editing === null && linesOf(chart, axis).length >= MAX_PLOT_LINES) problems.push('tooMany');
  const name = draft.name.trim();
  if (!name) problems.push('nameRequired');
  else if (name.length > PLOT_LINE_NAME_MAX) problems.push('nameLength');
  if (draft.valueType === 0) {
    if (draft.value === null || !Number.isFinite(draft.value)) problems.push('valueRequired');
  } else if (!draft.axisName) {
    problems.push('fieldRequired');
  } else if (!axisFields(chart, axis).some((f) => f.name === draft.axisName)) {
    problems.push('fieldNotOnAxis');
  }
  return problems;
}

/**
 * The line of a valid draft. A calculated line names its field with the field's alias and aggregator,
 * so the query computes it over the same figures the chart shows.
 */
export function lineOf(chart: Chart, axis: LineAxis, draft: PlotLineDraft): PlotLine {
  const name = draft.name.trim();
  if (draft.valueType === 0) return { name, valueType: 0, value: draft.value ?? 0 };
  const field = axisFields(chart, axis).find((f) => f.name === draft.axisName);
  const axisField: NonNullable<PlotLine['axisField']> = { axisName: draft.axisName ?? '' };
  if (field?.title) axisField.axisTitle = field.title;
  if (field?.aggregator) axisField.aggregator = field.aggregator;
  return { name, valueType: 1, axisField, formula: draft.formula };
}

/** The average line of a value field (a calculated line, formula 0). */
export function averageLine(field: ChartField, name: string): PlotLine {
  const axisField: NonNullable<PlotLine['axisField']> = { axisName: field.name };
  if (field.title) axisField.axisTitle = field.title;
  if (field.aggregator) axisField.aggregator = field.aggregator;
  return { name, valueType: 1, axisField, formula: 0 };
}

function withLines(chart: Chart, axis: LineAxis, lines: PlotLine[]): Chart {
  return { ...chart, [key(axis)]: lines };
}

/** Adds the draft's line, or answers its problems. */
export function addPlotLine(chart: Chart, axis: LineAxis, draft: PlotLineDraft): { chart: Chart; problems: [] } | { chart: null; problems: PlotLineProblem[] } {
  const problems = plotLineProblems(chart, axis, draft);
  if (problems.length > 0) return { chart: null, problems };
  return { chart: withLines(chart, axis, [...linesOf(chart, axis), lineOf(chart, axis, draft)]), problems: [] };
}

/** Replaces line `index` with the draft's line, or answers its problems. */
export function replacePlotLine(
  chart: Chart,
  axis: LineAxis,
  index: number,
  draft: PlotLineDraft,
): { chart: Chart; problems: [] } | { chart: null; problems: PlotLineProblem[] } {
  const problems = plotLineProblems(chart, axis, draft, index);
  if (problems.length > 0) return { chart: null, problems };
  const lines = linesOf(chart, axis).map((line, i) => (i === index ? lineOf(chart, axis, draft) : line));
  return { chart: withLines(chart, axis, lines), problems: [] };
}

export function removePlotLine(chart: Chart, axis: LineAxis, index: number): Chart {
  return withLines(
    chart,
    axis,
    linesOf(chart, axis).filter((_, i) => i !== index),
  );
}

/**
 * Calculated lines whose field is no longer a value field of their axis (the builder then draws them
 * on the axis's first value): their indexes, for a warning next to them.
 */
export function strayLines(chart: Chart, axis: LineAxis): number[] {
  const names = new Set(axisFields(chart, axis).map((f) => f.name));
  return linesOf(chart, axis).flatMap((line, i) => (line.valueType === 1 && !names.has(line.axisField?.axisName ?? '') ? [i] : []));
}
