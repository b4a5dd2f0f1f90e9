import { describe, expect, it } from '@jest/globals';
import { clampIndex, stepIndex } from './carousel';

describe('carousel steps', () => {
  it('moves forward and back, wrapping around', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('keeps the index inside the list when it shrinks', () => {
    expect(clampIndex(4, 2)).toBe(1);
    expect(clampIndex(-1, 2)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });
});
