import { describe, expect, it } from '@jest/globals';
import { salesChart } from '../testing/fixtures';
import { applyTopN, DEFAULT_TOP_N, topNDraftOf, topNHasEffect, topNProblem, type TopNDraft } from './topN';

const on = (num: number | null, mode: 0 | 1 = 0, direction: 0 | 1 = 0): TopNDraft => ({ showItemNum: true, direction, num, mode });

describe('top-N strip', () => {
  it('reads a chart without a strip as switched off with the default number', () => {
    expect(topNDraftOf(salesChart())).toEqual(DEFAULT_TOP_N);
    expect(topNDraftOf(salesChart('bar', { editTopNum: { showItemNum: true, direction: 1, num: 5, mode: 1 } }))).toEqual(on(5, 1, 1));
  });

  it('needs a whole number from 1 when switched on', () => {
    expect(topNProblem(on(null))).toBe('numRequired');
    expect(topNProblem(on(2.5))).toBe('numInteger');
    expect(topNProblem(on(0))).toBe('numMin');
    expect(topNProblem(on(-3))).toBe('numMin');
    expect(topNProblem(on(1))).toBeNull();
    expect(topNProblem(on(1_000_000))).toBeNull();
    expect(topNProblem(on(1_000_001))).toBe('numMax');
  });

  it('takes at most 100 percent', () => {
    expect(topNProblem(on(100, 1))).toBeNull();
    expect(topNProblem(on(101, 1))).toBe('percentMax');
    expect(topNProblem(on(101, 0))).toBeNull();
  });

  it('accepts anything while switched off', () => {
    expect(topNProblem({ ...on(null), showItemNum: false })).toBeNull();
  });

  it('writes the strip when valid and refuses it otherwise', () => {
    const chart = salesChart();
    expect(applyTopN(chart, on(5, 0, 1))?.editTopNum).toEqual({ showItemNum: true, direction: 1, num: 5, mode: 0 });
    expect(applyTopN(chart, on(0))).toBeNull();
    expect(chart.editTopNum).toBeUndefined();
  });

  it('switched off, keeps a valid number and falls back to the default for an empty one', () => {
    expect(applyTopN(salesChart(), { showItemNum: false, direction: 0, num: 7, mode: 0 })?.editTopNum).toEqual({ showItemNum: false, direction: 0, num: 7, mode: 0 });
    expect(applyTopN(salesChart(), { showItemNum: false, direction: 0, num: null, mode: 0 })?.editTopNum?.num).toBe(DEFAULT_TOP_N.num);
  });

  it('has an effect only with a dimension and a value', () => {
    expect(topNHasEffect(salesChart())).toBe(true);
    expect(topNHasEffect(salesChart('bar', { points: [] }))).toBe(false);
    expect(topNHasEffect(salesChart('bar', { values: [] }))).toBe(false);
    expect(topNHasEffect(salesChart('bar', { values: [], secondValues: [{ name: 'amount', dataType: 'number' }] }))).toBe(true);
  });
});
