import { describe, expect, it } from '@jest/globals';
import { formatTime } from './time';

describe('formatTime', () => {
  it('shows an ISO time as local yyyy-MM-dd HH:mm:ss, nothing for none, the text for a non-time', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatTime(d.toISOString())).toBe('2026-01-05 07:08:09');
    expect(formatTime(null)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatTime('later')).toBe('later');
  });
});
