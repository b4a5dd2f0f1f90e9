import type { Formatter } from '@bi/chart-model';
import { defaultFormatter, formatValue, type ChartLocale } from '@bi/charts';

/** The unit choices of the formatter dialog: none, 万, 亿, K, M, G, or a custom suffix. */
export const UNIT_CHOICES = ['none', 'wan', 'yi', 'K', 'M', 'G', 'custom'] as const;
export type UnitChoice = (typeof UNIT_CHOICES)[number];

const UNIT_CODE: Readonly<Record<Exclude<UnitChoice, 'custom'>, Formatter['unit']>> = { none: 0, wan: 1, yi: 2, K: 3, M: 4, G: 5 };
const CHOICE_OF: Readonly<Record<Formatter['unit'], UnitChoice>> = { 0: 'none', 1: 'wan', 2: 'yi', 3: 'K', 4: 'M', 5: 'G' };

export const DECIMALS_MAX = 10;
export const CUSTOM_UNIT_MAX = 20;

/** The dialog's start: the field's formatter, or a value format without unit and decimals. */
export function formatterForEditing(current: Formatter | undefined): Formatter {
  return current && (current.type === 1 || current.type === 2) ? { ...defaultFormatter(), ...current } : defaultFormatter({ type: 1 });
}

export function unitChoiceOf(f: Formatter): UnitChoice {
  return f.isCustomizeUnit ? 'custom' : (CHOICE_OF[f.unit] ?? 'none');
}

/** The formatter with another unit choice (custom keeps its text; the others clear the custom flag). */
export function withUnitChoice(f: Formatter, choice: UnitChoice): Formatter {
  if (choice === 'custom') return { ...f, isCustomizeUnit: true, unit: 0 };
  return { ...f, isCustomizeUnit: false, unit: UNIT_CODE[choice] };
}

export type FormatterProblem = 'decimals' | 'customUnit';

export function formatterProblem(f: Formatter): FormatterProblem | null {
  if (!Number.isInteger(f.decimalPlaces) || f.decimalPlaces < 0 || f.decimalPlaces > DECIMALS_MAX) return 'decimals';
  if (f.type === 1 && f.isCustomizeUnit && (!f.customUnit.trim() || [...f.customUnit].length > CUSTOM_UNIT_MAX)) return 'customUnit';
  return null;
}

/** The formatter as saved: a percent has no unit; a custom unit trimmed. */
export function cleanFormatter(f: Formatter): Formatter {
  if (f.type === 2) return { ...f, isCustomizeUnit: false, unit: 0, customUnit: '' };
  return { ...f, customUnit: f.isCustomizeUnit ? f.customUnit.trim() : '' };
}

/** How a sample number looks with the formatter in the reader's language (the dialog's preview). */
export function formatterPreview(f: Formatter, locale?: ChartLocale, sample = 1234567.891): string {
  return formatValue(f.type === 2 ? sample / 1e7 : sample, cleanFormatter(f), locale);
}
