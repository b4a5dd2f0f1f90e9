import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';

describe('ERP catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it("says the spec's 'account hint 1' as the server does", () => {
    expect(en.form.primaryRequired).toBe('Default account setting cannot be cancelled');
    expect(zhCN.form.primaryRequired).toBe('默认账套设置不能取消');
  });
});
