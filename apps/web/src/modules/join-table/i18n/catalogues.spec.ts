import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';

describe('join-table catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it("has the texts of spec 02 §5", () => {
    expect(en.name.required).toMatch(/cannot be empty/);
    expect(en.problems.duplicateTitles).toMatch(/^duplicate fields/);
  });
});
