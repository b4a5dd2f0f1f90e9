/**
 * The one text rule of every wire shape (docs/adr/0010-wire-schemas.md) as zod checks, over the rule and
 * the bounds of text-rules.ts (zod-free, re-exported here): text that can be stored and queried — no NUL
 * character (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (not encodable as UTF-8).
 * @bi/rules re-exports these (its text.ts adds the walks over whole values and the excerpts).
 */
import { z } from 'zod';
import { textProblem, type TextProblem } from './text-rules.js';

export { INPUT_BOUNDS, LONE_SURROGATE, filterValueProblem, textProblem, type FilterValueProblem, type TextProblem } from './text-rules.js';

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
