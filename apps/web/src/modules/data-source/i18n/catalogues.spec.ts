import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { expectSameKeys, expectTextsAndPlaceholders, flattenCatalogue as flatten } from '../../../shared/i18n/catalogue-check';

describe('data-source catalogues', () => {
  const reference = flatten(zhCN);
  for (const [name, catalogue] of Object.entries({ 'zh-TW': flatten(zhTW), en: flatten(en) })) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      expectSameKeys(reference, catalogue);
      expectTextsAndPlaceholders(reference, catalogue);
    });
  }

  it('success messages of deletes say deleted (spec 02 §8)', () => {
    expect(en.source.deleted).toBe('deleted');
    expect(en.preview.noData).toBe('found no data');
  });
});
