/**
 * Value formatting of spec 01 §3 (Formatter): pure and shared by the server (pre-formatted labels in
 * the option) and the web (tooltips, axis labels via ChartMeta.formatters), in the user's language.
 */
import type { Formatter } from '@bi/chart-model';

/** The languages numbers are written in (the product's UI languages). */
export type ChartLocale = 'zh-CN' | 'zh-TW' | 'en';
export const CHART_LOCALES: readonly ChartLocale[] = ['zh-CN', 'zh-TW', 'en'];
export const DEFAULT_LOCALE: ChartLocale = 'zh-CN';

/** A supported locale for a language tag ('zh-Hant', 'zh-TW', 'en-US' …); zh-CN otherwise. */
export function chartLocale(language: unknown): ChartLocale {
  if (typeof language !== 'string') return DEFAULT_LOCALE;
  const tag = language.toLowerCase();
  if (tag.startsWith('en')) return 'en';
  if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
  return DEFAULT_LOCALE;
}

type UnitCode = Formatter['unit'];

/** Divisor per unit code: 0 none, 1 万, 2 亿, 3 K, 4 M, 5 G. */
export const UNIT_DIVISORS: Readonly<Record<UnitCode, number>> = { 0: 1, 1: 1e4, 2: 1e8, 3: 1e3, 4: 1e6, 5: 1e9 };
/** Decimal exponent of each divisor (divisions shift the decimal text: no binary drift). */
const UNIT_EXPONENTS: Readonly<Record<UnitCode, number>> = { 0: 0, 1: 4, 2: 8, 3: 3, 4: 6, 5: 9 };
/** Suffix per unit code in each locale: 万/亿 (zh-CN), 萬/億 (zh-TW); English has no 万/亿 (see unitFor). */
export const LOCALE_UNIT_SUFFIXES: Readonly<Record<ChartLocale, Readonly<Record<UnitCode, string>>>> = {
  'zh-CN': { 0: '', 1: '万', 2: '亿', 3: 'K', 4: 'M', 5: 'G' },
  'zh-TW': { 0: '', 1: '萬', 2: '億', 3: 'K', 4: 'M', 5: 'G' },
  en: { 0: '', 1: '万', 2: '亿', 3: 'K', 4: 'M', 5: 'B' },
};
/** Suffix per unit code (zh-CN). */
export const UNIT_SUFFIXES: Readonly<Record<UnitCode, string>> = LOCALE_UNIT_SUFFIXES['zh-CN'];

/** The units a locale writes, smallest first: 万/亿 in Chinese, K/M/B in English. */
const LADDERS: Readonly<Record<'cjk' | 'western', readonly UnitCode[]>> = { cjk: [0, 1, 2], western: [0, 3, 4, 5] };

/**
 * The unit a value is written in.
 * - A unit the formatter asks for is the smallest used; a larger one of the same family takes over once
 *   the value reaches it (1亿, not 10,000万; 1.2M, not 1,200K).
 * - English has no 万/亿: they become K and M (then M, B as the value grows).
 * - `auto` (axis labels): no unit asked → the locale's unit the value reaches (万/亿, K/M/B).
 */
export function unitFor(unit: number, abs: number, locale: ChartLocale, auto = false): UnitCode {
  let code: UnitCode = unit in UNIT_DIVISORS ? (unit as UnitCode) : 0;
  if (code === 0 && !auto) return 0;
  const western = code >= 3 || (locale === 'en' && (code !== 0 || auto));
  // chosen automatically, thousands stay plain (1,500 rather than 1.5K): K from 10K
  if (code === 0 && western && abs < 1e4) return 0;
  if (locale === 'en' && (code === 1 || code === 2)) code = code === 1 ? 3 : 4;
  const ladder = LADDERS[western ? 'western' : 'cjk'];
  let i = ladder.indexOf(code);
  while (i + 1 < ladder.length && abs >= UNIT_DIVISORS[ladder[i + 1]!]) i++;
  return ladder[i]!;
}

/** What null, undefined, NaN and empty cells show. */
export const EMPTY_VALUE = '-';
const MAX_DECIMALS = 10;

/** A formatter with every field set, as the editor creates it for a new value field. */
export function defaultFormatter(overrides: Partial<Formatter> = {}): Formatter {
  return { type: 1, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: false, ...overrides };
}

