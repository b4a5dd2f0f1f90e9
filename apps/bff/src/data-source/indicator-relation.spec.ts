import { describe, expect, it } from '@jest/globals';
import { uniqueName } from './indicator-relation.js';

describe('the generated relation map name', () => {
  it('is the name when the folder has no map of that name (ignoring case)', () => {
    expect(uniqueName('集团营业收入', new Set(['集团营业成本']))).toBe('集团营业收入');
    expect(uniqueName('Revenue', new Set(['revenue 2']))).toBe('Revenue');
  });

  it('gets the first free number, cut to 20 characters', () => {
    expect(uniqueName('Revenue', new Set(['revenue', 'revenue 2']))).toBe('Revenue 3');
    const long = '一二三四五六七八九十一二三四五六七八九十';
    expect(uniqueName(long, new Set([long]))).toBe('一二三四五六七八九十一二三四五六七八 2');
    expect([...uniqueName(long, new Set([long]))]).toHaveLength(20);
  });
});
