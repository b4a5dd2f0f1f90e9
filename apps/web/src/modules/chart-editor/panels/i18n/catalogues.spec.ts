import { describe, expect, it } from '@jest/globals';
import { expectSameKeys, expectTextsAndPlaceholders, flattenCatalogue as flatten } from '../../../../shared/i18n/catalogue-check';
import { PANEL_IDS } from '../utils/applicability';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('chart panels catalogues', () => {
  const reference = flatten(zhCN);
  for (const [name, catalogue] of Object.entries({ 'zh-TW': flatten(zhTW), en: flatten(en) })) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      expectSameKeys(reference, catalogue);
      expectTextsAndPlaceholders(reference, catalogue);
    });
  }

  it('names every panel in every language', () => {
    for (const catalogue of [zhCN, zhTW, en]) expect(Object.keys(catalogue.panels).sort()).toEqual([...PANEL_IDS].sort());
  });

  it('says "found no data" for an empty preview, as the data-source preview does (spec 02 §8)', () => {
    expect(en.preview.noData).toBe('found no data');
  });
});
