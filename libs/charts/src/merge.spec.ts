import { compact, deepMerge, parseCustomOption } from './merge.js';
import type { Json } from './types.js';

describe('deepMerge', () => {
  it('merges objects key by key without changing its inputs', () => {
    const base = { a: 1, b: { c: 2, d: 3 } };
    const patch = { b: { d: 4, e: 5 }, f: 'x' };
    expect(deepMerge(base, patch)).toEqual({ a: 1, b: { c: 2, d: 4, e: 5 }, f: 'x' });
    expect(base).toEqual({ a: 1, b: { c: 2, d: 3 } });
  });

  it('merges arrays of objects by index and appends extra elements', () => {
    const base = { series: [{ type: 'bar', name: 'a' }, { type: 'line', name: 'b' }] };
    expect(deepMerge(base, { series: [{ smooth: true }] })).toEqual({ series: [{ type: 'bar', name: 'a', smooth: true }, { type: 'line', name: 'b' }] });
    expect(deepMerge(base, { series: [{}, {}, { type: 'pie' }] })).toEqual({ series: [...base.series, { type: 'pie' }] });
  });

  it('replaces arrays of scalars and scalars, and sets null', () => {
    expect(deepMerge({ color: ['#1', '#2', '#3'], x: 1 }, { color: ['#9'], x: null })).toEqual({ color: ['#9'], x: null });
  });

  it('ignores prototype keys', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"x": 1}, "ok": 1}');
    const merged = deepMerge({}, patch) as Record<string, unknown>;
    expect(merged).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseCustomOption', () => {
  it('is empty for blank text', () => {
    expect(parseCustomOption(undefined)).toEqual({ ok: true, value: null });
    expect(parseCustomOption('  ')).toEqual({ ok: true, value: null });
  });
  it('parses a JSON object', () => expect(parseCustomOption('{"grid":{"top":10}}')).toEqual({ ok: true, value: { grid: { top: 10 } } }));
  it('rejects invalid JSON and non-objects with a message', () => {
    expect(parseCustomOption('{grid:')).toMatchObject({ ok: false, warning: { key: 'customOptionInvalidJson' } });
    expect(parseCustomOption('[1,2]')).toMatchObject({ ok: false, warning: { key: 'customOptionNotObject', params: {} } });
    expect(parseCustomOption('42')).toMatchObject({ ok: false });
  });
  it('ignores one nested past 20 levels (a chart stored before the bound: issue 12 #4) instead of overflowing the stack', () => {
    const deep = `{"series":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(parseCustomOption(deep)).toMatchObject({ ok: false, warning: { key: 'customOptionTooLarge', params: { depth: 20 } } });
    expect(parseCustomOption(`{"a":${'{"b":'.repeat(18)}1${'}'.repeat(18)}}`)).toMatchObject({ ok: true });
  });
});

describe('compact', () => {
  it('drops undefined members and turns non-finite numbers into null', () => {
    expect(compact({ a: undefined, b: [1, undefined, NaN, Infinity] as Json[], c: { d: undefined, e: 'x' } })).toEqual({ b: [1, null, null, null], c: { e: 'x' } });
  });
});
