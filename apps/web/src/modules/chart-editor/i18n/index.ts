import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** `ce` for the editor's own texts (registered under `chartEditor.`), and the app's `t` for shared ones. */
export const useChartEditorTranslation = moduleTranslation('chartEditor', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'ce');
