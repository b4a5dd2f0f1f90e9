import { CHART_KIND_REGISTRY, CHART_TYPES, type Chart } from '@bi/chart-model';
import { buildOption, OPTION_BUILDERS } from './build.js';
import { THEME_NAMES, THEMES } from './themes.js';
import { chartOf, compareResult, longResult, monthlyResult, sampleResult } from './testing/fixtures.js';
import { build } from './testing/helpers.js';
import type { ChartResult } from './types.js';

/** Everything that is not JSON: functions, undefined, non-finite numbers, class instances. */
function nonJson(value: unknown, path = '$'): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonJson(v, `${path}[${i}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.entries(value as object).flatMap(([k, v]) => nonJson(v, `${path}.${k}`));
  return [path];
}

const VARIANTS: Partial<Chart>[] = [
  {},
  { isHorizontal: true, legendStyle: 2, xDataZoom: true, yDataZoom: true, showXSplitLine: true, showYSplitLine: true },
  { isShowPointLabel: true, isShowRealValue: true, theme: 'dark', legendStyle: 3, showTitle: false },
  { colorSettings: ['#111111'], theme: 'starry', legendStyle: 0, aggregateConfig: { showSum: true, showAvg: true }, plotLineY: [{ name: 'p', valueType: 1, formula: 0 }] },
];

describe('buildOption', () => {
  it('has exactly one builder per option builder family of the kind registry', () => {
    expect(Object.keys(OPTION_BUILDERS).sort()).toEqual([...new Set(CHART_TYPES.map((k) => CHART_KIND_REGISTRY[k].build.family))].sort());
  });

  describe.each(CHART_TYPES.map((k) => [k]))('%s', (kind) => {
    it.each(VARIANTS.map((v, i) => [i, v]))('variant %p is plain JSON (no functions) and reports its kind', (_i, variant) => {
      const { option, meta } = buildOption(sampleResult(kind, variant));
      expect(nonJson(option)).toEqual([]);
      expect(JSON.parse(JSON.stringify(option))).toEqual(option);
      expect(meta.kind).toBe(kind);
      expect(meta.pointCount).toBeLessThanOrEqual(meta.originalPointCount);
    });

    it('copes with an empty result', () => {
      const empty: ChartResult = { ...sampleResult(kind), rows: [], totals: undefined };
      const { option, meta } = buildOption(empty);
      expect(nonJson(option)).toEqual([]);
      expect(meta.pointCount).toBe(0);
    });

    it('copes with a result without columns', () => {
      expect(() => buildOption({ chart: chartOf(kind), columns: [], rows: [{ x: 1 }] })).not.toThrow();
    });
  });

  it.each(THEME_NAMES.map((t) => [t]))('applies theme %s: background, text colour and palette', (theme) => {
    const { o } = build(monthlyResult('bar', { theme }));
    expect(o.backgroundColor).toBe(THEMES[theme].background);
    expect(o.textStyle.color).toBe(THEMES[theme].text);
    expect(o.color).toEqual([...THEMES[theme].palette]);
    expect(o.series[1].itemStyle.color).toBe(THEMES[theme].palette[1]);
  });

  it('falls back to light for an unknown theme and lets property.background win', () => {
    expect(build(monthlyResult('bar', { theme: 'neon' as Chart['theme'] })).o.backgroundColor).toBe(THEMES.light.background);
    expect(build(monthlyResult('bar', { theme: 'dark', property: { background: '#223344' } })).o.backgroundColor).toBe('#223344');
  });

  it('uses field titles as names and falls back to field names', () => {
    const r = monthlyResult('bar');
    r.columns[1]!.field.title = '';
    r.columns[2]!.field.title = '  利润  ';
    expect(build(r).o.series.map((s: { name: string }) => s.name)).toEqual(['amount', '利润']);
  });

  it('merges customOption over the built option', () => {
    const { o, meta } = build(monthlyResult('bar', { customOption: '{"grid":{"top":99},"series":[{"barWidth":12}],"color":["#000000"],"animation":false}' }));
    expect(o.grid.top).toBe(99);
    expect(o.grid.left).toBe(12);
    expect(o.series[0]).toMatchObject({ type: 'bar', name: 'Amount', barWidth: 12 });
    expect(o.series[1].barWidth).toBeUndefined();
    expect(o.color).toEqual(['#000000']);
    expect(o.animation).toBe(false);
    expect(meta.warnings).toEqual([]);
  });

  it('ignores invalid customOption with a warning', () => {
    const plain = build(monthlyResult('bar')).o;
    const { o, meta } = build(monthlyResult('bar', { customOption: '{"grid": {top: 1}' }));
    expect(o).toEqual(plain);
    expect(meta.warnings).toEqual([expect.stringContaining('customOption is not valid JSON')]);
    expect(meta.notes).toEqual([{ key: 'customOptionInvalidJson', params: { detail: expect.any(String) } }]);
    expect(build(monthlyResult('bar', { customOption: '"text"' })).meta.warnings).toEqual(['customOption is not a JSON object and was ignored']);
  });

  it('reports an unknown kind instead of throwing', () => {
    const r = { ...monthlyResult('bar'), chart: { ...chartOf('bar'), type: 'radar' as never } };
    const { option, meta } = buildOption(r);
    expect(meta.warnings).toEqual(['unknown chart kind "radar"']);
    expect(meta.notes).toEqual([{ key: 'unknownKind', params: { kind: 'radar' } }]);
    expect(option.series).toBeUndefined();
  });

  it('survives stored results with missing parts', () => {
    const broken = { chart: chartOf('line'), columns: [null, { alias: 'x' }], rows: [null, 5] } as unknown as ChartResult;
    expect(buildOption(broken).meta.pointCount).toBe(0);
  });

  it('escapes braces of data texts in label templates', () => {
    const r = compareResult('pie');
    r.rows[0]!.month = '{a|b}';
    const { o } = build({ ...r, columns: r.columns.filter((c) => c.role !== 'series') });
    expect(o.series[0].data[0].label.formatter).toBe('｛a|b｝: 8.55%');
  });

  it('does not down-sample short series and reports the counts of long ones', () => {
    expect(build(monthlyResult('line')).meta).toMatchObject({ pointCount: 6, originalPointCount: 6, downsampled: false });
    expect(build(longResult('bar', 4000)).meta).toMatchObject({ pointCount: 3000, originalPointCount: 4000, downsampled: true });
  });
});