/** Numbers, numeric strings (database decimals often arrive as text) → number; anything else → null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function clampDecimals(decimals: number | undefined): number {
  if (decimals === undefined || !Number.isFinite(decimals)) return 0;
  return Math.min(MAX_DECIMALS, Math.max(0, Math.floor(decimals)));
}

/** Shifts the decimal point of a non-negative number by `by` places through its decimal text (no binary drift). */
function shift(abs: number, by: number): number {
  const [mantissa, exponent = '0'] = String(abs).split('e');
  return Number(`${mantissa}e${Number(exponent) + by}`);
}

/** Rounds half away from zero at `decimals` places (1.005 → 1.01, -2.5 → -3), on the decimal text of the number. */
export function roundHalfAwayFromZero(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  const d = clampDecimals(decimals);
  const abs = Math.abs(value);
  const rounded = shift(Math.round(shift(abs, d)), -d);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

function withThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Fixed-point text of a number already rounded to `decimals` places, with an optional thousands separator. */
function fixed(value: number, decimals: number, thousands: boolean): string {
  const negative = value < 0;
  const text = Math.abs(value).toFixed(decimals);
  const [int, frac] = text.split('.');
  const body = (thousands ? withThousands(int ?? '') : int) + (frac !== undefined ? `.${frac}` : '');
  return negative ? `-${body}` : body;
}

/**
 * Text of a number without a formatter: as stored, without binary noise (0.1 + 0.2 → '0.3'): the
 * shortest text of the number rounded to 12 significant digits. The same text as
 * `String(Number(n.toPrecision(12)))` (-0 as '0'), without parsing and printing it again: in fixed
 * notation, a decimal of at most 12 significant digits is the shortest text of the double nearest to
 * it, so trimming the trailing zeros of toPrecision's text gives it (hot: once per drawn point).
 */
function plain(n: number): string {
  if (Number.isInteger(n) && n < 1e12 && n > -1e12) return n === 0 ? '0' : String(n);
  const p = n.toPrecision(12);
  if (p.indexOf('e') >= 0) {
    const clean = Number(p);
    return String(Object.is(clean, -0) ? 0 : clean);
  }
  let end = p.length;
  if (p.indexOf('.') >= 0) {
    while (p.charCodeAt(end - 1) === 48) end--; // '0'
    if (p.charCodeAt(end - 1) === 46) end--; // '.'
  }
  const out = end === p.length ? p : p.slice(0, end);
  return out === '-0' ? '0' : out;
}

/** A value divided by a unit's divisor, through its decimal text. */
function scaleBy(n: number, unit: UnitCode): number {
  return unit === 0 ? n : Math.sign(n) * shift(Math.abs(n), -UNIT_EXPONENTS[unit]);
}

/**
 * Formats a cell for display in a locale (default zh-CN).
 * - null, undefined, '' and non-finite numbers → '-'; a non-numeric string is returned as it is;
 * - no formatter, or type 0 → the number as stored (no rounding beyond float noise);
 * - type 1 value: divided by the unit and suffixed (unitFor: 万/亿 in zh-CN, 萬/億 in zh-TW, K/M/B in
 *   English; a larger unit takes over once the value reaches it: 1.0亿, not 10,000.0万), or suffixed by
 *   the custom unit text without division when isCustomizeUnit;
 * - type 2 percent: ×100 with '%';
 * - decimal places with rounding half away from zero; optional thousands separator; never '-0'.
 */
export function formatValue(value: number | string | null | undefined, formatter?: Formatter | null, locale: ChartLocale = DEFAULT_LOCALE): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value : EMPTY_VALUE;
  if (!formatter || (formatter.type !== 1 && formatter.type !== 2)) return plain(n);

  const decimals = clampDecimals(formatter.decimalPlaces);
  let rounded: number;
  let suffix: string;
  if (formatter.type === 2) {
    rounded = roundHalfAwayFromZero(shift(Math.abs(n), 2) * Math.sign(n), decimals);
    suffix = '%';
  } else if (formatter.isCustomizeUnit) {
    rounded = roundHalfAwayFromZero(n, decimals);
    suffix = formatter.customUnit ?? '';
  } else {
    let unit = unitFor(formatter.unit, Math.abs(n), locale);
    rounded = roundHalfAwayFromZero(scaleBy(n, unit), decimals);
    if (unit !== 0) {
      // the unit the rounded value reaches (9,999.96万 at 1 decimal is 1.0亿)
      const up = unitFor(unit, Math.abs(rounded) * UNIT_DIVISORS[unit], locale);
      if (up !== unit) {
        unit = up;
        rounded = roundHalfAwayFromZero(scaleBy(n, unit), decimals);
      }
    }
    suffix = LOCALE_UNIT_SUFFIXES[locale][unit];
  }
  return fixed(rounded === 0 ? 0 : rounded, decimals, formatter.useThousandth) + suffix;
}

