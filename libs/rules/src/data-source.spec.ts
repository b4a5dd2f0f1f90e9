import { aggregatorAllowed, checkAlias, defaultTitle, isCacheInterval } from './index.js';

describe('data-source field rules', () => {
  it('checks aliases, aggregators, cache intervals and default titles', () => {
    expect(checkAlias('')).toBe('required');
    expect(checkAlias('a')).toBeNull();
    expect(checkAlias('a'.repeat(21))).toBe('length');
    expect(aggregatorAllowed('sum', 'number')).toBe(true);
    expect(aggregatorAllowed('avg', 'string')).toBe(false);
    expect(aggregatorAllowed('count', 'date')).toBe(true);
    expect(aggregatorAllowed('median', 'number')).toBe(false);
    expect([0, 5, 1440].every(isCacheInterval)).toBe(true);
    expect(isCacheInterval(15)).toBe(false);
    expect(isCacheInterval(null)).toBe(false);
    expect(defaultTitle('a_very_long_column_name_indeed')).toBe('a_very_long_column_n');
  });
});
