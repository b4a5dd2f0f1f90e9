/**
 * Date categories by their period: a date dimension grouped by year, quarter, month or week answers
 * each period's first day ('2023-04-01'); the category stays that text (it is the point's key for the
 * detail drill and linkage), and the axis labels and tooltips show the period ('2023 Q2'). The option
 * names the granularity in meta.formatters.categoryAxis; the web formats with periodLabel.
 */
import type { Granularity } from '@bi/chart-model';
import type { ChartLocale } from './format.js';

/** The granularities whose first-day categories read better as a period. */
export type PeriodGranularity = 'year' | 'quarter' | 'month' | 'week';

const PERIODS: Partial<Record<Granularity, PeriodGranularity>> = { 1: 'year', 2: 'quarter', 3: 'month', 4: 'week' };

/** The period a dimension's granularity groups by; null for raw dates and days (shown as they are). */
export function periodOf(granularity: unknown): PeriodGranularity | null {
  return typeof granularity === 'number' ? (PERIODS[granularity as Granularity] ?? null) : null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 week of a calendar date: the week's year (the year of its Thursday) and number. */
export function isoWeek(year: number, month: number, day: number): { year: number; week: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const weekYear = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(weekYear, 0, 4));
  const firstMonday = firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * 86_400_000;
  return { year: weekYear, week: Math.floor((thursday.getTime() - firstMonday) / (7 * 86_400_000)) + 1 };
}

/**
 * A period's label from its first day: year '2023', quarter '2023 Q1', month '2023-01', week by locale
 * (ISO week: '2023-W05' in English, '2023年第5周' / '2023年第5週'). Text that is not a date (the empty
 * point '-', a joined key) is returned as it is.
 */
export function periodLabel(category: unknown, granularity: PeriodGranularity | null | undefined, locale: ChartLocale): string {
  const text = String(category ?? '');
  const m = granularity ? DATE.exec(text) : null;
  if (!m) return text;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return text;
  switch (granularity) {
    case 'year':
      return m[1]!;
    case 'quarter':
      return `${m[1]} Q${Math.floor((month - 1) / 3) + 1}`;
    case 'month':
      return `${m[1]}-${m[2]}`;
    case 'week': {
      const w = isoWeek(year, month, day);
      if (locale === 'zh-CN') return `${w.year}年第${w.week}周`;
      if (locale === 'zh-TW') return `${w.year}年第${w.week}週`;
      return `${w.year}-W${String(w.week).padStart(2, '0')}`;
    }
    default:
      return text;
  }
}
