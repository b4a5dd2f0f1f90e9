import { describe } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';

describe('embed catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });
});
