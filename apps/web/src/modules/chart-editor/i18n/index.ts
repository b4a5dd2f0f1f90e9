import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../shared/i18n';
import en from './en';
import zhCN, { type ChartEditorCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The editor's texts per language; registered under `chartEditor.` of the app's translation namespace. */
export const chartEditorCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

for (const [lng, catalogue] of Object.entries(chartEditorCatalogues)) {
  i18n.addResourceBundle(lng, 'translation', { chartEditor: catalogue }, true, true);
}

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A key of the module's catalogue, e.g. 'zones.points' (without the `chartEditor.` prefix). */
export type ChartEditorKey = Paths<ChartEditorCatalogue>;
export type CeT = (key: ChartEditorKey, options?: Record<string, unknown>) => string;

/** `t` for the editor's own texts (keys relative to `chartEditor.`), and the app's `t` for shared ones. */
export function useChartEditorTranslation() {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const ce = useCallback<CeT>((key, options) => loose(`chartEditor.${key}`, options), [loose]);
  return { ce, t, i18n: instance };
}
