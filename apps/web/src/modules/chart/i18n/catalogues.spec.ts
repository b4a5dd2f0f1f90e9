import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('chart view catalogues', () => {
  for (const [name, catalogue] of Object.entries({ 'zh-TW': zhTW, en })) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(zhCN).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim()).not.toBe('');
        expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(zhCN[key as keyof typeof zhCN]) });
      }
    });
  }

  it('says "no data found" for an empty result', () => {
    expect(en.empty).toBe('No data found');
  });
});
