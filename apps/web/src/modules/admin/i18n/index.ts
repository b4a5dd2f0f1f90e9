import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../shared/i18n';
import en from './en';
import zhCN, { type AdminCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `admin.` of the app's translation namespace. */
export const adminCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

for (const [lng, catalogue] of Object.entries(adminCatalogues)) {
  i18n.addResourceBundle(lng, 'translation', { admin: catalogue }, true, true);
}

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A key of the module's catalogue, e.g. 'users.create' (without the `admin.` prefix). */
export type AdminKey = Paths<AdminCatalogue>;
export type AdT = (key: AdminKey, options?: Record<string, unknown>) => string;

/** `ad` for the module's own texts (keys relative to `admin.`), and the app's `t` for shared ones. */
export function useAdTranslation() {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const ad = useCallback<AdT>((key, options) => loose(`admin.${key}`, options), [loose]);
  return { ad, t, i18n: instance };
}
