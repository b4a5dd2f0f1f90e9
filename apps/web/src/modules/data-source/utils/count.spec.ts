import { describe, expect, it } from '@jest/globals';
import { compactCount } from './count';

describe('counts in the reader’s units (a synced source’s rows, a rollup’s rows and hits)', () => {
  it('says 万/亿, 萬/億 and K/M/B', () => {
    expect(compactCount(1_234_567, 'zh-CN')).toBe('123.5万');
    expect(compactCount(123_456_789, 'zh-CN')).toBe('1.2亿');
    expect(compactCount(1_234_567, 'zh-TW')).toBe('123.5萬');
    expect(compactCount(1_234_567, 'en')).toBe('1.2M');
    expect(compactCount(2_500_000_000, 'en')).toBe('2.5B');
    expect(compactCount(3, 'en')).toBe('3');
    expect(compactCount(87_600, 'zh-CN')).toBe('8.8万');
    expect(compactCount(87_600, 'zh-TW')).toBe('8.8萬');
    expect(compactCount(87_600, 'en')).toBe('87.6K');
  });
});
