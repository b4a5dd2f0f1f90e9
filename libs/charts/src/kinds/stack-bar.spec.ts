import { compareResult, monthlyResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

const shareOf = (text: string) => Number(text.replace('%', ''));

describe('stack_bar', () => {
  it('stacks every series into one stack', () => {
    const { o } = build(monthlyResult('stack_bar'));
    expect(o.series.map((s: Loose) => [s.type, s.stack])).toEqual([
      ['bar', 'axis0'],
      ['bar', 'axis0'],
    ]);
  });

  it('labels each part with its share of the stack by default', () => {
    const { o } = build(compareResult('stack_bar', { isShowPointLabel: true }));
    expect(o.series[0].label).toMatchObject({ show: true, formatter: '{@[2]}', position: 'inside' });
    for (let k = 0; k < 3; k++) {
      const total = o.series.reduce((sum: number, s: Loose) => sum + shareOf(s.data[k][2]), 0);
      expect(total).toBeCloseTo(100, 1);
    }
    expect(o.series[0].data[0]).toEqual(['2024-01', 100, '25.64%']); // 100 / (100 + 290)
  });

  it('labels real values when isShowRealValue', () => {
    const { o } = build(compareResult('stack_bar', { isShowPointLabel: true, isShowRealValue: true }));
    expect(o.series[0].data[0]).toEqual(['2024-01', 100, '100']);
  });

  it('stacks per value field when a compare field splits several value fields', () => {
    const r = compareResult('stack_bar');
    r.columns.push({ alias: 'cost', role: 'measure', field: { name: 'cost', title: 'Cost', dataType: 'number' } });
    r.rows.forEach((row, i) => (row.cost = 10 * i));
    const { o } = build(r);
    expect(o.series.map((s: Loose) => [s.name, s.stack])).toEqual([
      ['Online · Amount', 'amount'],
      ['Online · Cost', 'cost'],
      ['Store · Amount', 'amount'],
      ['Store · Cost', 'cost'],
    ]);
  });

  it('draws no trendline (only bar, line, scatter and doubleaxis have them)', () => {
    const r = monthlyResult('stack_bar');
    r.columns[1]!.field.showTrendline = true;
    expect(build(r).o.series).toHaveLength(2);
  });

  it('can be horizontal', () => {
    const { o } = build(monthlyResult('stack_bar', { isHorizontal: true }));
    expect(o.xAxis[0].type).toBe('value');
    expect(o.yAxis[0].type).toBe('category');
  });

  it('matches its snapshot', () => {
    expect(build(compareResult('stack_bar', { isShowPointLabel: true })).o).toMatchSnapshot();
  });
});
