import { describe, expect, it } from '@jest/globals';
import { checkCustomOption, CUSTOM_OPTION_MAX_LENGTH, customOptionChanged, formatCustomOption } from './customOption';

describe('custom option', () => {
  it('takes blank text as no custom option', () => {
    expect(checkCustomOption('')).toEqual({ ok: true, text: '', value: null });
    expect(checkCustomOption('  \n ')).toEqual({ ok: true, text: '', value: null });
    expect(checkCustomOption(undefined)).toEqual({ ok: true, text: '', value: null });
  });

  it('takes the JSON text of an object as it is', () => {
    const text = '{"series":[{"smooth":true}]}';
    expect(checkCustomOption(text)).toEqual({ ok: true, text, value: { series: [{ smooth: true }] } });
  });

  it('refuses text that is not JSON, with the parser message', () => {
    const check = checkCustomOption('{series: 1}');
    expect(check).toMatchObject({ ok: false, problem: 'json' });
    expect(check.ok === false && check.problem === 'json' && check.detail.length > 0).toBe(true);
  });

  it('refuses JSON that is not an object', () => {
    for (const text of ['[1,2]', '1', '"x"', 'null', 'true']) expect(checkCustomOption(text)).toEqual({ ok: false, problem: 'notObject' });
  });

  it('refuses text over 100 000 characters', () => {
    const text = `{"a":"${'x'.repeat(CUSTOM_OPTION_MAX_LENGTH)}"}`;
    expect(checkCustomOption(text)).toEqual({ ok: false, problem: 'tooLong' });
  });

  it('indents valid text and leaves invalid text alone', () => {
    expect(formatCustomOption('{"a":{"b":1}}')).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
    expect(formatCustomOption('{oops')).toBe('{oops');
    expect(formatCustomOption('')).toBe('');
  });

  it('compares with the stored text, blank equal to missing', () => {
    expect(customOptionChanged('', undefined)).toBe(false);
    expect(customOptionChanged('  ', '')).toBe(false);
    expect(customOptionChanged('{}', undefined)).toBe(true);
    expect(customOptionChanged('{}', '{}')).toBe(false);
  });
});
