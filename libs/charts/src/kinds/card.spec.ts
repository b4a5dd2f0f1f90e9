import { THEMES } from '../themes.js';
import { figureResult } from '../testing/fixtures.js';
import { build, type Loose } from '../testing/helpers.js';

const texts = (o: Loose): string[] => o.graphic[0].children.map((c: Loose) => c.style.text);

describe('card', () => {
  it('shows the alias and the formatted value', () => {
    const { o } = build(figureResult('card'));
    expect(o.card).toMatchObject({ title: 'Amount', value: 800000, display: '80.00万', statistics: [] });
    expect(texts(o)).toEqual(['Amount', '80.00万']);
    expect(o.series).toBeUndefined();
  });

  it('adds the statistics aggregateConfig turns on, in showFontColor', () => {
    const { o } = build(figureResult('card', { aggregateConfig: { showSum: true, showAvg: true, showMax: true, showMin: true, showFontColor: 'E7505A' } }));
    expect(o.card.statistics).toEqual([
      { key: 'sum', label: 'Sum', value: 800000, display: '80.00万' },
      { key: 'avg', label: 'Average', value: 800000 / 3, display: '26.67万' },
      { key: 'max', label: 'Max', value: 420000, display: '42.00万' },
      { key: 'min', label: 'Min', value: 130000, display: '13.00万' },
    ]);
    expect(o.card.statisticColor).toBe('#E7505A');
    expect(texts(o).slice(2)).toEqual(['Sum: 80.00万', 'Average: 26.67万', 'Max: 42.00万', 'Min: 13.00万']);
    expect(o.graphic[0].children[2].style.fill).toBe('#E7505A');
  });

  it('takes statistic labels from the options (the user language)', () => {
    const { o } = build(figureResult('card', { aggregateConfig: { showSum: true } }), { labels: { sum: '合计' } });
    expect(texts(o)[2]).toBe('合计: 80.00万');
  });

  it('colours the value with the first colour and statistics with the theme by default', () => {
    const { o } = build(figureResult('card', { theme: 'dark', colorSettings: ['#FF0000'], aggregateConfig: { showMax: true } }));
    expect(o.card.color).toBe('#FF0000');
    expect(o.card.statisticColor).toBe(THEMES.dark.subtext);
  });

  it('warns when the statistics field is not a value field', () => {
    const { meta } = build(figureResult('card', { aggregateConfig: { aggregateField: 'nope', showSum: true } }));
    expect(meta.warnings[0]).toMatch(/"nope" is not among the value fields/);
  });

  it('matches its snapshot', () => {
    expect(build(figureResult('card', { aggregateConfig: { showSum: true, showMax: true, showFontColor: '#5DA4FE' } })).o).toMatchSnapshot();
  });
});
