import { isChartType } from '@bi/chart-model';
import type { ChartWarning, ChartWarningKey } from '@bi/charts';
import type { ChartViewKey } from '../i18n';
import type { ChartAnswerMeta } from '../types';
import { chartKindKey } from '../i18n/kinds';

/** The chart-view catalogue key of each answer note (a new ChartWarningKey fails the type check until it has a text). */
export const NOTE_TEXT_KEYS: Record<ChartWarningKey, ChartViewKey> = {
  unknownKind: 'noteUnknownKind',
  customOptionTooLarge: 'noteCustomOptionTooLarge',
  customOptionInvalidJson: 'noteCustomOptionInvalidJson',
  customOptionNotObject: 'noteCustomOptionNotObject',
  gaugeScaleWidened: 'noteGaugeScaleWidened',
  firstValueOnly: 'noteFirstValueOnly',
  compareIgnored: 'noteCompareIgnored',
  pieNegativeLeftOut: 'notePieNegativeLeftOut',
  downsampled: 'noteDownsampled',
  trendlineTooFew: 'noteTrendlineTooFew',
  plotLineNoValue: 'notePlotLineNoValue',
  plotLinesNoSeries: 'notePlotLinesNoSeries',
  statisticsFieldMissing: 'noteStatisticsFieldMissing',
  statisticsFieldMissingAll: 'noteStatisticsFieldMissingAll',
  navDefaultTarget: 'noteNavDefaultTarget',
  approximateFigure: 'noteApproximateFigure',
  globalFilterSkipped: 'noteGlobalFilterSkipped',
};

/** i18next `t` with plain string keys (the notes' keys are chosen at run time). */
export type LooseT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The answer's notes in the reader's language: meta.notes ({ key, params }) translated, numbers formatted
 * in the reader's locale, kind names translated; field and series names as the chart shows them. An answer
 * without notes (an older server) shows its English meta.warnings; a key this client does not know is left out.
 */
export function noteTexts(meta: Pick<ChartAnswerMeta, 'warnings' | 'notes'> | undefined, t: LooseT, language: string): string[] {
  if (!meta) return [];
  if (!Array.isArray(meta.notes)) return Array.isArray(meta.warnings) ? meta.warnings.filter((w): w is string => typeof w === 'string') : [];
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 6 });
  const texts: string[] = [];
  for (const note of meta.notes as ChartWarning[]) {
    const textKey = note && Object.prototype.hasOwnProperty.call(NOTE_TEXT_KEYS, note.key) ? NOTE_TEXT_KEYS[note.key] : undefined;
    if (!textKey) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(note.params ?? {})) {
      if (typeof value === 'number') params[name] = Number.isFinite(value) ? numbers.format(value) : String(value);
      else params[name] = name === 'kind' && isChartType(value) ? t(chartKindKey(value)) : String(value);
    }
    texts.push(t(`chart.view.${textKey}`, params));
  }
  return [...new Set(texts)];
}
