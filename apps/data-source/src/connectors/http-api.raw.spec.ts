import { rawPageParser, rowsBytes } from './http-api.pages.js';

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

describe('rawPageParser', () => {
  const plan = { head: ['data', 'items'], columns: [{ key: 'id', type: 'whole' as const, name: 'id' }, { key: 'day', type: 'date' as const, name: 'day' }] };
  const parse = rawPageParser(plan, '$.data.next');
  const at = (text: string) => parse(Buffer.from(text));

  it('counts the rows past strings holding brackets, commas and quotes, and reads the cursor out of the rest of the answer', () => {
    const text = '{"data":{"next":"c,]\\"2","items":[{"id":1,"s":"},{\\"x"},{"id":2,"n":[{},[]],"day":""} , {}],"total":3}}';
    const r = at(text);
    expect(r).toMatchObject({ kind: 'page', count: 3, cursor: 'c,]"2' });
    if (r.kind !== 'page') throw new Error(r.kind);
    expect(JSON.parse(text.slice(r.start, r.end))).toEqual(JSON.parse(text).data.items);
    expect(at('{"data":{"items":[]}}')).toMatchObject({ kind: 'page', count: 0, cursor: undefined });
  });

  it('refuses a value of another kind than its column, and answers not_json when the rest of the answer is not JSON', () => {
    expect(at('{"data":{"items":[{"id":"1"}]}}')).toEqual({ kind: 'refused', reason: 'a page of another shape' });
    expect(at('{"data":{"items":[{"day":"5.1.2024"}]}}').kind).toBe('refused');
    expect(at('{"data":{"items":[{"day":"2024-01-05"}]},"x":tru}').kind).toBe('refused');
    expect(at('{"data":{"items":[{"day":"2024-01-05"}]}}}')).toEqual({ kind: 'not_json' });
  });

  it('checks each row by its own keys, whatever the row before it held (order, a longer key, another kind)', () => {
    const page = (rows: string) => at(`{"data":{"items":[${rows}]}}`);
    expect(page('{"id":1,"day":"2024-01-02"},{"idx":"a","id":2},{"day":"2024-01-03","id":3,"x":[1]}')).toMatchObject({ kind: 'page', count: 3 });
    expect(page('{"id":1,"day":"2024-01-02"},{"day":"2024-01-01","id":"1"}').kind).toBe('refused');
    expect(page('{"id":1,"day":"2024-01-02"},{"id":2,"day":"01/02/2024"}').kind).toBe('refused');
    expect(page('{"idx":"a","day":"2024-01-02"},{"id":"b"}').kind).toBe('refused');
    expect(page('{"id":1},{"i\\u0064":2}').kind).toBe('refused');
  });

  it('reads an answer that is not UTF-8 as JSON.parse reads its text', () => {
    const bytes = Buffer.concat([Buffer.from('{"data":{"items":[{"id":1,"s":"'), Buffer.from([0xc3]), Buffer.from('"}]}}')]);
    const r = parse(bytes);
    if (r.kind !== 'page' || !r.reencoded) throw new Error('not re-encoded');
    expect(JSON.parse(Buffer.from(r.reencoded).toString('utf8', r.start, r.end))).toEqual(JSON.parse(bytes.toString('utf8')).data.items);
  });
});
