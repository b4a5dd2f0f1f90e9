import { addModuleCatalogues, useModuleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ExcelUploadCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `excelUpload.` of the app's translation namespace. */
export const excelUploadCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

addModuleCatalogues('excelUpload', excelUploadCatalogues);

/** A key of the module's catalogue, e.g. 'upload.drop' (without the `excelUpload.` prefix). */
export type ExcelUploadKey = CatalogueKey<ExcelUploadCatalogue>;
export type XlT = ModuleT<ExcelUploadKey>;

/** `xl` for the module's own texts (keys relative to `excelUpload.`), and the app's `t` for shared ones. */
export function useXlTranslation() {
  const { own: xl, t, i18n } = useModuleTranslation<ExcelUploadKey>('excelUpload');
  return { xl, t, i18n };
}
