/** The reader's texts: the server catalogue (@bi/i18n) in the picture's language. */
import { translate, type MessageKey } from '@bi/i18n';
import type { ChartLabels } from '@bi/charts';
import type { RenderLocale } from './types.js';

export function text(locale: RenderLocale, key: MessageKey, params?: Record<string, string | number>): string {
  return translate(key, locale, params);
}

/** The texts buildOption writes into an option (statistics, trend, the thinning note), as chart-query passes them. */
export function chartLabels(locale: RenderLocale): Partial<ChartLabels> {
  const t = (key: MessageKey) => translate(key, locale);
  return { sum: t('chart.label.sum'), avg: t('chart.label.avg'), max: t('chart.label.max'), min: t('chart.label.min'), trend: t('chart.label.trend'), everyNth: t('chart.label.everyNth') };
}
