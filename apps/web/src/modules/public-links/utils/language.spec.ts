import { describe, expect, it } from '@jest/globals';
import { browserLanguage } from './language';

describe('the public page language', () => {
  it("follows the viewer's browser", () => {
    expect(browserLanguage(['zh-TW', 'en'])).toBe('zh-TW');
    expect(browserLanguage(['zh-Hant-HK'])).toBe('zh-TW');
    expect(browserLanguage(['zh-HK'])).toBe('zh-TW');
    expect(browserLanguage(['zh-CN'])).toBe('zh-CN');
    expect(browserLanguage(['zh'])).toBe('zh-CN');
    expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'zh-CN'])).toBe('zh-CN');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
