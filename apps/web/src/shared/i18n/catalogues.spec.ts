import { describe, expect, it } from '@jest/globals';
import { expectSameKeys, expectTextsAndPlaceholders, flattenCatalogue as flatten } from './catalogue-check';
import en from './locales/en';
import zhCN from './locales/zh-CN';
import zhTW from './locales/zh-TW';

describe('translation catalogues', () => {
  const reference = flatten(zhCN);
  const catalogues = { 'zh-TW': flatten(zhTW), en: flatten(en) };

  for (const [name, catalogue] of Object.entries(catalogues)) {
    it(`${name} has exactly the keys of zh-CN`, () => {
      expectSameKeys(reference, catalogue);
    });

    it(`${name} has no empty texts and keeps every interpolation placeholder`, () => {
      expectTextsAndPlaceholders(reference, catalogue);
    });
  }

  it('names every route page in every language', () => {
    for (const catalogue of [zhCN, zhTW, en]) {
      expect(Object.keys(catalogue.pages)).toEqual(expect.arrayContaining(['dashboard', 'join_table', 'login', 'template_tab']));
    }
  });
});
