/**
 * Calculated-field expressions (spec 02 §3 Field.expression): a whitelist of tokens, so the
 * service can render them into SQL with every name quoted and every text bound. The database
 * checks the rest (types, argument counts) when the field is saved.
 */
export const EXPRESSION_FUNCTIONS = ['ABS', 'ROUND', 'FLOOR', 'CEIL', 'UPPER', 'LOWER', 'TRIM', 'LENGTH', 'COALESCE', 'NULLIF', 'SUBSTRING', 'CONCAT'] as const;
export type ExpressionFunction = (typeof EXPRESSION_FUNCTIONS)[number];
export const EXPRESSION_MAX_LENGTH = 1000;

export type ExpressionToken =
  | { kind: 'field'; name: string }
  | { kind: 'number'; text: string }
  | { kind: 'string'; value: string }
  | { kind: 'operator'; text: '+' | '-' | '*' | '/' }
  | { kind: 'function'; name: ExpressionFunction }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'comma' };

export type ExpressionProblem =
  | { code: 'empty' }
  | { code: 'too_long'; max: number }
  | { code: 'unexpected'; char: string; position: number }
  | { code: 'unterminated'; what: 'string' | 'field' }
  | { code: 'unknown_field'; name: string }
  | { code: 'unknown_function'; name: string }
  | { code: 'unbalanced' }
  /** an operand or an operator missing or out of place (`'a' 1`, `1 +`, `f(1,)`, a comma outside a call) */
  | { code: 'syntax'; token: number };

export type ExpressionParse = { ok: true; tokens: ExpressionToken[]; fields: string[] } | { ok: false; problem: ExpressionProblem };

const BARE_START = /[\p{L}_]/u;
const BARE_PART = /[\p{L}\p{N}_]/u;

/** Field names are matched exactly, then case-insensitively when that match is unique. */
function resolveField(name: string, fields: readonly string[]): string | undefined {
  if (fields.includes(name)) return name;
  const lower = name.toLowerCase();
  const matches = fields.filter((f) => f.toLowerCase() === lower);
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Reads an expression: field names (bare when letters, digits and _; otherwise in [ ], with ]]
 * for a ]), numbers, 'text' ('' for a quote), + - * / ( ) , and the functions above.
 */
/** The text of a quoted part opening at `start` up to `close` (a doubled `close` stands for itself), and the index after it; undefined when unterminated. */
function readDoubled(chars: readonly string[], start: number, close: string): { text: string; end: number } | undefined {
  let text = '';
  let j = start + 1;
  for (;;) {
    if (j >= chars.length) return undefined;
    if (chars[j] === close) {
      if (chars[j + 1] !== close) return { text, end: j + 1 };
      text += close;
      j += 2;
      continue;
    }
    text += chars[j++];
  }
}

export function parseExpression(text: string, fields: readonly string[]): ExpressionParse {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, problem: { code: 'empty' } };
  if (text.length > EXPRESSION_MAX_LENGTH) return { ok: false, problem: { code: 'too_long', max: EXPRESSION_MAX_LENGTH } };
  const chars = [...text];
  const tokens: ExpressionToken[] = [];
  const used = new Set<string>();
  let depth = 0;
  let i = 0;
  while (i < chars.length) {
    const c = chars[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'") {
      const read = readDoubled(chars, i, "'");
      if (!read) return { ok: false, problem: { code: 'unterminated', what: 'string' } };
      tokens.push({ kind: 'string', value: read.text });
      i = read.end;
      continue;
    }
    if (c === '[') {
      const read = readDoubled(chars, i, ']');
      if (!read) return { ok: false, problem: { code: 'unterminated', what: 'field' } };
      const field = resolveField(read.text, fields);
      if (!field) return { ok: false, problem: { code: 'unknown_field', name: read.text } };
      tokens.push({ kind: 'field', name: field });
      used.add(field);
      i = read.end;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(chars[i + 1] ?? ''))) {
      let j = i;
      while (j < chars.length && /[0-9]/.test(chars[j])) j++;
      if (chars[j] === '.') {
        j++;
        while (j < chars.length && /[0-9]/.test(chars[j])) j++;
      }
      const number = chars.slice(i, j).join('');
      if (!/^(\d+(\.\d*)?|\.\d+)$/.test(number) || (chars[j] !== undefined && BARE_PART.test(chars[j]))) return { ok: false, problem: { code: 'unexpected', char: chars[j] ?? c, position: j + 1 } };
      tokens.push({ kind: 'number', text: number.endsWith('.') ? number.slice(0, -1) : number });
      i = j;
      continue;
    }
    if (BARE_START.test(c)) {
      let j = i + 1;
      while (j < chars.length && BARE_PART.test(chars[j])) j++;
      const word = chars.slice(i, j).join('');
      let k = j;
      while (k < chars.length && /\s/.test(chars[k])) k++;
      if (chars[k] === '(') {
        const fn = EXPRESSION_FUNCTIONS.find((f) => f === word.toUpperCase());
        if (!fn) return { ok: false, problem: { code: 'unknown_function', name: word } };
        tokens.push({ kind: 'function', name: fn });
      } else {
        const field = resolveField(word, fields);
        if (!field) return { ok: false, problem: { code: 'unknown_field', name: word } };
        tokens.push({ kind: 'field', name: field });
        used.add(field);
      }
      i = j;
      continue;
    }
    if (c === '+' || c === '-' || c === '*' || c === '/') tokens.push({ kind: 'operator', text: c });
    else if (c === '(') {
      depth++;
      tokens.push({ kind: 'open' });
    } else if (c === ')') {
      if (--depth < 0) return { ok: false, problem: { code: 'unbalanced' } };
      tokens.push({ kind: 'close' });
    } else if (c === ',') tokens.push({ kind: 'comma' });
    else return { ok: false, problem: { code: 'unexpected', char: c, position: i + 1 } };
    i++;
  }
  if (depth !== 0) return { ok: false, problem: { code: 'unbalanced' } };
  const misplaced = misplacedToken(tokens);
  if (misplaced !== null) return { ok: false, problem: { code: 'syntax', token: misplaced + 1 } };
  return { ok: true, tokens, fields: [...used] };
}

/**
 * The grammar of an expression over its tokens: operands (field, number, text, a call, a bracketed
 * expression) joined by + - * /, a sign before an operand, commas only between a call's arguments.
 * Answers the index of the first token out of place (tokens.length when one is missing at the end), or null.
 */
function misplacedToken(tokens: readonly ExpressionToken[]): number | null {
  // operand: an operand is expected next; operator: an operator, a comma or a close may follow
  let expect: 'operand' | 'operator' = 'operand';
  const groups: ('call' | 'group')[] = [];
  let afterCallOpen = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const openedCall = afterCallOpen;
    afterCallOpen = false;
    if (expect === 'operand') {
      if (t.kind === 'field' || t.kind === 'number' || t.kind === 'string') expect = 'operator';
      else if (t.kind === 'function') {
        if (tokens[i + 1]?.kind !== 'open') return i + 1;
        groups.push('call');
        afterCallOpen = true;
        i++;
      } else if (t.kind === 'open') groups.push('group');
      else if (t.kind === 'operator' && (t.text === '-' || t.text === '+')) continue;
      else if (t.kind === 'close' && openedCall) {
        groups.pop();
        expect = 'operator';
      } else return i;
    } else if (t.kind === 'operator') expect = 'operand';
    else if (t.kind === 'close') groups.pop();
    else if (t.kind === 'comma' && groups.at(-1) === 'call') expect = 'operand';
    else return i;
  }
  return expect === 'operand' && tokens.length > 0 ? tokens.length : null;
}
