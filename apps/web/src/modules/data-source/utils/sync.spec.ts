import { describe, expect, it } from '@jest/globals';
import { syncRowCount } from './sync';

describe('synced row counts in the reader’s units', () => {
  it('says 万/亿, 萬/億 and K/M/B', () => {
    expect(syncRowCount(1_234_567, 'zh-CN')).toBe('123.5万');
    expect(syncRowCount(123_456_789, 'zh-CN')).toBe('1.2亿');
    expect(syncRowCount(1_234_567, 'zh-TW')).toBe('123.5萬');
    expect(syncRowCount(1_234_567, 'en')).toBe('1.2M');
    expect(syncRowCount(2_500_000_000, 'en')).toBe('2.5B');
    expect(syncRowCount(3, 'en')).toBe('3');
  });
});
