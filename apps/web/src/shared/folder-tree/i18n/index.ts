import { moduleTranslation } from '../../i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** `ft` for the folder tree's own texts (registered under `folderTree.`), and the app's `t` for shared ones. */
export const useFolderTreeTranslation = moduleTranslation('folderTree', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'ft');
