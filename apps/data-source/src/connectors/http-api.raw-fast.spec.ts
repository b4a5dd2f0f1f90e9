import { fastPageReader } from './http-api.raw-fast.js';
import { dateChecker, pageChecker, rowsBytes, type RawPlan } from './http-api.raw.js';
import { valueAt } from './http-api.settings.js';

// The one-pass reader of raw pages answers a page only as JSON.parse + pageChecker + rowsBytes read it:
// the same rows count, the same rows array's bytes, the same cursor; anything it is not sure of
// (invalid JSON, a refused value, an escaped key) it leaves to JSON.parse (null). Random answers with
// the awkward forms of JSON (escapes, number forms, repeated keys, nesting, white space) and broken ones.

const plan: RawPlan = {
  head: ['data', 'items'],
  columns: [
    { key: 'id', type: 'whole' },
    { key: 'name', type: 'text' },
    { key: 'price', type: 'decimal' },
    { key: 'day', type: 'date' },
  ],
};

// mulberry32: a small seeded generator (the same answers every run)
let seed = 42;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const sp = () => pick(['', '', '', ' ', '\n  ', '\t', '\r\n']);

const NUMBERS = ['0', '1', '-1', '42', '1.0', '1.5', '-0', '-0.0', '-0e3', '1e2', '1E+2', '2.5e-3', '-1e-400', '1e400', '9007199254740991', '9007199254740993', '123456789012345', '1234567890123456', '-999999999999999', '0.1'];
const TEXTS = ['"华东"', '""', '"say \\"hi\\""', '"line\\nbreak"', '"\\u00e9\\ud83d\\ude00"', '"表情 😀"', '"a\\/b"', '"NULL"', '"2024-01-01"'];
const DAYS = ['"2024-01-31"', '"2024-02-29"', '"2023-02-29"', '"2024-13-01"', '"0999-01-01"', '"1999-12-31"', '""', '"2024-1-1"', '"2024\\u002d01-01"', '"x"'];
const OTHER = ['true', 'false', 'null', '{"a":[1,{"b":"}"}]}', '[]', '[1,"]",{}]'];

function valueFor(key: string): string {
  const r = rnd();
  if (r < 0.08) return pick(OTHER);
  if (r < 0.16) return pick([...NUMBERS, ...TEXTS]);
  if (key === 'id') return pick(NUMBERS.filter((n) => !/[.eE]/.test(n) || rnd() < 0.2));
  if (key === 'price') return pick(NUMBERS);
  if (key === 'day') return pick(DAYS);
  if (key === 'name') return pick(TEXTS);
  return pick([...OTHER, ...TEXTS, ...NUMBERS]);
}
function rowText(): string {
  const keys = ['id', 'name', 'price', 'day', 'extra'].filter(() => rnd() < 0.85);
  if (rnd() < 0.15) keys.push(pick(['id', 'day', 'price'])); // a repeated key
  return `{${keys.map((k) => `${sp()}"${k}"${sp()}:${sp()}${valueFor(k)}${sp()}`).join(',')}}`;
}
function answerText(): string {
  const rows = Array.from({ length: Math.floor(rnd() * 6) }, rowText);
  const items = `[${rows.map((r) => `${sp()}${r}${sp()}`).join(',')}]`;
  const inner = [`"items":${sp()}${items}`, `"next":${pick(['"c\\"1"', '7', 'null'])}`];
  if (rnd() < 0.2) inner.unshift(`"items":[{"id":1}]`); // an earlier repeat of the rows key
  if (rnd() < 0.5) inner.reverse();
  const outer = [`"code":0`, `"data":{${inner.join(`,${sp()}`)}}`, `"meta":{"s":"] } [ {","n":[1,2,{"x":"\\\\"}]}`];
  if (rnd() < 0.1) outer.push(`"data":${pick(['5', '{}', '{"items":{}}'])}`); // a later repeat that hides the rows
  return `${sp()}{${outer.join(`,${sp()}`)}}${sp()}`;
}
const BREAKS: ((t: string) => string)[] = [
  (t) => t.slice(0, Math.floor(t.length * rnd())),
  (t) => t.replace('"華東', '"\u0001'),
  (t) => t.replace('}', '},'),
  (t) => t.replace(/:0/, ':01'),
  (t) => t.replace('"items"', '"it\\u0065ms"'),
  (t) => `${t}x`,
  (t) => t.replace(/"line\\n/, '"line\n'),
  (t) => t.replace(/1\.5/, '1.'),
  (t) => t.replace('true', 'tru'),
];

function reference(text: string, cursorPath: string | null) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'not_json';
  }
  const rows = pageChecker(plan, dateChecker())(json);
  if (!rows) return 'refused';
  const bytes = rowsBytes(Buffer.from(text), plan.head);
  return { count: rows.length, rows: bytes?.toString('utf8'), cursor: cursorPath ? valueAt(json, cursorPath) : undefined };
}

describe('fastPageReader', () => {
  it('answers a page only as JSON.parse, the check and the scan read it', () => {
    for (const cursorPath of [null, '$.data.next']) {
      const fast = fastPageReader(plan, cursorPath, dateChecker())!;
      let answered = 0;
      let refused = 0;
      for (let k = 0; k < 1500; k++) {
        let text = answerText();
        if (rnd() < 0.25) text = pick(BREAKS)(text);
        const ref = reference(text, cursorPath);
        const b = Buffer.from(text);
        const got = fast(b);
        if (typeof ref === 'string') {
          expect(got).toBeNull();
          refused++;
          continue;
        }
        if (got === null) continue;
        answered++;
        expect({ count: got.count, rows: b.toString('utf8', got.start, got.end), cursor: got.cursor }).toEqual(ref);
      }
      // the test means something: both kinds of answer were met often
      expect(answered).toBeGreaterThan(150);
      expect(refused).toBeGreaterThan(150);
    }
  });

  it('reads a plain page and leaves every refusal, escaped key and byte-order mark to JSON.parse', () => {
    const fast = fastPageReader(plan, null, dateChecker())!;
    const page = (items: string) => Buffer.from(`{"data":{"items":${items}}}`);
    expect(fast(page('[{"id":1,"name":"a","price":-2.5,"day":"2024-02-29"},{"id":null}]'))).toMatchObject({ kind: 'page', count: 2 });
    expect(fast(page('[]'))).toMatchObject({ kind: 'page', count: 0 });
    expect(fast(page('[{"id":-0}]'))).toBeNull();
    expect(fast(page('[{"price":-0.0}]'))).toBeNull();
    expect(fast(page('[{"id":9007199254740993}]'))).toBeNull();
    expect(fast(page('[{"id":"1"}]'))).toBeNull();
    expect(fast(page('[{"day":"2023-02-29"}]'))).toBeNull();
    expect(fast(page('[{"name":true}]'))).toBeNull();
    expect(fast(page('[{"na\\u006de":1}]'))).toBeNull();
    expect(fast(page('[1]'))).toBeNull();
    expect(fast(Buffer.from('\ufeff{"data":{"items":[]}}'))).toBeNull();
    // a cursor path into the rows, or with an index, is read by JSON.parse
    expect(fastPageReader(plan, '$.data.items', dateChecker())).toBeNull();
    expect(fastPageReader(plan, '$.pages[0]', dateChecker())).toBeNull();
  });
});
