import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';

describe('data-source catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it('success messages of deletes say deleted (spec 02 §8)', () => {
    expect(en.source.deleted).toBe('deleted');
    expect(en.preview.noData).toBe('found no data');
  });
});
