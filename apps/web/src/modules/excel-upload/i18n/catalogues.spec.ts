import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { expectSameKeys, expectTextsAndPlaceholders, flattenCatalogue as flatten } from '../../../shared/i18n/catalogue-check';

describe('excel-upload catalogues', () => {
  const reference = flatten(zhCN);
  for (const [name, catalogue] of Object.entries({ 'zh-TW': flatten(zhTW), en: flatten(en) })) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      expectSameKeys(reference, catalogue);
      expectTextsAndPlaceholders(reference, catalogue);
    });
  }

  it('has the texts of spec 02 §8', () => {
    expect(en.upload.error).toBe('excel upload error');
    expect(en.errors.importFailed).toMatch(/wrong/);
  });
});
