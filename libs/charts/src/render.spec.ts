/**
 * Render proof: every kind's option goes through ECharts' server-side SVG renderer (the map kinds on the
 * hand-made GeoJSON fixtures); table is rendered by the web, so its table structure is checked instead.
 */
import { CHART_TYPES, type Chart, type ChartType } from '@bi/chart-model';
import { buildOption } from './build.js';
import { cityResult, compareResult, longResult, monthlyResult, sampleResult } from './testing/fixtures.js';
import { renderSvg } from './testing/render.js';
import type { ChartResult } from './types.js';

const DRAWN = CHART_TYPES.filter((k): k is Exclude<ChartType, 'table'> => k !== 'table');

function expectSvg(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.length).toBeGreaterThan(500);
  expect(svg).toMatch(/<path|<text/);
}

describe('render proof (ECharts SSR, SVG)', () => {
  it.each(DRAWN.map((k) => [k]))('%s renders', (kind) => {
    const { option } = buildOption(sampleResult(kind, { isShowPointLabel: true, aggregateConfig: { showSum: true, showMax: true } }));
    const svg = renderSvg(option);
    expectSvg(svg);
    // a card is texts only (its title is the box header's)
    expect(svg).toMatch(kind === 'card' ? /<text/ : /<path/);
  });

  it.each(DRAWN.map((k) => [k]))('%s renders in its final frame with its labels', (kind) => {
    const { option } = buildOption(sampleResult(kind, { isShowPointLabel: true, aggregateConfig: { showSum: true } }));
    const svg = renderSvg(option, { animation: false });
    expectSvg(svg);
    const expected: Partial<Record<ChartType, string[]>> = {
      bar: ['123.46万', 'Amount'],
      line: ['234.57万'],
      pie: ['Online: 50.00%'],
      funnel: ['Store: 60.00%'],
      gauge: ['80.00万'],
      card: ['80.00万', 'Sum: 80.00万'],
      nav: ['75.00%', 'Alpha'],
      map: ['广东', '520.00万'],
      tw_map: ['台北市'],
    };
    for (const text of expected[kind] ?? []) expect(svg).toContain(text);
  });

  const variants: [string, () => ChartResult][] = [
    ['horizontal bar, dark, right legend, sliders', () => monthlyResult('bar', { isHorizontal: true, theme: 'dark', legendStyle: 2, xDataZoom: true, yDataZoom: true })],
    ['stacked compare bars, gentle', () => compareResult('stack_bar', { theme: 'gentle', isShowPointLabel: true })],
    ['horizontal doubleaxis with both plot lines', () => monthlyResult('doubleaxis', { isHorizontal: true, plotLineY: [{ name: 'a', valueType: 0, value: 1 }], plotLineYOptional: [{ name: 'b', valueType: 1, formula: 2 }] })],
    ['down-sampled line, commerce', () => longResult('line', 10_000, { theme: 'commerce', xDataZoom: true })],
    ['city map without visual map', () => cityResult({ mapConfig: { granularity: 0, visualMapShow: false }, isShowPointLabel: true })],
    ['gauge with sections, starry', () => sampleResult('gauge', { theme: 'starry', gaugeSection: [{ section: 300000, sectionColor: '#ff0000' }] })],
    ['custom option', () => monthlyResult('line', { customOption: '{"series":[{"areaStyle":{}}]}' })],
  ];
  it.each(variants)('%s renders', (_name, make) => {
    expectSvg(renderSvg(buildOption(make()).option, { animation: false }));
  });

  it('draws plain-value points (no point labels) where the labelled points are drawn', () => {
    // the bars and line of the first series, by their colour; labels only add texts (and the room the
    // axes leave them: the plain chart's axes are drawn for both)
    const axesOf = (chart: Partial<Chart>, kind: 'bar' | 'line') => {
      const { xAxis, yAxis } = buildOption(monthlyResult(kind, { ...chart, isShowPointLabel: false })).option;
      return { xAxis, yAxis };
    };
    const shapes = (chart: Partial<Chart>, kind: 'bar' | 'line') => {
      const option = { ...buildOption(monthlyResult(kind, chart)).option, ...axesOf(chart, kind) };
      const color = (option.series as { itemStyle: { color: string } }[])[0]!.itemStyle.color;
      return renderSvg(option, { animation: false }).match(new RegExp(`<path d="[^"]+"[^>]*(fill|stroke)="${color}"`, 'gi')) ?? [];
    };
    for (const kind of ['bar', 'line'] as const) {
      for (const horizontal of [false, true]) {
        const plain = shapes({ isHorizontal: horizontal }, kind);
        expect(plain.length).toBeGreaterThan(0);
        expect(plain).toEqual(shapes({ isHorizontal: horizontal, isShowPointLabel: true }, kind));
      }
    }
  });

  it('renders nothing for an empty result without failing', () => {
    for (const kind of DRAWN) expect(renderSvg(buildOption({ ...sampleResult(kind), rows: [], totals: undefined }).option).startsWith('<svg')).toBe(true);
  });

  it('gives the table its structure instead (the web draws it)', () => {
    const { option } = buildOption(sampleResult('table', { aggregateConfig: { showSum: true } } as Partial<Chart>));
    const table = option.table as Record<string, unknown>;
    expect(Object.keys(table).sort()).toEqual(['colors', 'columns', 'maxHeight', 'page', 'rows', 'summary', 'summaryColor']);
    expect((table.rows as unknown[]).length).toBe(20);
    expect((table.summary as unknown[]).length).toBe(1);
  });
});
