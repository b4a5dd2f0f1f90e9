/**
 * Value formatting of spec 01 §3 (Formatter): pure and shared by the server (pre-formatted labels in
 * the option) and the web (tooltips, axis labels via ChartMeta.formatters).
 */
import type { Formatter } from '@bi/chart-model';

/** Divisor per unit code: 0 none, 1 万, 2 亿, 3 K, 4 M, 5 G. */
export const UNIT_DIVISORS: Readonly<Record<Formatter['unit'], number>> = { 0: 1, 1: 1e4, 2: 1e8, 3: 1e3, 4: 1e6, 5: 1e9 };
/** Suffix per unit code. */
export const UNIT_SUFFIXES: Readonly<Record<Formatter['unit'], string>> = { 0: '', 1: '万', 2: '亿', 3: 'K', 4: 'M', 5: 'G' };

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

/**
 * Formats a cell for display.
 * - null, undefined, '' and non-finite numbers → '-'; a non-numeric string is returned as it is;
 * - no formatter, or type 0 → the number as stored (no rounding beyond float noise);
 * - type 1 value: divided by the unit (万 1e4, 亿 1e8, K 1e3, M 1e6, G 1e9) and suffixed, or suffixed by
 *   the custom unit text without division when isCustomizeUnit;
 * - type 2 percent: ×100 with '%';
 * - decimal places with rounding half away from zero; optional thousands separator; never '-0'.
 */
export function formatValue(value: number | string | null | undefined, formatter?: Formatter | null): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value : EMPTY_VALUE;
  if (!formatter || (formatter.type !== 1 && formatter.type !== 2)) return plain(n);

  const decimals = clampDecimals(formatter.decimalPlaces);
  let scaled: number;
  let suffix: string;
  if (formatter.type === 2) {
    scaled = shift(Math.abs(n), 2) * Math.sign(n);
    suffix = '%';
  } else if (formatter.isCustomizeUnit) {
    scaled = n;
    suffix = formatter.customUnit ?? '';
  } else {
    const unit = formatter.unit in UNIT_DIVISORS ? formatter.unit : 0;
    const divisor = UNIT_DIVISORS[unit];
    scaled = divisor === 1 ? n : Math.sign(n) * shift(Math.abs(n), -Math.round(Math.log10(divisor)));
    suffix = UNIT_SUFFIXES[unit];
  }
  const rounded = roundHalfAwayFromZero(scaled, decimals);
  return fixed(rounded === 0 ? 0 : rounded, decimals, formatter.useThousandth) + suffix;
}

/** A share (0.1234) as a percent text ('12.34%'), rounding half away from zero. */
export function formatPercent(ratio: number | null | undefined, decimals = 2): string {
  return formatValue(ratio, defaultFormatter({ type: 2, decimalPlaces: decimals }));
}
