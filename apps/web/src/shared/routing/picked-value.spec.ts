import { describe, expect, it } from '@jest/globals';
import { pickedValueOf } from './picked-value';

describe('pickedValueOf (a filter value read from the page URL, with the rules of the wire schema, @bi/chart-model)', () => {
  it('keeps the known members in bounds', () => {
    expect(pickedValueOf({ range: ['East', 3], granularity: 3, numberOption: 'equal', relative: { preset: 'lastDays', days: 30 }, other: 1 })).toEqual({
      range: ['East', 3],
      granularity: 3,
      numberOption: 'equal',
      relative: { preset: 'lastDays', days: 30 },
    });
    expect(pickedValueOf({ range: [], relative: { preset: 'lastDays', days: 0 } })).toEqual({ range: [], relative: { preset: 'lastDays', days: 7 } });
    expect(pickedValueOf({ range: 'East' })).toBeNull();
  });

  it('leaves out a value holding a NUL character or a lone surrogate, as every server edge refuses it', () => {
    expect(pickedValueOf({ range: ['East', 'a\u0000b', '\uD800', 'x'.repeat(1001), Number.NaN, 'West'] })).toEqual({ range: ['East', 'West'] });
  });
});
