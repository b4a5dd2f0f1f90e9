import type { ChartType } from '@bi/chart-model';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addModuleCatalogues } from '../../../shared/i18n/module-catalogues';
import { LANGUAGES, type Language } from '../../../shared/i18n/language';

/** The name of each chart kind per language; typed by the kind registry's keys, so a missing kind is a compile error. */
export const CHART_KIND_LABELS: { readonly [L in Language]: { readonly [K in ChartType]: string } } = {
  'zh-CN': {
    table: '表格',
    bar: '柱状图',
    stack_bar: '堆叠柱状图',
    line: '折线图',
    scatter: '散点图',
    pie: '饼图',
    gauge: '仪表盘',
    funnel: '漏斗图',
    card: '指标卡',
    doubleaxis: '双轴图',
    nav: '进度条',
    map: '地图',
    tw_map: '台湾地图',
  },
  'zh-TW': {
    table: '表格',
    bar: '長條圖',
    stack_bar: '堆疊長條圖',
    line: '折線圖',
    scatter: '散佈圖',
    pie: '圓餅圖',
    gauge: '儀表圖',
    funnel: '漏斗圖',
    card: '指標卡',
    doubleaxis: '雙軸圖',
    nav: '進度條',
    map: '地圖',
    tw_map: '台灣地圖',
  },
  en: {
    table: 'Table',
    bar: 'Bar',
    stack_bar: 'Stacked bar',
    line: 'Line',
    scatter: 'Scatter',
    pie: 'Pie',
    gauge: 'Gauge',
    funnel: 'Funnel',
    card: 'Card',
    doubleaxis: 'Double axis',
    nav: 'Progress',
    map: 'Map',
    tw_map: 'Taiwan map',
  },
};

addModuleCatalogues('chart', Object.fromEntries(LANGUAGES.map((lng) => [lng, { kinds: CHART_KIND_LABELS[lng] }])));

/** The translation key of a kind's name (registered under `chart.kinds.`). */
export const chartKindKey = (kind: ChartType) => `chart.kinds.${kind}`;

/** The name of a chart kind in the UI language. */
export function useChartKindLabel(): (kind: ChartType) => string {
  const { t } = useTranslation();
  const loose = t as unknown as (key: string) => string;
  return useCallback((kind: ChartType) => loose(chartKindKey(kind)), [loose]);
}
