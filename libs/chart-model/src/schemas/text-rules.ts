/**
 * The one text rule of every wire shape and the input bounds, without zod (docs/adr/0010-wire-schemas.md):
 * text that can be stored and queried — no NUL character (PostgreSQL refuses it in text) and no lone UTF-16
 * surrogate (not encodable as UTF-8) — and the bounds of the values a request may carry (docs/api/chart.md
 * "Bounds"). The web's entry chunk reads these; text.ts re-exports them with the zod checks built on them.
 */

/** Bounds of chart runs and chart definitions (docs/api/chart.md "Bounds"). */
export const INPUT_BOUNDS = {
  /** filters of one kind (inner, global) in a request or a chart */
  filters: 50,
  /** values of one filter's list (spec: at most 1000 options) */
  filterValues: 1000,
  /** characters of one filter value */
  filterValueChars: 1000,
  /** conditions of a field filter or a detail filter */
  conditions: 50,
  /** customOption: characters and JSON nesting */
  customOptionChars: 100_000,
  customOptionDepth: 20,
  /** JSON nesting of a request body */
  bodyDepth: 64,
  /** characters of an input echoed in an error message */
  excerptChars: 40,
} as const;

export type TextProblem = 'nul' | 'surrogate';

/** A high surrogate without its low half, or a low one without its high half. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or null when it can. */
export function textProblem(s: string): TextProblem | null {
  if (s.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return null;
}

/** Why one filter value (a text, a number, null) is refused: longer than INPUT_BOUNDS.filterValueChars, or text that cannot be stored. */
export type FilterValueProblem = 'too_long' | TextProblem;

/** The rule of one filter value, as the schemas and @bi/query's filter building read it (numbers and null pass). */
export function filterValueProblem(v: unknown): FilterValueProblem | null {
  if (typeof v !== 'string') return null;
  if (v.length > INPUT_BOUNDS.filterValueChars) return 'too_long';
  return textProblem(v);
}

/**
 * `$`, `.name`, `['name']`, `[n]`, `[*]` — the JSON path subset of an API source (no filters, no scripts);
 * here, without zod, for the API source's parse thread (apps/data-source http-api.settings.ts, which
 * http-api.pages.ts loads).
 */
export const JSON_PATH_PATTERN = /^\$((\.[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF-]*)|(\['[^'\\]{1,100}'\])|(\[\d{1,6}\])|(\[\*\]))*$/;
