import { describe, expect, it } from '@jest/globals';
import { NAME_CUT, cutName, displayWidth, isCut } from './cut-name';

describe('displayWidth', () => {
  it('counts ASCII as 1 and non-ASCII as 2', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('销售')).toBe(4);
    expect(displayWidth('a销b')).toBe(4);
    expect(displayWidth('')).toBe(0);
  });
});

describe('cutName', () => {
  it('returns names within the limit unchanged', () => {
    expect(cutName('Sales 2024', NAME_CUT.dashboard)).toBe('Sales 2024');
    expect(cutName('a'.repeat(16), 16)).toBe('a'.repeat(16));
    expect(cutName('销售销售销售销售', 16)).toBe('销售销售销售销售');
  });

  it('cuts longer names to the display width and appends an ellipsis', () => {
    expect(cutName('a'.repeat(20), 16)).toBe('a'.repeat(16) + '...');
    expect(cutName('销售数据分析仪表板总览', 16)).toBe('销售数据分析仪表...');
  });

  it('never splits a wide character over the limit', () => {
    expect(cutName('abcdefghijklmno销售', 16)).toBe('abcdefghijklmno...');
  });

  it('handles empty values', () => {
    expect(cutName(undefined, 10)).toBe('');
    expect(cutName(null, 10)).toBe('');
    expect(cutName('', 10)).toBe('');
  });

  it('uses the spec limits', () => {
    expect(NAME_CUT).toEqual({ folder: 19, dashboard: 16, dataSource: 20, relation: 14 });
    expect(isCut('x'.repeat(20), NAME_CUT.folder)).toBe(true);
    expect(isCut('x'.repeat(19), NAME_CUT.folder)).toBe(false);
  });
});