/** Decimals a value written in a unit chosen for the reader shows at most (trailing zeros dropped). */
export const READABLE_DECIMALS = 2;

/** A formatter that fixes how a value is written: percent, a unit (万, 亿, K, M, G) or a custom unit text. */
function fixesUnit(formatter: Formatter | null | undefined): boolean {
  return !!formatter && (formatter.type === 2 || (formatter.type === 1 && (formatter.isCustomizeUnit || formatter.unit !== 0)));
}

/** '50.00万' → '50万', '3.10K' → '3.1K' (the digits before the unit only). */
function trimUnitZeros(text: string): string {
  return text.replace(/(\.\d*?)0+(?=\D*$)/, '$1').replace(/\.(?=\D*$)/, '');
}

/**
 * THE text of a number a person reads (data labels, tooltips, cards, statistics, plot lines, relation
 * nodes, alert values and conditions, the bell and mails), in the reader's language. A formatter that
 * fixes the unit (万, 亿, K, M, G, a custom unit, percent) is followed as formatValue does; otherwise
 * (no formatter, or no unit chosen) a value from 10,000 on is written in the locale's unit as the value
 * axes are (unitFor auto: 万/亿 in zh-CN, 萬/億 in zh-TW, K/M/B in English), with up to
 * READABLE_DECIMALS decimals and thousands separators ('3.09万', '876.05万', '1亿', '8.76M'); smaller
 * values as the value formatter writes them, or without one with up to READABLE_DECIMALS decimals
 * ('6,960.83', not '6960.83258065'; below 1, three significant digits). `axisUnit` (a chart's value
 * axis unit, axisFormatter): a point on that axis reads in the axis' unit as long as it keeps a figure
 * in it (6.96K, not 6,960.83, beside 10.02K). Table cells and exports keep the
 * exact value (formatValue).
 */
export function formatReadable(value: number | string | null | undefined, formatter?: Formatter | null, locale: ChartLocale = DEFAULT_LOCALE, axisUnit: number = 0): string {
  const n = toNumber(value);
  if (n === null || fixesUnit(formatter)) return formatValue(value, formatter, locale);
  // on a value axis in a unit, a point's label reads in it (6.96K beside 10.02K under an axis in K) while
  // the unit keeps a figure at READABLE_DECIMALS; a value too small for it keeps its own
  const hinted = axisUnit in UNIT_DIVISORS && axisUnit !== 0 ? (axisUnit as UnitCode) : 0;
  const unit = hinted !== 0 && Math.abs(n) / UNIT_DIVISORS[hinted] >= 10 ** -READABLE_DECIMALS && Math.abs(n) < UNIT_DIVISORS[hinted] * 1e4 ? hinted : unitFor(0, Math.abs(n), locale, true);
  if (unit === 0) {
    if (formatter && formatter.type === 1) return formatValue(value, formatter, locale);
    // no format at all (an average, a ratio): at most READABLE_DECIMALS decimals (3 significant digits below 1), with separators
    if (Math.abs(n) < 1) return formatValue(Number(n.toPrecision(3)), null, locale);
    return trimUnitZeros(formatValue(n, defaultFormatter({ decimalPlaces: READABLE_DECIMALS, useThousandth: true }), locale));
  }
  return trimUnitZeros(formatValue(n, defaultFormatter({ unit, decimalPlaces: READABLE_DECIMALS, useThousandth: true }), locale));
}

