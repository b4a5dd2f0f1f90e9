import { describe, expect, it } from '@jest/globals';
import { expectSameKeys, expectTextsAndPlaceholders, flattenCatalogue as flatten } from '../../../shared/i18n/catalogue-check';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('chart editor catalogues', () => {
  const reference = flatten(zhCN);
  for (const [name, catalogue] of Object.entries({ 'zh-TW': flatten(zhTW), en: flatten(en) })) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      expectSameKeys(reference, catalogue);
      expectTextsAndPlaceholders(reference, catalogue);
    });
  }

  it('names every aggregator, granularity and filter operator', () => {
    expect(Object.keys(en.field.aggregators)).toEqual(['sum', 'avg', 'count', 'countDistinct', 'max', 'min']);
    expect(Object.keys(en.field.granularities)).toEqual(['normal', 'year', 'quarter', 'month', 'week', 'day']);
    expect(Object.keys(en.filter.operators)).toHaveLength(9);
  });
});
