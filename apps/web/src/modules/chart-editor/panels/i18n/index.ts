import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../../shared/i18n';
import en from './en';
import zhCN, { type ChartPanelsCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The panels' texts per language; registered under `chartPanels.` of the app's translation namespace. */
export const chartPanelsCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

for (const [lng, catalogue] of Object.entries(chartPanelsCatalogues)) {
  i18n.addResourceBundle(lng, 'translation', { chartPanels: catalogue }, true, true);
}

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A key of the panels' catalogue, e.g. 'legend.top' (without the `chartPanels.` prefix). */
export type ChartPanelsKey = Paths<ChartPanelsCatalogue>;

export type PanelsT = (key: ChartPanelsKey, options?: Record<string, unknown>) => string;

/** `t` for the panels' own texts (keys relative to `chartPanels.`), and the app's `t` for shared ones. */
export function usePanelsTranslation() {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const pt = useCallback<PanelsT>((key, options) => loose(`chartPanels.${key}`, options), [loose]);
  return { pt, t, i18n: instance };
}
