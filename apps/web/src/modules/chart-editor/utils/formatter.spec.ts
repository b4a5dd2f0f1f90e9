import { describe, expect, it } from '@jest/globals';
import { cleanFormatter, formatterForEditing, formatterPreview, formatterProblem, unitChoiceOf, withUnitChoice } from './formatter';

describe('formatter dialog', () => {
  it('starts from a value format, or the field formatter', () => {
    expect(formatterForEditing(undefined)).toEqual({ type: 1, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: false });
    expect(formatterForEditing({ type: 2, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 1, useThousandth: false }).type).toBe(2);
  });

  it('maps the unit choices none, 万, 亿, K, M, G and custom', () => {
    const f = formatterForEditing(undefined);
    expect(withUnitChoice(f, 'wan')).toMatchObject({ unit: 1, isCustomizeUnit: false });
    expect(withUnitChoice(f, 'G')).toMatchObject({ unit: 5 });
    expect(unitChoiceOf(withUnitChoice(f, 'yi'))).toBe('yi');
    expect(unitChoiceOf(withUnitChoice(f, 'custom'))).toBe('custom');
  });

  it('previews 万 with 2 decimals and a percent', () => {
    const wan = { ...withUnitChoice(formatterForEditing(undefined), 'wan'), decimalPlaces: 2 };
    expect(formatterPreview(wan)).toBe('123.46万');
    expect(formatterPreview({ ...wan, unit: 0, useThousandth: true })).toBe('1,234,567.89');
    expect(formatterPreview({ ...wan, type: 2 })).toBe('12.35%');
    expect(formatterPreview(wan, 'zh-TW')).toBe('123.46萬');
    expect(formatterPreview({ ...withUnitChoice(wan, 'custom'), customUnit: ' 元 ' })).toBe('1234567.89元');
  });

  it('checks decimals (0–10) and a custom unit', () => {
    const f = formatterForEditing(undefined);
    expect(formatterProblem({ ...f, decimalPlaces: 11 })).toBe('decimals');
    expect(formatterProblem({ ...f, decimalPlaces: 1.5 })).toBe('decimals');
    expect(formatterProblem({ ...withUnitChoice(f, 'custom'), customUnit: ' ' })).toBe('customUnit');
    expect(formatterProblem(f)).toBeNull();
    expect(cleanFormatter({ ...withUnitChoice(f, 'wan'), type: 2 })).toMatchObject({ unit: 0, isCustomizeUnit: false });
  });
});
