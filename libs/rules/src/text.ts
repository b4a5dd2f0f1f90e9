/**
 * Text that can be stored and queried, checked in one place for the BFF, the services and the web:
 * no NUL character (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (not encodable as
 * UTF-8), and bounds for the values a request may carry (docs/api/chart.md "Bounds").
 */

// from the rules' own module of @bi/chart-model (no zod): the drawing thread of @bi/render loads this file (through @bi/charts)
import { INPUT_BOUNDS, LONE_SURROGATE, textProblem, type TextProblem } from '@bi/chart-model/text-rules';

// the bounds and the one text rule live with the wire schemas (@bi/chart-model schemas/text.ts); the walks and excerpts here
export { INPUT_BOUNDS, textProblem, type TextProblem };

export interface TextProblemAt {
  /** where in the value: keys joined with '.', list positions as numbers ('' for the value itself) */
  path: string;
  problem: TextProblem;
}

/** Line breaks: CR, LF, vertical tab, form feed, NEL, line and paragraph separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

/**
 * Whether a text meant to be one line — a title or a name (chart titles, aliases, alert names,
 * folder, dashboard, source and template names) — holds a line break. Such texts go into mail
 * subjects, chat and report messages, where a line break starts a new header or line (issue 26 #7);
 * the BFF, the services and the web's forms refuse them with this one rule.
 */
export function hasLineBreak(s: string): boolean {
  return LINE_BREAK.test(s);
}

/**
 * The first text (object key or string) in a JSON value that cannot be stored, or null. Walks
 * without recursion, so a deeply nested value cannot exhaust the stack.
 */
export function findTextProblem(value: unknown, at = ''): TextProblemAt | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: at }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { path, problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: path ? `${path}.${i}` : String(i) });
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        const problem = textProblem(k);
        const p = path ? `${path}.${excerpt(k)}` : excerpt(k);
        if (problem) return { path: p, problem };
        stack.push({ v: (v as Record<string, unknown>)[k], path: p });
      }
    }
  }
  return null;
}

/**
 * A short, printable excerpt of an input for an error message: one line, at most `max` characters
 * (an ellipsis when cut), NUL and lone surrogates shown as U+FFFD.
 */
export function excerpt(value: unknown, max: number = INPUT_BOUNDS.excerptChars): string {
  let s = String(value);
  const cut = s.length > max * 2 + 2;
  // measured in UTF-16 units first, so a huge text is never spread into characters
  if (cut) s = s.slice(0, max * 2 + 2);
  s = s.replace(/\u0000/g, '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD').replace(/\s+/g, ' ');
  const chars = [...s];
  if (!cut && chars.length <= max) return s;
  return `${chars.slice(0, max).join('')}…`;
}

/**
 * How deep the brackets of JSON text nest (outside strings), read without parsing: a bound checked
 * before JSON.parse or any recursive walk of the value.
 */
export function jsonNesting(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) max = depth;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

/** How deep a parsed JSON value nests (a scalar is 0), walked without recursion; stops counting past `limit`. */
export function valueNesting(value: unknown, limit = 1000): number {
  let max = 0;
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    const d = depth + 1;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push({ v: child, depth: d });
  }
  return max;
}
