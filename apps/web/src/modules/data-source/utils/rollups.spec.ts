import { describe, expect, it } from '@jest/globals';
import { buildSeconds, rollupShare, rollupSize } from './rollups';

describe('rollup list numbers', () => {
  it('sizes in kB / MB / GB, never bytes', () => {
    expect(rollupSize(512, 'en')).toBe('0.5 kB');
    expect(rollupSize(12_345, 'en')).toBe('12.3 kB');
    expect(rollupSize(4_500_000, 'zh-CN')).toBe('4.5 MB');
    expect(rollupSize(2_000_000_000, 'zh-TW')).toBe('2 GB');
  });
  it('shares as percents (rows and hits: count.spec.ts)', () => {
    expect(rollupShare(8_760, 50_000_000, 'en')).toBe('<0.1%');
    expect(rollupShare(1_461, 1_461, 'en')).toBe('100%');
    expect(rollupShare(5, 0, 'en')).toBe('0%');
  });
  it('build durations keep two significant digits under 10 s', () => {
    expect(buildSeconds(42, 'en')).toBe('0.042');
    expect(buildSeconds(1234, 'en')).toBe('1.2');
    expect(buildSeconds(83_456, 'en')).toBe('83.5');
  });
});
