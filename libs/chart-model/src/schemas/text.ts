/**
 * The one text rule of every wire shape (docs/adr/0010-wire-schemas.md): text that can be stored and
 * queried — no NUL character (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (not
 * encodable as UTF-8) — and the bounds of the values a request may carry (docs/api/chart.md "Bounds").
 * @bi/rules re-exports these (its text.ts adds the walks over whole values and the excerpts).
 */
import { z } from 'zod';

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

/** The message of a text issue (the callers map it onto their own message keys, see textIssue). */
const TEXT_MESSAGES: Record<TextProblem, string> = {
  nul: 'the text contains a NUL character',
  surrogate: 'the text contains a broken Unicode character',
};

/** The text rule as a zod check on a string schema: a storable text (issue: custom, params.text = the problem). */
export function storable<S extends z.ZodString>(s: S): S {
  return s.superRefine((value, ctx) => {
    const problem = textProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES[problem], params: { text: problem } });
  }) as unknown as S;
}

/** A storable text of at most `max` (and at least `min`) UTF-16 units. */
export function storableText(max: number, min = 0): z.ZodString {
  const s = min > 0 ? z.string().min(min).max(max) : z.string().max(max);
  return storable(s);
}

/** The text problem an issue reports (the text rule's own issue), or null for any other issue. */
export function textIssue(issue: z.core.$ZodIssue): TextProblem | null {
  if (issue.code !== 'custom') return null;
  const p = (issue.params as { text?: unknown } | undefined)?.text;
  return p === 'nul' || p === 'surrogate' ? p : null;
}

/** null read as "not set": an optional value that may come as null (the editor's and the BFF's JSON). */
export const nullAsAbsent = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === null ? undefined : v), s.optional());
