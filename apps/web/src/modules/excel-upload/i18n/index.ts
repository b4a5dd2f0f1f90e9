import { moduleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ExcelUploadCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** A key of the module's catalogue, e.g. 'upload.drop' (without the `excelUpload.` prefix). */
export type ExcelUploadKey = CatalogueKey<ExcelUploadCatalogue>;
export type XlT = ModuleT<ExcelUploadKey>;

/** `xl` for the module's own texts (registered under `excelUpload.`), and the app's `t` for shared ones. */
export const useXlTranslation = moduleTranslation('excelUpload', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'xl');
