import { describe, expect, it } from '@jest/globals';
import { salesChart } from '../testing/fixtures';
import {
  addPlotLine,
  averageLine,
  axisFields,
  draftOf,
  emptyDraft,
  lineAxes,
  linesOf,
  MAX_PLOT_LINES,
  plotLineProblems,
  removePlotLine,
  replacePlotLine,
  strayLines,
  type PlotLineDraft,
} from './plotLines';

const fixed = (name: string, value: number | null): PlotLineDraft => ({ name, valueType: 0, value, axisName: null, formula: 0 });
const calculated = (name: string, axisName: string | null, formula: 0 | 1 | 2 = 0): PlotLineDraft => ({ name, valueType: 1, value: null, axisName, formula });

describe('plot lines', () => {
  it('offers the values (and second values) on the one value axis of bar, line, scatter, stack_bar', () => {
    const chart = salesChart('bar', { secondValues: [{ name: 'qty', dataType: 'number' }] });
    expect(lineAxes(chart)).toEqual([0]);
    expect(axisFields(chart, 0).map((f) => f.name)).toEqual(['amount', 'profit', 'qty']);
    expect(axisFields(chart, 1)).toEqual([]);
  });

  it('offers a field placed twice once', () => {
    const chart = salesChart('bar', { secondValues: [{ name: 'profit', dataType: 'number', aggregator: 'max' }] });
    expect(axisFields(chart, 0).map((f) => [f.name, f.aggregator])).toEqual([
      ['amount', 'sum'],
      ['profit', 'avg'],
    ]);
  });

  it('splits the axes of the double-axis chart: values on axis 0, second values on axis 1', () => {
    const chart = salesChart('doubleaxis', { secondValues: [{ name: 'qty', dataType: 'number' }] });
    expect(lineAxes(chart)).toEqual([0, 1]);
    expect(axisFields(chart, 0).map((f) => f.name)).toEqual(['amount', 'profit']);
    expect(axisFields(chart, 1).map((f) => f.name)).toEqual(['qty']);
  });

  it('adds an average line on a value field with its alias and aggregator', () => {
    const r = addPlotLine(salesChart(), 0, calculated(' Average ', 'amount'));
    expect(r.problems).toEqual([]);
    expect(r.chart?.plotLineY).toEqual([{ name: 'Average', valueType: 1, axisField: { axisName: 'amount', axisTitle: 'Amount', aggregator: 'sum' }, formula: 0 }]);
    expect(averageLine(salesChart().values[0]!, 'Average')).toEqual(r.chart?.plotLineY?.[0]);
  });

  it('adds a fixed line with its value', () => {
    expect(addPlotLine(salesChart(), 0, fixed('Target', 2_000_000)).chart?.plotLineY).toEqual([{ name: 'Target', valueType: 0, value: 2_000_000 }]);
  });

  it('adds second-axis lines to plotLineYOptional', () => {
    const chart = salesChart('doubleaxis', { secondValues: [{ name: 'qty', dataType: 'number', aggregator: 'max' }] });
    const r = addPlotLine(chart, 1, calculated('Peak', 'qty', 2));
    expect(r.chart?.plotLineYOptional).toEqual([{ name: 'Peak', valueType: 1, axisField: { axisName: 'qty', aggregator: 'max' }, formula: 2 }]);
    expect(r.chart?.plotLineY).toBeUndefined();
  });

  it('refuses a line without a name, a fixed line without a value, a calculated line without a field of its axis', () => {
    const chart = salesChart('doubleaxis', { secondValues: [{ name: 'qty', dataType: 'number' }] });
    expect(plotLineProblems(chart, 0, fixed('  ', 1))).toEqual(['nameRequired']);
    expect(plotLineProblems(chart, 0, fixed('x'.repeat(101), 1))).toEqual(['nameLength']);
    expect(plotLineProblems(chart, 0, fixed('T', null))).toEqual(['valueRequired']);
    expect(plotLineProblems(chart, 0, fixed('T', Number.NaN))).toEqual(['valueRequired']);
    expect(plotLineProblems(chart, 0, calculated('A', null))).toEqual(['fieldRequired']);
    expect(plotLineProblems(chart, 0, calculated('A', 'qty'))).toEqual(['fieldNotOnAxis']);
    expect(plotLineProblems(chart, 1, calculated('A', 'amount'))).toEqual(['fieldNotOnAxis']);
    expect(addPlotLine(chart, 0, fixed('', null))).toEqual({ chart: null, problems: ['nameRequired', 'valueRequired'] });
  });

  it('takes at most 20 lines per axis, but lets an existing one be changed', () => {
    const full = salesChart('bar', { plotLineY: Array.from({ length: MAX_PLOT_LINES }, (_, i) => ({ name: `L${i}`, valueType: 0 as const, value: i })) });
    expect(plotLineProblems(full, 0, fixed('One more', 1))).toEqual(['tooMany']);
    expect(replacePlotLine(full, 0, 3, fixed('Changed', 9)).chart?.plotLineY?.[3]).toEqual({ name: 'Changed', valueType: 0, value: 9 });
  });

  it('edits and removes lines without touching the others or the old chart', () => {
    const chart = salesChart('bar', { plotLineY: [{ name: 'A', valueType: 0, value: 1 }, { name: 'B', valueType: 0, value: 2 }] });
    const draft = draftOf(chart.plotLineY![1]!);
    expect(draft).toEqual(fixed('B', 2));
    const changed = replacePlotLine(chart, 0, 1, { ...draft, valueType: 1, axisName: 'profit', formula: 1 }).chart!;
    expect(changed.plotLineY).toEqual([{ name: 'A', valueType: 0, value: 1 }, { name: 'B', valueType: 1, axisField: { axisName: 'profit', aggregator: 'avg' }, formula: 1 }]);
    expect(removePlotLine(changed, 0, 0).plotLineY).toEqual([changed.plotLineY![1]]);
    expect(chart.plotLineY).toHaveLength(2);
    expect(linesOf(chart, 1)).toEqual([]);
  });

  it('starts a new line on the first value field of its axis', () => {
    expect(emptyDraft(salesChart(), 0)).toEqual({ name: '', valueType: 0, value: null, axisName: 'amount', formula: 0 });
    expect(emptyDraft(salesChart('bar', { values: [] }), 0).axisName).toBeNull();
  });

  it('points out calculated lines whose field left the axis', () => {
    const chart = salesChart('bar', {
      plotLineY: [
        { name: 'ok', valueType: 1, axisField: { axisName: 'amount' }, formula: 0 },
        { name: 'gone', valueType: 1, axisField: { axisName: 'cost' }, formula: 0 },
        { name: 'fixed', valueType: 0, value: 1 },
      ],
    });
    expect(strayLines(chart, 0)).toEqual([1]);
  });
});
