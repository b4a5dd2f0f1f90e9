import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';

describe('excel-upload catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it('has the texts of spec 02 §8', () => {
    expect(en.upload.error).toBe('excel upload error');
    expect(en.errors.importFailed).toMatch(/wrong/);
  });
});
