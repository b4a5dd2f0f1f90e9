import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';

describe('sharing catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it('has the publish messages of spec 02 §8', () => {
    expect(en.result.operateSuccess).toBe('operate success');
    expect(en.result.publishSuccess).toBe('publish success');
    expect(en.result.operateFailed).toBe('operate failed');
    expect(en.result.publishFailed).toBe('publish failed');
  });
});
