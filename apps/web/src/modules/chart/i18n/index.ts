import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ChartViewCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The renderers' texts per language (registered under `chart.view.`; deep merge: the kind names under `chart.kinds.` stay). */
export const chartViewCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

export type ChartViewKey = CatalogueKey<ChartViewCatalogue>;

/** `cv` for the renderers' own texts (keys relative to `chart.view.`), and the app's `t` for shared ones. */
export const useChartViewTranslation = moduleTranslation('chart.view', chartViewCatalogues, 'cv');
