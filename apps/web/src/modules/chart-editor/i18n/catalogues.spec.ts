import { describe, expect, it } from '@jest/globals';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('chart editor catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it('names every aggregator, granularity and filter operator', () => {
    expect(Object.keys(en.field.aggregators)).toEqual(['sum', 'avg', 'count', 'countDistinct', 'max', 'min']);
    expect(Object.keys(en.field.granularities)).toEqual(['normal', 'year', 'quarter', 'month', 'week', 'day']);
    expect(Object.keys(en.filter.operators)).toHaveLength(9);
  });
});
