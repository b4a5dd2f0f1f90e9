import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../shared/i18n';
import en from './en';
import zhCN, { type ChartViewCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The renderers' texts per language, registered under `chart.view.` (deep merge: the shared `chart.*` keys stay). */
export const chartViewCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

for (const [lng, catalogue] of Object.entries(chartViewCatalogues)) {
  i18n.addResourceBundle(lng, 'translation', { chart: { view: catalogue } }, true, true);
}

export type ChartViewKey = keyof ChartViewCatalogue;
export type ChartViewT = (key: ChartViewKey, options?: Record<string, unknown>) => string;

/** `t` for the renderers' own texts (keys relative to `chart.view.`). */
export function useChartViewTranslation() {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const cv = useCallback<ChartViewT>((key, options) => loose(`chart.view.${key}`, options), [loose]);
  return { cv, t, i18n: instance };
}
