import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../shared/i18n';
import en from './en';
import zhCN, { type ExcelUploadCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `excelUpload.` of the app's translation namespace. */
export const excelUploadCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

for (const [lng, catalogue] of Object.entries(excelUploadCatalogues)) {
  i18n.addResourceBundle(lng, 'translation', { excelUpload: catalogue }, true, true);
}

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A key of the module's catalogue, e.g. 'upload.drop' (without the `excelUpload.` prefix). */
export type ExcelUploadKey = Paths<ExcelUploadCatalogue>;
export type XlT = (key: ExcelUploadKey, options?: Record<string, unknown>) => string;

/** `xl` for the module's own texts (keys relative to `excelUpload.`), and the app's `t` for shared ones. */
export function useXlTranslation() {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const xl = useCallback<XlT>((key, options) => loose(`excelUpload.${key}`, options), [loose]);
  return { xl, t, i18n: instance };
}
