import { describe, expect, it } from '@jest/globals';
import { expectSameKeys, expectTextsAndPlaceholders } from '../../../shared/i18n/catalogue-check';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('chart view catalogues', () => {
  for (const [name, catalogue] of Object.entries({ 'zh-TW': zhTW, en })) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      expectSameKeys(zhCN, catalogue);
      expectTextsAndPlaceholders(zhCN, catalogue);
    });
  }

  it('says "no data found" for an empty result', () => {
    expect(en.empty).toBe('No data found');
  });
});
