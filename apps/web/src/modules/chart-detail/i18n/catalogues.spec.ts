import { describe, expect, it } from '@jest/globals';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('chart detail catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it("says the spec's refusal of a wrong detail condition in each language", () => {
    expect([zhCN.detail.filter.wrong, zhTW.detail.filter.wrong, en.detail.filter.wrong]).toEqual(['筛选条件错误，请重新输入', '篩選條件錯誤，請重新輸入', 'Filter condition wrong, please re-enter']);
  });
});
