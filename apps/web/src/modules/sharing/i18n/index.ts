import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../shared/i18n';
import en from './en';
import zhCN, { type SharingCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `sharing.` of the app's translation namespace. */
export const sharingCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

for (const [lng, catalogue] of Object.entries(sharingCatalogues)) {
  i18n.addResourceBundle(lng, 'translation', { sharing: catalogue }, true, true);
}

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A key of the module's catalogue, e.g. 'batch.add' (without the `sharing.` prefix). */
export type SharingKey = Paths<SharingCatalogue>;
export type ShT = (key: SharingKey, options?: Record<string, unknown>) => string;

/** `sh` for the module's own texts (keys relative to `sharing.`), and the app's `t` for shared ones. */
export function useShTranslation() {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const sh = useCallback<ShT>((key, options) => loose(`sharing.${key}`, options), [loose]);
  return { sh, t, i18n: instance };
}
