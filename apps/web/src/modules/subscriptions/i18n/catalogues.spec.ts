import { describe } from '@jest/globals';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('subscriptions catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });
});
