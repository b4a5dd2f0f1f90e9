import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** `cd` for the inner filter bar's and detail dialog's texts (registered under `chartDetail.`), and the app's `t`. */
export const useChartDetailTranslation = moduleTranslation('chartDetail', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'cd');
