import { describe, expect, it } from '@jest/globals';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('keeps zh-TW and en', () => {
    expect(resolveLanguage('zh-TW')).toBe('zh-TW');
    expect(resolveLanguage('en')).toBe('en');
  });

  it('keeps zh-CN', () => {
    expect(resolveLanguage('zh-CN')).toBe('zh-CN');
  });

  it('falls back to zh-CN for anything else', () => {
    for (const value of [null, undefined, '', 'fr', 'en-US', 'EN', 'zh-tw', 'zh', 'zh-HK', 'ja']) {
      expect(resolveLanguage(value)).toBe('zh-CN');
    }
    expect(DEFAULT_LANGUAGE).toBe('zh-CN');
  });

  it('lists exactly the three UI languages', () => {
    expect([...LANGUAGES]).toEqual(['zh-CN', 'zh-TW', 'en']);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
  });
});
