import { chartSchema } from './chart.js';
import { detailFilterSchema, filterValueProblem, globalFilterItemSchema, globalFilterValueSchema, granularitySchema, isGranularity, isNumberOption, isRangeValue, isRelativeDays, isRelativePreset, numberOptionSchema, rangeValue, relativeDaysSchema, relativePresetSchema, requestFilters } from '../index.js';
import { chartLinkageSchema } from './linkage.js';
import { INPUT_BOUNDS, storableText, textIssue } from './text.js';

const issues = (r: { success: boolean; error?: { issues: import('zod').z.core.$ZodIssue[] } }) => (r.success ? [] : r.error!.issues);
/** The text rule's verdicts of a parse: [path, problem] of each text issue. */
const textIssues = (r: Parameters<typeof issues>[0]) => issues(r).flatMap((i) => (textIssue(i) ? [[i.path.join('.'), textIssue(i)]] : []));

describe('the one text rule of the wire schemas', () => {
  it('refuses NUL and lone surrogates, keeps the rest, and bounds the length', () => {
    const s = storableText(5);
    expect(s.safeParse('abc').success).toBe(true);
    expect(s.safeParse('😀').success).toBe(true);
    expect(textIssues(s.safeParse('a\u0000'))).toEqual([['', 'nul']]);
    expect(textIssues(s.safeParse('\uD800'))).toEqual([['', 'surrogate']]);
    expect(issues(s.safeParse('abcdef'))[0]).toMatchObject({ code: 'too_big' });
    expect(issues(s.safeParse('abcdef')).some((i) => textIssue(i))).toBe(false);
  });

  it('reads one filter value as @bi/query does (filterValueProblem)', () => {
    expect(filterValueProblem('East')).toBeNull();
    expect(filterValueProblem(12)).toBeNull();
    expect(filterValueProblem('x'.repeat(INPUT_BOUNDS.filterValueChars + 1))).toBe('too_long');
    expect(filterValueProblem('a\u0000b')).toBe('nul');
    expect(filterValueProblem('\uDFFF')).toBe('surrogate');
  });
});

describe('a NUL in a global filter value is refused by every schema that carries one', () => {
  const NUL = 'a\u0000b';
  it('run request filters (the BFF body, chart-query globalFiltersJson)', () => {
    expect(textIssues(requestFilters.safeParse([{ name: 'region', dataType: 'string', range: ['East', NUL] }]))).toEqual([['0.range.1', 'nul']]);
    expect(requestFilters.safeParse([{ name: 'region', dataType: 'string', range: ['East'] }]).success).toBe(true);
  });
  it('a stored global filter item (the dashboard service)', () => {
    const item = { id: 'g1', name: 'region', dataType: 'string', dataSourceId: 's1', range: [NUL] };
    expect(textIssues(globalFilterItemSchema.safeParse(item))).toEqual([['range.0', 'nul']]);
  });
  it('a picked value (the page URL)', () => {
    expect(textIssues(globalFilterValueSchema.safeParse({ range: [NUL] }))).toEqual([['range.0', 'nul']]);
  });
  it('a detail filter, a chart, a linkage', () => {
    expect(textIssues(detailFilterSchema.safeParse({ logic: 0, filterItems: [{ field: { name: 'region' }, compare: '=', compareValue: NUL }] }))).toEqual([['filterItems.0.compareValue', 'nul']]);
    expect(textIssues(chartSchema.safeParse({ chartId: 'c', title: 't', type: 'bar', innerFilters: [{ name: 'region', dataType: 'string', range: [NUL] }] }))).toEqual([['innerFilters.0.range.0', 'nul']]);
    expect(textIssues(chartLinkageSchema.safeParse({ targets: [{ chartId: 'c2', fields: [{ source: NUL, target: 'region' }] }] }))).toEqual([['targets.0.fields.0.source', 'nul']]);
  });
});

describe('bounds and defaults of the shapes', () => {
  it('bounds filter lists and values', () => {
    expect(requestFilters.safeParse(Array.from({ length: INPUT_BOUNDS.filters + 1 }, () => ({ name: 'x' }))).success).toBe(false);
    expect(requestFilters.safeParse([{ name: 'x', range: Array.from({ length: INPUT_BOUNDS.filterValues + 1 }, () => 1) }]).success).toBe(false);
    expect(requestFilters.safeParse(null)).toEqual({ success: true, data: undefined });
  });
  it('gives a chart its empty lists and drops unknown keys', () => {
    const r = chartSchema.parse({ chartId: 'c', title: 't', type: 'bar', unknown: 1 });
    expect(r).toMatchObject({ points: [], values: [], innerFilters: [], dataSourceId: '' });
    expect('unknown' in r).toBe(false);
  });
  it('reports a stored item member with the message users read', () => {
    expect(issues(globalFilterItemSchema.safeParse({ id: '', name: 'n', dataType: 'string', dataSourceId: 's' }))[0]).toMatchObject({ path: ['id'], message: '1 to 64 characters' });
    expect(issues(globalFilterItemSchema.safeParse({ id: 'g', name: 'n', dataType: 'date', dataSourceId: 's', relative: { preset: 'lastDays', days: 0 } }))[0]).toMatchObject({ path: ['relative', 'days'], message: '1 to 3660' });
  });
});

describe('the zod-free predicates (the web reads URL values with them) agree with their schemas', () => {
  const samples: unknown[] = ['East', '', 'a\u0000b', '\uD800', 'x'.repeat(1000), 'x'.repeat(1001), 0, 1.5, -3, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, {}, [], '3', 3, 5, 6, 'all', 'range', 'like', 'today', 'lastDays', 'yesterday', 1, 3660, 3661, 2.5];
  it.each([
    ['isRangeValue', isRangeValue, rangeValue],
    ['isGranularity', isGranularity, granularitySchema],
    ['isNumberOption', isNumberOption, numberOptionSchema],
    ['isRelativePreset', isRelativePreset, relativePresetSchema],
    ['isRelativeDays', isRelativeDays, relativeDaysSchema],
  ] as const)('%s', (_name, predicate, schema) => {
    for (const v of samples) expect([v, predicate(v)]).toEqual([v, schema.safeParse(v).success]);
  });
});
