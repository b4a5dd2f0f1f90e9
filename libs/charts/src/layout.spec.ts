/**
 * The layout rules of issue 13 on the options (unit) and on ECharts' server-side SVG pictures at the
 * dashboard's 2×2, 6×4 and 12×8 box sizes: no two texts overlap, every category label is drawn (whole
 * or cut) or the axis says which ones it shows, value axes start at 0 for non-negative data, the gauge
 * holds its value, pie labels stay off the legend, one title.
 */
import { writeFileSync } from 'node:fs';
import type { Chart, ChartType } from '@bi/chart-model';
import { buildOption } from './build.js';
import { fitCategories, fitOption } from './fit.js';
import { formatAxisValue } from './format.js';
import { gaugeScale } from './kinds/gauge.js';
import { chartOf, column, PLAIN_0, WAN_2 } from './testing/fixtures.js';
import { renderSvg } from './testing/render.js';
import { boxPixels, outside, overlaps, textBoxes } from './testing/svg-text.js';
import type { BuildOptions, ChartMeta, ChartResult, JsonObject } from './types.js';

type Loose = any;
const MONEY = { ...WAN_2, decimalPlaces: 1 };
const REGIONS = ['华东 East', '华北 North', '华南 South', '西南 Southwest', '东北 Northeast', '西北 Northwest', '台湾 Taiwan'];
const CATEGORIES = ['办公用品 Office Supplies', '家具 Furniture', '电子产品 Technology'];
const MONTHS = Array.from({ length: 36 }, (_, i) => `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
const CITIES = Array.from({ length: 60 }, (_, i) => `城市${i + 1} City number ${i + 1}`);

function categoryResult(type: ChartType, categories: string[], chart: Partial<Chart> = {}, value = (i: number) => 3e6 + 1e6 * ((i * 7) % 5)): ChartResult {
  return {
    chart: chartOf(type, { title: `${type} chart`, ...chart }),
    columns: [column('c', 'dimension', { title: '地区 Region' }), column('v', 'measure', { title: '金额 Amount', formatter: MONEY }), ...(type === 'doubleaxis' ? [column('p', 'measure2', { title: '利润 Profit', formatter: MONEY })] : [])],
    rows: categories.map((c, i) => ({ c, v: value(i), p: value(i) / 7 })),
  };
}

function stackResult(): ChartResult {
  return {
    chart: chartOf('stack_bar', { title: 'stack' }),
    columns: [column('c', 'dimension', { title: '地区' }), column('k', 'series', { title: '类别' }), column('v', 'measure', { title: '金额', formatter: MONEY })],
    rows: REGIONS.flatMap((c, i) => CATEGORIES.map((k, j) => ({ c, k, v: 1e6 * (i + j + 1) }))),
  };
}

/** The value-axis labels as the web writes them (apps/web chart/utils/formatters.ts: formatAxisValue with meta.formatters). */
function withAxisLabels(option: JsonObject, meta: ChartMeta): JsonObject {
  const o = option as Loose;
  const locale = meta.formatters.locale;
  const label = (axis: Loose, i: number) => (axis.type === 'value' && meta.formatters.valueAxes[i] ? { ...axis, axisLabel: { ...axis.axisLabel, formatter: (v: number) => formatAxisValue(v, meta.formatters.valueAxes[i], locale) } } : axis);
  const series = (o.series ?? []).map((s: Loose) => (s.type === 'gauge' && meta.formatters.valueAxes[0] ? { ...s, axisLabel: { ...s.axisLabel, formatter: (v: number) => formatAxisValue(v, meta.formatters.valueAxes[0], locale) } } : s));
  return { ...o, xAxis: Array.isArray(o.xAxis) ? o.xAxis.map(label) : o.xAxis, yAxis: Array.isArray(o.yAxis) ? o.yAxis.map(label) : o.yAxis, series };
}

let svgCount = 0;
const SIZES: [string, { width: number; height: number }][] = [
  ['2×2', boxPixels(2, 2)],
  ['6×4', boxPixels(6, 4)],
  ['12×8', boxPixels(12, 8)],
];

function draw(result: ChartResult, size: { width: number; height: number }, options?: BuildOptions): { svg: string; option: Loose } {
  const { option, meta } = buildOption(result, options);
  const fitted = fitOption(option, size);
  const svg = renderSvg(withAxisLabels(fitted, meta), { ...size, animation: false });
  if (process.env.CHART_SVG_DIR) writeFileSync(`${process.env.CHART_SVG_DIR}/${result.chart.type}-${options?.locale}-${size.width}x${size.height}-${svgCount++}.svg`, svg);
  return { svg, option: fitted };
}

/**
 * The category labels drawn, in order: whole, or cut by ECharts (ending in '...'), matched in order
 * (a cut text stands for the next label it begins). Null when a label text is not drawn where expected.
 */
function drawnLabels(svg: string, labels: string[], expected: string[]): string[] | null {
  const texts = textBoxes(svg).map((b) => b.text);
  const matches = (t: string, l: string) => t === l || (t.endsWith('...') && l.startsWith(t.slice(0, -3)));
  const drawn = texts.filter((t) => labels.some((l) => matches(t, l)));
  if (drawn.length !== expected.length) return drawn;
  return expected.every((l, i) => matches(drawn[i]!, l)) ? expected : drawn;
}

describe('layout rules on the option', () => {
  it('gauge: the scale always holds the value, with round ends', () => {
    // the demo's stored 0–1,000 with an average profit of 1,971
    expect(gaugeScale(1971, 0, 1000, null)).toEqual({ min: 0, max: 2000, splitNumber: 4, widened: true });
    expect(gaugeScale(640, 0, 1000, null)).toEqual({ min: 0, max: 1000, splitNumber: 5, widened: false });
    expect(gaugeScale(800000, null, null, null)).toMatchObject({ min: 0, max: 1000000 });
    expect(gaugeScale(-35, 0, 100, null)).toMatchObject({ min: -50, max: 100, widened: true });
    expect(gaugeScale(null, null, null, null)).toMatchObject({ min: 0, max: 100 });
    for (const [v, lo, hi] of [[1971, 0, 1000], [12.5, null, null], [99999, 0, 5], [3, 10, 20], [1e9, null, 1], [0.004, null, null]] as const) {
      const s = gaugeScale(v, lo, hi, null);
      expect(s.max).toBeGreaterThanOrEqual(v);
      expect(s.min).toBeLessThanOrEqual(v);
      const step = (s.max - s.min) / s.splitNumber;
      expect([1, 2, 2.5, 5]).toContain(Number((step / 10 ** Math.floor(Math.log10(step))).toPrecision(6)));
    }
  });

  it('gauge option: value inside min/max, a warning when the stored scale was widened', () => {
    const result: ChartResult = {
      chart: chartOf('gauge', { property: { min: 0, max: 1000 } }),
      columns: [column('p', 'measure', { title: '平均利润', aggregator: 'avg', formatter: PLAIN_0 })],
      rows: [{ p: 1971 }],
    };
    const { option, meta } = buildOption(result);
    const gauge = (option as Loose).series[0];
    expect(gauge.max).toBeGreaterThanOrEqual(1971);
    expect(gauge.data[0].value).toBe(1971);
    expect(meta.warnings).toContain('gauge scale widened to 0–2000 to hold the value');
    expect(meta.notes).toEqual([{ key: 'gaugeScaleWidened', params: { min: 0, max: 2000 } }]);
  });

  it('category axes show every label (interval 0, never hidden) until fitOption thins them visibly', () => {
    for (const type of ['bar', 'stack_bar', 'line', 'scatter', 'doubleaxis'] as const) {
      const o = buildOption(categoryResult(type, REGIONS)).option as Loose;
      expect(o.xAxis[0].axisLabel).toMatchObject({ interval: 0, hideOverlap: false });
    }
    const fit = fitCategories(MONTHS, 4, 90, 12, false);
    expect(fit.step).toBeGreaterThan(1);
    const o = fitOption(buildOption(categoryResult('line', MONTHS)).option, { width: 185, height: 110 }) as Loose;
    expect(o.xAxis[0].axisLabel.interval).toBe(fit.step - 1 >= 0 ? o.xAxis[0].axisLabel.interval : -1);
    expect(o.graphic.at(-1).style.text).toMatch(/^every \d+ labels: 1 shown$/);
  });

  it.each([
    ['bar', categoryResult('bar', REGIONS)],
    ['line with a trendline falling below 0', categoryResult('line', MONTHS, {}, (i) => (i < 3 ? 1e5 : 1e6 * i))],
    ['stack_bar', stackResult()],
    ['doubleaxis', categoryResult('doubleaxis', REGIONS)],
    ['horizontal bar', categoryResult('bar', REGIONS, { isHorizontal: true })],
  ] as const)('%s: a value axis starts at 0 for non-negative data', (_name, result) => {
    if (_name.startsWith('line')) (result.columns[1]!.field as Loose).showTrendline = true;
    const o = buildOption(result).option as Loose;
    const axes = (o.yAxis[0].type === 'value' ? o.yAxis : o.xAxis) as Loose[];
    for (const axis of axes) expect(axis.min).toBe(0);
    if (_name.startsWith('line')) expect(Math.min(...o.series[1].data)).toBeLessThan(0);
  });

  it('a value axis with negative data keeps its negative range; stored min/max win', () => {
    const mixed = buildOption(categoryResult('bar', REGIONS, {}, (i) => (i - 3) * 1e6)).option as Loose;
    expect(mixed.yAxis[0].min).toBeUndefined();
    const negative = buildOption(categoryResult('bar', REGIONS, {}, (i) => -(i + 1) * 1e6)).option as Loose;
    expect(negative.yAxis[0].max).toBe(0);
    const stored = buildOption(categoryResult('bar', REGIONS, { property: { min: 1e6, max: 9e6 } })).option as Loose;
    expect(stored.yAxis[0]).toMatchObject({ min: 1e6, max: 9e6 });
  });

  it('pie: laid out in a box below the legend, labels cut to the room beside it or inside the slices', () => {
    const result = categoryResult('pie', CATEGORIES);
    const o = buildOption(result).option as Loose;
    expect(o.series[0]).toMatchObject({ top: expect.any(Number), center: ['50%', '50%'] });
    expect(o.series[0].top).toBeGreaterThanOrEqual(o.legend.top + 24);
    const wide = fitOption(o, boxPixels(6, 4)) as Loose;
    expect(wide.series[0].label).toMatchObject({ position: 'outside', overflow: 'truncate' });
    // names too long for the room beside: name and value on two lines, so a cut name keeps its figure
    const longNames = fitOption(buildOption(categoryResult('pie', CATEGORIES.map((c) => `${c} ${c}`))).option, boxPixels(6, 4)) as Loose;
    expect(longNames.series[0].data[0].label.formatter).toMatch(/\n\d+\.\d\d%$/);
    const small = fitOption(o, boxPixels(2, 2)) as Loose;
    expect(small.series[0].label.position).toBe('inside');
    expect(small.series[0].data[0].label.formatter).toMatch(/^\d+\.\d\d%$/);
  });

  it('funnel: widths in proportion to the values (the scale ends at the largest stage)', () => {
    const o = buildOption(categoryResult('funnel', CATEGORIES, {}, (i) => 4e8 - i * 1e7)).option as Loose;
    expect(o.series[0]).toMatchObject({ min: 0, max: 4e8 });
  });

  it('one title: off inside a box (the box header shows it), drawn with its room when standalone', () => {
    const boxed = buildOption(categoryResult('bar', REGIONS)).option as Loose;
    const standalone = buildOption(categoryResult('bar', REGIONS), { standalone: true }).option as Loose;
    expect(boxed.title.show).toBe(false);
    expect(standalone.title).toMatchObject({ show: true, text: 'bar chart' });
    expect(boxed.grid.top).toBeLessThan(standalone.grid.top);
    expect((buildOption(categoryResult('bar', REGIONS, { showTitle: false }), { standalone: true }).option as Loose).title.show).toBe(false);
  });

  it('writes the value-axis formatter with one unit per axis and the locale', () => {
    for (const [locale, unit] of [['zh-CN', 1], ['zh-TW', 1], ['en', 4]] as const) {
      const { meta } = buildOption(categoryResult('bar', REGIONS), { locale });
      expect(meta.formatters.locale).toBe(locale);
      expect(meta.formatters.valueAxes[0]).toMatchObject({ unit });
    }
  });
});

describe('server-side pictures at the dashboard box sizes', () => {
  const cases: [string, () => ChartResult, string[]][] = [
    ['bar by 7 regions', () => categoryResult('bar', REGIONS), REGIONS],
    ['horizontal bar by 7 regions', () => categoryResult('bar', REGIONS, { isHorizontal: true }), REGIONS],
    ['stacked bars with a legend', stackResult, REGIONS],
    ['monthly line (36 months), trendline and slider', () => {
      const r = categoryResult('line', MONTHS, { xDataZoom: true });
      (r.columns[1]!.field as Loose).showTrendline = true;
      return r;
    }, MONTHS],
    ['doubleaxis by region', () => categoryResult('doubleaxis', REGIONS), REGIONS],
    ['scatter by 60 cities', () => categoryResult('scatter', CITIES), CITIES],
    ['pie by category', () => categoryResult('pie', CATEGORIES), []],
    ['pie by 7 regions, legend at the bottom', () => categoryResult('pie', REGIONS, { legendStyle: 3 }), []],
    ['pie, legend on the right', () => categoryResult('pie', CATEGORIES, { legendStyle: 2 }), []],
    ['funnel by category', () => categoryResult('funnel', CATEGORIES), []],
    ['gauge', () => ({ chart: chartOf('gauge', { property: { min: 0, max: 1000 } }), columns: [column('p', 'measure', { title: '平均利润 Avg profit', formatter: PLAIN_0 })], rows: [{ p: 1971 }] }), []],
  ];
  const grid = cases.flatMap(([name, make, labels]) => SIZES.flatMap(([size, px]) => (['zh-CN', 'en'] as const).map((locale) => [name, size, locale, make, labels, px] as const)));

  it.each(grid)('%s at %s (%s): no text overlaps another, every category label drawn or thinned visibly', (_name, _size, locale, make, labels, px) => {
    const { svg, option } = draw(make(), px, { locale });
    expect(overlaps(svg)).toEqual([]);
    expect(outside(svg, px.width, px.height)).toEqual([]);
    if (labels.length === 0) return;
    const axis = [...(option.xAxis ?? []), ...(option.yAxis ?? [])].find((a: Loose) => a.type === 'category');
    const step = axis.axisLabel.interval + 1;
    const expected = labels.filter((_, i) => i % step === 0);
    expect(drawnLabels(svg, labels, expected)).toEqual(expected);
    if (step > 1) expect(svg).toContain(`every ${step} labels: 1 shown`);
  });

  // issue 27 item 9: a plot line's label over a data label; crowded value-axis labels in the compare
  // split's small charts (a 340–380 × 250 px cell); labels in the reader's units (万, 萬, K/M) in three languages
  const plain2 = { ...PLAIN_0, decimalPlaces: 2, useThousandth: false };
  const SPLIT: { width: number; height: number } = { width: 360, height: 250 };
  const labelled: [string, () => ChartResult, { width: number; height: number }][] = [
    ['bar with point labels and an average plot line', () => categoryResult('bar', REGIONS, { isShowPointLabel: true, plotLineY: [{ name: '平均 Avg', valueType: 1, formula: 0 }] }, (i) => 8760499.98 - i * 1e6), boxPixels(6, 4)],
    ['bar with point labels and a plot line at the last bar', () => categoryResult('bar', REGIONS, { isShowPointLabel: true, plotLineY: [{ name: '目标 Goal', valueType: 0, value: 3e6 }] }, () => 3e6), boxPixels(6, 4)],
    ['line with point labels and a plot line (no unit chosen)', () => {
      const r = categoryResult('line', REGIONS, { isShowPointLabel: true, plotLineY: [{ name: '平均 Avg', valueType: 1, formula: 0 }] }, (i) => 30926.47 * (i + 1));
      r.columns[1] = { ...r.columns[1]!, field: { ...r.columns[1]!.field, formatter: plain2 } };
      return r;
    }, boxPixels(12, 8)],
    ['line of averages without a format: every label in the axis\' unit', () => {
      const r = categoryResult('line', MONTHS.slice(0, 12), { isShowPointLabel: true }, (i) => 6960.83258065 + i * 731.7);
      r.columns[1] = { ...r.columns[1]!, field: { ...r.columns[1]!.field, formatter: undefined, aggregator: 'avg' } };
      return r;
    }, boxPixels(6, 4)],
    ['compare split: one category of the stacked bars', () => ({ ...stackResult(), rows: stackResult().rows.filter((r) => r.k === CATEGORIES[0]) }), SPLIT],
    ['compare split: bars with a plot line', () => categoryResult('bar', REGIONS, { isShowPointLabel: true, plotLineY: [{ name: '平均 Avg', valueType: 1, formula: 0 }] }, (i) => 1.2e8 + i * 3.3e7), SPLIT],
    ['compare split: doubleaxis', () => categoryResult('doubleaxis', REGIONS, { isShowPointLabel: true }), SPLIT],
  ];
  const labelGrid = labelled.flatMap(([name, make, px]) => (['zh-CN', 'zh-TW', 'en'] as const).map((locale) => [name, locale, make, px] as const));
  it.each(labelGrid)('%s (%s): no label over another, value labels in the locale\'s units', (_name, locale, make, px) => {
    const { svg } = draw(make(), px, { locale });
    expect(overlaps(svg)).toEqual([]);
    expect(outside(svg, px.width, px.height)).toEqual([]);
    // no raw figure (30926.47, 8760499.98): every number of 5 or more digits is written in a unit
    expect(textBoxes(svg).map((b) => b.text).filter((t) => /\d{5,}/.test(t.replace(/,/g, '')) && !/[万萬亿億KMB%]/.test(t))).toEqual([]);
    // point labels on an axis in a unit are written in it (not 6,960.83 beside 10.02K)
    if (_name.startsWith('line of averages')) expect(textBoxes(svg).map((b) => b.text).filter((t) => /^[\d,.]+$/.test(t) && t !== '0')).toEqual([]);
  });

  // issue 27 item 9: in the compare split's cells (about 360 × 250 px) the category labels turn upright
  // and take most of the height; the value axis kept its ticks for the whole height: 0 … 6,000万 in 85 px
  const splitCases: [string, () => ChartResult][] = [
    ['stacked bars of one category', () => ({ ...stackResult(), rows: stackResult().rows.filter((r) => r.k === CATEGORIES[1]).map((r, i) => ({ ...r, v: 2.8e7 + 1.3e7 * ((i * 3) % 5) })) })],
    ['bars by long region names', () => categoryResult('bar', REGIONS.map((r) => `${r} ${r}`), {}, (i) => 2.8e7 + 1.3e7 * ((i * 3) % 5))],
    ['doubleaxis', () => categoryResult('doubleaxis', REGIONS.map((r) => `${r} ${r}`))],
  ];
  it.each(splitCases.flatMap(([name, make]) => (['zh-CN', 'zh-TW', 'en'] as const).map((locale) => [name, locale, make] as const)))(
    'compare split cell, %s (%s): value-axis labels a line and a half apart at least',
    (_name, locale, make) => {
      const px = { width: 360, height: 250 };
      const { svg } = draw(make(), px, { locale });
      expect(overlaps(svg)).toEqual([]);
      const ticks = textBoxes(svg)
        .filter((b) => /^-?[\d.,]+[万萬亿億KMB]?$/.test(b.text))
        .map((b) => ({ x: Math.min(...b.corners.map((c) => c[0])), y: (Math.min(...b.corners.map((c) => c[1])) + Math.max(...b.corners.map((c) => c[1]))) / 2 }));
      for (const side of [ticks.filter((t) => t.x < px.width / 2), ticks.filter((t) => t.x >= px.width / 2)]) {
        const ys = side.map((t) => t.y).sort((a, b) => a - b);
        if (ys.length === 0) continue;
        expect(ys.length).toBeGreaterThanOrEqual(2);
        for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(18);
      }
    },
  );

  // values just under 1亿 (9,500万): ECharts' axis ends on 1亿, so the axis reads in 亿 (億, M) throughout
  it.each([
    ['zh-CN', /^(0|\d+(\.\d+)?亿)$/],
    ['zh-TW', /^(0|\d+(\.\d+)?億)$/],
    ['en', /^(0|\d+M)$/],
  ] as const)('one unit on the value axis at 6×4 (%s): every tick in the same unit', (locale, tick) => {
    const px = boxPixels(6, 4);
    const { svg } = draw(categoryResult('bar', REGIONS, {}, (i) => 2e7 + 1.25e7 * i), px, { locale });
    const ticks = textBoxes(svg).map((b) => b.text).filter((t) => /^-?[\d.,]+[^\d\s]*$/.test(t));
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.filter((t) => !tick.test(t))).toEqual([]);
    expect(ticks).toContain(locale === 'en' ? '100M' : `1${locale === 'zh-CN' ? '亿' : '億'}`);
  });
});
