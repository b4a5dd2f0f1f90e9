/**
 * One pass over a raw page's bytes (http-api.raw.ts rawPageParser): the JSON validated by its grammar
 * (RFC 8259, as JSON.parse reads it), the rows array found down the plan's head keys (the last of a
 * repeated key, as JSON.parse keeps), each row's column values checked by the rules of pageChecker — with
 * no text decoded, no JSON.parse of the rows and no parsed rows to collect. It answers a page only when
 * it is sure: any answer it does not read plainly (not UTF-8, a byte-order mark, deep nesting, a value
 * the check refuses, a cursor path into the rows) is null, and the caller reads it by JSON.parse, which
 * decides (the same page, the refusal or "not JSON"). The parse thread's profile had JSON.parse, its
 * garbage and the text decoding at ≈ 60 % of its time (docs/benchmarks.md, Connectors, 2026-11-29 06:36).
 */
import type { RawParsed, RawPlan } from './http-api.raw.js';
import { parseJsonPath, valueAt } from './http-api.settings.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_DEPTH = 256;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** A reason to leave the page to JSON.parse. */
class NotPlain extends Error {}
const notPlain = new NotPlain();

/** what a row's column holds: absent, null, a string, a number, anything else */
const Kind = { Absent: 0, Null: 1, Text: 2, Number: 3, Other: 4 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/**
 * The fast reader of a plan's pages, or null when the plan's cursor path cannot be read from the page
 * without its rows (a path with an index or a wildcard, or one into the rows array).
 */
export function fastPageReader(plan: RawPlan, cursorPath: string | null, dateOk: (v: string) => boolean): ((b: Buffer) => Extract<RawParsed, { kind: 'page' }> | null) | null {
  if (cursorPath !== null) {
    let steps;
    try {
      steps = parseJsonPath(cursorPath);
    } catch {
      return null;
    }
    if (!steps.every((s) => 'key' in s)) return null;
    const keys = steps.map((s) => (s as { key: string }).key);
    if (plan.head.every((k, i) => keys[i] === k)) return null;
  }
  const head = plan.head.map((k) => Buffer.from(k, 'utf8'));
  const columnKeys = plan.columns.map((c) => Buffer.from(c.key, 'utf8'));
  const types = plan.columns.map((c) => c.type);
  const n = types.length;
  /** a date's `YYYYMMDD` as a number → whether it is a real day (the texts themselves are not made) */
  const days = new Map<number, boolean>();

  return (b) => {
    const len = b.length;
    let i = 0;
    // per row: each column's last value (kind, start, end, whether its string held an escape)
    const kind = new Uint8Array(n);
    const start = new Int32Array(n);
    const end = new Int32Array(n);
    const escaped = new Uint8Array(n);

    // the loops below work on a local copy of i (a variable of the closures lives in their context, not in a register)
    const ws = () => {
      let j = i;
      while (j < len && isSpace(b[j]!)) j++;
      i = j;
    };
    /** a string at i (its opening quote): i past it; answers whether it held an escape */
    const str = (): boolean => {
      let esc = false;
      let j = i + 1;
      for (;;) {
        if (j >= len) throw notPlain;
        const c = b[j]!;
        if (c === QUOTE) {
          i = j + 1;
          return esc;
        }
        if (c < 0x20) throw notPlain;
        if (c === BACKSLASH) {
          esc = true;
          const e = b[j + 1];
          if (e === 0x75) {
            if (!(isHex(b[j + 2]!) && isHex(b[j + 3]!) && isHex(b[j + 4]!) && isHex(b[j + 5]!))) throw notPlain;
            j += 6;
          } else if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) j += 2;
          else throw notPlain;
        } else j++;
      }
    };
    const num = () => {
      let j = i;
      if (b[j] === 0x2d) j++;
      if (b[j] === 0x30) j++;
      else if (b[j]! >= 0x31 && b[j]! <= 0x39) while (j < len && isDigit(b[j]!)) j++;
      else throw notPlain;
      if (b[j] === 0x2e) {
        j++;
        if (!isDigit(b[j]!)) throw notPlain;
        while (j < len && isDigit(b[j]!)) j++;
      }
      if (b[j] === 0x65 || b[j] === 0x45) {
        j++;
        if (b[j] === 0x2b || b[j] === 0x2d) j++;
        if (!isDigit(b[j]!)) throw notPlain;
        while (j < len && isDigit(b[j]!)) j++;
      }
      i = j;
    };
    const word = (w: string) => {
      for (let k = 0; k < w.length; k++) if (b[i + k] !== w.charCodeAt(k)) throw notPlain;
      i += w.length;
    };
    /** any JSON value at i, validated; i past it */
    const value = (depth: number): void => {
      const c = b[i];
      if (c === QUOTE) str();
      else if (c === 0x7b) members(depth + 1, () => value(depth + 1));
      else if (c === 0x5b) {
        if (depth >= MAX_DEPTH) throw notPlain;
        i++;
        ws();
        if (b[i] === 0x5d) {
          i++;
          return;
        }
        for (;;) {
          ws();
          value(depth + 1);
          ws();
          if (b[i] === 0x2c) i++;
          else if (b[i] === 0x5d) {
            i++;
            return;
          } else throw notPlain;
        }
      } else if (c === 0x74) word('true');
      else if (c === 0x66) word('false');
      else if (c === 0x6e) word('null');
      else num();
    };
    /** whether the key string at [s, e) (quotes included, no escape) is `key` */
    const keyIs = (s: number, e: number, key: Buffer) => {
      if (e - s - 2 !== key.length) return false;
      for (let k = 0; k < key.length; k++) if (b[s + 1 + k] !== key[k]) return false;
      return true;
    };
    /** an object at i: each member's value read by `member(keyStart, keyEnd)` (i at the value), i past it */
    const members = (depth: number, member: (ks: number, ke: number) => void) => {
      if (depth >= MAX_DEPTH) throw notPlain;
      i++;
      ws();
      if (b[i] === 0x7d) {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (b[i] !== QUOTE) throw notPlain;
        const ks = i;
        // a key written with escapes may name a column or a head key: left to JSON.parse
        if (str()) throw notPlain;
        const ke = i;
        ws();
        if (b[i] !== 0x3a) throw notPlain;
        i++;
        ws();
        member(ks, ke);
        ws();
        if (b[i] === 0x2c) i++;
        else if (b[i] === 0x7d) {
          i++;
          return;
        } else throw notPlain;
      }
    };

    /** one row at i: its column values checked by pageChecker's rules (a refusal: left to JSON.parse) */
    const row = () => {
      if (b[i] !== 0x7b) throw notPlain;
      for (let c = 0; c < n; c++) kind[c] = Kind.Absent;
      // rows mostly list their keys in the same order: the column after the last one met is tried first
      let next = 0;
      // the members read here, not through members(): this loop runs for every row of every page
      i++;
      ws();
      if (b[i] === 0x7d) i++;
      else {
        for (;;) {
          ws();
          if (b[i] !== QUOTE) throw notPlain;
          const ks = i;
          if (str()) throw notPlain;
          const ke = i;
          ws();
          if (b[i] !== 0x3a) throw notPlain;
          i++;
          ws();
          let col = -1;
          if (next < n && keyIs(ks, ke, columnKeys[next]!)) col = next;
          else {
            for (let c = 0; c < n; c++) {
              if (keyIs(ks, ke, columnKeys[c]!)) {
                col = c;
                break;
              }
            }
          }
          if (col >= 0) next = col + 1;
          if (col < 0) value(2);
          else {
            const s = i;
            const c = b[i];
            let k: Kind;
            escaped[col] = 0;
            if (c === QUOTE) {
              escaped[col] = str() ? 1 : 0;
              k = Kind.Text;
            } else if (c === 0x6e) {
              word('null');
              k = Kind.Null;
            } else if (c === 0x2d || isDigit(c!)) {
              num();
              k = Kind.Number;
            } else {
              value(2);
              k = Kind.Other;
            }
            // a repeated key: the last value is the one read, as JSON.parse keeps
            kind[col] = k;
            start[col] = s;
            end[col] = i;
          }
          ws();
          if (b[i] === 0x2c) i++;
          else if (b[i] === 0x7d) {
            i++;
            break;
          } else throw notPlain;
        }
      }
      for (let c = 0; c < n; c++) {
        const k = kind[c];
        if (k === Kind.Absent || k === Kind.Null) continue;
        const t = types[c];
        if (k === Kind.Other) throw notPlain;
        if (t === 'text') {
          if (k !== Kind.Text) throw notPlain;
        } else if (t === 'date') {
          if (k !== Kind.Text || !dayOk(start[c]!, end[c]!, escaped[c] === 1)) throw notPlain;
        } else {
          if (k !== Kind.Number || !numberOk(start[c]!, end[c]!, t === 'whole')) throw notPlain;
        }
      }
    };
    /** a date column's string at [s, e): '' or a `YYYY-MM-DD` of a real day */
    const dayOk = (s: number, e: number, esc: boolean): boolean => {
      if (e - s === 2) return true;
      if (esc || e - s !== 12) return dateOk(esc ? (JSON.parse(b.toString('utf8', s, e)) as string) : b.toString('utf8', s + 1, e - 1));
      let key = 0;
      for (let k = 1; k <= 10; k++) {
        const d = b[s + k]!;
        if (k === 5 || k === 8) {
          if (d !== 0x2d) return false;
        } else if (isDigit(d)) key = key * 10 + (d - 0x30);
        else return false;
      }
      let ok = days.get(key);
      if (ok === undefined) {
        ok = dateOk(b.toString('latin1', s + 1, e - 1));
        if (days.size >= 4096) days.clear();
        days.set(key, ok);
      }
      return ok;
    };
    /** a number column's number at [s, e): not −0; a whole one a safe integer (pageChecker's rules) */
    const numberOk = (s: number, e: number, whole: boolean): boolean => {
      const neg = b[s] === 0x2d;
      let plain = true;
      for (let k = neg ? s + 1 : s; k < e; k++) if (!isDigit(b[k]!)) plain = false;
      const digits = e - s - (neg ? 1 : 0);
      // plain digits: a whole number; up to 15 digits always safe; −0 only as "-0"
      if (plain && digits <= 15) return !(neg && digits === 1 && b[s + 1] === 0x30);
      if (!neg && !whole) return true;
      const v = Number(b.toString('latin1', s, e));
      return !(Object.is(v, -0) || (whole && !Number.isSafeInteger(v)));
    };

    /** the rows array at i: each row checked; answers the rows' count */
    const rows = (): number => {
      i++;
      ws();
      if (b[i] === 0x5d) {
        i++;
        return 0;
      }
      let count = 0;
      for (;;) {
        ws();
        row();
        count++;
        ws();
        if (b[i] === 0x2c) i++;
        else if (b[i] === 0x5d) {
          i++;
          return count;
        } else throw notPlain;
      }
    };
    /** the object at i, at head depth d: the span and count of the rows array down the rest of the head (the last of a repeated key), or null */
    const descend = (d: number): { s: number; e: number; count: number } | null => {
      let found: { s: number; e: number; count: number } | null = null;
      members(d + 1, (ks, ke) => {
        if (!keyIs(ks, ke, head[d]!)) return value(d + 1);
        const last = d === head.length - 1;
        const s = i;
        if (last && b[i] === 0x5b) {
          const count = rows();
          found = { s, e: i, count };
        } else if (!last && b[i] === 0x7b) found = descend(d + 1);
        else {
          value(d + 1);
          found = null;
        }
      });
      return found;
    };

    try {
      ws();
      if (b[i] !== 0x7b) return null;
      const span = descend(0);
      ws();
      if (i !== len || !span) return null;
      let cursor: unknown;
      if (cursorPath !== null) {
        // the answer without its rows: the cursor path does not go into them
        cursor = valueAt(JSON.parse(`${b.toString('utf8', 0, span.s)}[]${b.toString('utf8', span.e)}`), cursorPath);
      }
      return { kind: 'page', count: span.count, start: span.s, end: span.e, cursor };
    } catch (e) {
      if (e instanceof NotPlain || e instanceof RangeError || e instanceof SyntaxError) return null;
      throw e;
    }
  };
}