/** Decimals axis labels show at most: ticks are round numbers, so trailing zeros are dropped. */
const AXIS_MAX_DECIMALS = 3;

/**
 * ECharts' "nice" step (numberUtil.nice, rounded): 1, 2, 3, 5 or 10 times a power of ten.
 */
function niceStep(value: number): number {
  const exponent = Math.floor(Math.log10(value));
  const power = 10 ** exponent;
  const f = value / power;
  const nf = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10;
  return nf * power;
}

/**
 * The tick an ECharts value axis ends on for a value (its largest tick in absolute terms, same sign):
 * the axis from 0 to the value split into about 5 nice steps (9.5e7 → 1e8, 4.6e7 → 5e7, 950 → 1,000).
 */
export function axisTickBound(value: number): number {
  if (!Number.isFinite(value) || value === 0) return 0;
  const abs = Math.abs(value);
  const step = niceStep(abs / 5);
  return Math.sign(value) * roundHalfAwayFromZero(Math.ceil(abs / step - 1e-9) * step, 10);
}

/**
 * The formatter a value axis labels with: the field's formatter (none: plain numbers with separators),
 * its unit chosen ONCE for the whole axis from the axis' largest tick (axisTickBound of the largest
 * absolute value drawn or set as min/max on it; unitFor with auto: no unit asked → 万/亿 or K/M/B, so
 * labels stay short; a larger unit takes over: an axis up to 1亿 reads 0.2亿 … 1亿, not 2,000万 … 1亿).
 * formatAxisValue writes every tick in that unit, so one axis never mixes 万 and 亿 (or K and M).
 */
export function axisFormatter(formatter: Formatter | null | undefined, maxAbs: number, locale: ChartLocale = DEFAULT_LOCALE): Formatter {
  const f = formatter && (formatter.type === 1 || formatter.type === 2) ? formatter : defaultFormatter({ useThousandth: true });
  if (f.type === 2) return f;
  const top = Math.abs(axisTickBound(Number.isFinite(maxAbs) ? Math.abs(maxAbs) : 0));
  const unit = unitFor(f.isCustomizeUnit ? 0 : f.unit, top, locale, true);
  return { ...f, unit };
}

/**
 * An axis tick as a label, in the unit of the formatter (axisFormatter chose it for the whole axis:
 * every tick in the same unit), its decimals trimmed of trailing zeros (up to 3: 0.5亿, 1亿, 1.5亿), the
 * custom unit after the unit. Percent ticks likewise ('12.5%'). Without a formatter, the value's own
 * automatic unit.
 */
export function formatAxisValue(value: number | string | null | undefined, formatter: Formatter | null | undefined, locale: ChartLocale = DEFAULT_LOCALE): string {
  const n = toNumber(value);
  if (n === null) return formatValue(value, null);
  const f = formatter && (formatter.type === 1 || formatter.type === 2) ? formatter : axisFormatter(formatter, Math.abs(n), locale);
  let scaled: number;
  let suffix: string;
  if (f.type === 2) {
    scaled = shift(Math.abs(n), 2) * Math.sign(n);
    suffix = '%';
  } else {
    // the axis' unit for every tick (English has no 万/亿: a field formatter's 万/亿 reads as K/M)
    const unit = unitFor(f.unit, 0, locale);
    scaled = scaleBy(n, unit);
    suffix = LOCALE_UNIT_SUFFIXES[locale][unit] + (f.isCustomizeUnit ? (f.customUnit ?? '') : '');
  }
  const rounded = roundHalfAwayFromZero(scaled, AXIS_MAX_DECIMALS);
  if (rounded === 0) return '0';
  const text = fixed(rounded, AXIS_MAX_DECIMALS, f.useThousandth);
  return trimZeros(text) + suffix;
}

/** '1.500' → '1.5', '2.000' → '2'. */
function trimZeros(text: string): string {
  if (text.indexOf('.') < 0) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--;
  if (text.charCodeAt(end - 1) === 46) end--;
  return text.slice(0, end);
}

/** A share (0.1234) as a percent text ('12.34%'), rounding half away from zero. */
export function formatPercent(ratio: number | null | undefined, decimals = 2): string {
  return formatValue(ratio, defaultFormatter({ type: 2, decimalPlaces: decimals }));
}
