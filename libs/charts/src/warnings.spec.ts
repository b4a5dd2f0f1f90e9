import { CHART_WARNING_KEYS, chartWarning, isChartWarningKey, warningText } from './warnings.js';

describe('chart warnings', () => {
  it('has an English text for every key, with its parameters filled in', () => {
    for (const key of CHART_WARNING_KEYS) expect(warningText(chartWarning(key, { kind: 'pie', min: 0, max: 2000 }))).not.toBe(key);
    expect(warningText(chartWarning('gaugeScaleWidened', { min: 0, max: 2000 }))).toBe('gauge scale widened to 0–2000 to hold the value');
    expect(warningText(chartWarning('customOptionNotObject'))).toBe('customOption is not a JSON object and was ignored');
  });

  it('tells its keys from other strings', () => {
    expect(isChartWarningKey('pieNegativeLeftOut')).toBe(true);
    expect(isChartWarningKey('gauge scale widened')).toBe(false);
    expect(isChartWarningKey(3)).toBe(false);
  });
});
