import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../shared/i18n';
import en from './en';
import zhCN, { type DataSourceCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `dataSource.` of the app's translation namespace. */
export const dataSourceCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

for (const [lng, catalogue] of Object.entries(dataSourceCatalogues)) {
  i18n.addResourceBundle(lng, 'translation', { dataSource: catalogue }, true, true);
}

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A key of the module's catalogue, e.g. 'sidebar.search' (without the `dataSource.` prefix). */
export type DataSourceKey = Paths<DataSourceCatalogue>;

export type DsT = (key: DataSourceKey, options?: Record<string, unknown>) => string;

/** `t` for the module's own texts (keys relative to `dataSource.`), and the app's `t` for shared ones. */
export function useDsTranslation() {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const ds = useCallback<DsT>((key, options) => loose(`dataSource.${key}`, options), [loose]);
  return { ds, t, i18n: instance };
}
