import { rowsBytes } from './http-api.raw.js';

// rowsBytes: the rows array of a page found in its bytes, as JSON.parse reads the same answer.
const rowsOf = (text: string, head: string[]) => {
  const b = rowsBytes(Buffer.from(text), head);
  return b === null ? null : (JSON.parse(b.toString('utf8')) as unknown);
};

describe('rowsBytes', () => {
  it('finds the rows array down the head keys, past strings holding quotes, brackets and escapes', () => {
    const answer = {
      meta: { note: 'a "quoted" ] } [ { text \\ with a backslash\\', n: [1, { x: '}' }] },
      data: { cursor: 'c"2', items: [{ id: 1, s: 'x]"}' }, { id: 2, s: '\\"' }], after: true },
      next: null,
    };
    const text = JSON.stringify(answer, null, 2);
    expect(rowsOf(text, ['data', 'items'])).toEqual(answer.data.items);
    expect(rowsOf(JSON.stringify(answer), ['data', 'items'])).toEqual(answer.data.items);
  });

  it('reads a key written with escapes, keeps the last of a repeated key (as JSON.parse) and skips a byte-order mark', () => {
    expect(rowsOf('\ufeff {"it\\u0065ms" : [ {"a":1} ] }', ['items'])).toEqual([{ a: 1 }]);
    expect(rowsOf('{"items":[{"a":1}],"items":[{"a":2}]}', ['items'])).toEqual([{ a: 2 }]);
    // a repeated key on the way down: the later object is the one read, as JSON.parse keeps it
    expect(rowsOf('{"data":{"items":[{"a":1}]},"data":{"items":[{"a":2}],"n":1}}', ['data', 'items'])).toEqual([{ a: 2 }]);
    expect(rowsOf('{"data":{"items":[{"a":1}],"items":[{"a":3}]},"x":[]}', ['data', 'items'])).toEqual([{ a: 3 }]);
    expect(rowsOf('{"data":{"items":[{"a":1}]},"data":5}', ['data', 'items'])).toBeNull();
    expect(rowsOf('{"data":{"items":[{"a":1}]},"data":{}}', ['data', 'items'])).toBeNull();
  });

  it('answers null when the path holds no array', () => {
    expect(rowsOf('{"data":{"items":{"a":1}}}', ['data', 'items'])).toBeNull();
    expect(rowsOf('{"data":[]}', ['data', 'items'])).toBeNull();
    expect(rowsOf('{"other":[]}', ['items'])).toBeNull();
    expect(rowsOf('[]', ['items'])).toBeNull();
  });
});
