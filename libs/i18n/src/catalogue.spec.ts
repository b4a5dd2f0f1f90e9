import { CATALOGUES, LANGUAGES, resolveLanguage, translate } from './catalogue.js';

describe('message catalogue', () => {
  it('has every key in all three languages', () => {
    const keys = Object.keys(CATALOGUES['zh-CN']).sort();
    for (const lang of LANGUAGES) expect(Object.keys(CATALOGUES[lang]).sort()).toEqual(keys);
  });

  it('chooses the language from the currentLanguage header, falling back to zh-CN', () => {
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('zh-TW')).toBe('zh-TW');
    expect(resolveLanguage('zh-tw')).toBe('zh-TW');
    expect(resolveLanguage('fr')).toBe('zh-CN');
    expect(resolveLanguage(undefined)).toBe('zh-CN');
    expect(resolveLanguage(['en', 'zh-TW'])).toBe('en');
  });

  it('fills placeholders and falls back to the generic failure for unknown keys', () => {
    expect(translate('login.too_many_attempts', 'en', { seconds: 42 })).toBe('Too many sign-in attempts, please try again in 42 seconds');
    expect(translate('login.invalid_credentials', 'zh-CN')).toBe('账号或密码错误');
    expect(translate('no.such.key', 'en')).toBe('Operation failed');
  });
});
