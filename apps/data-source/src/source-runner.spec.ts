import { checkColumnNames, rowsJson, toQueryResult } from './source-runner.js';

describe('query answers', () => {
  it('refuses unnamed and duplicate column names (rows are keyed by name)', () => {
    expect(() => checkColumnNames([{ name: 'a' }, { name: 'b' }])).not.toThrow();
    expect(() => checkColumnNames([{ name: 'a' }, { name: 'A' }])).toThrow(expect.objectContaining({ key: 'query.duplicate_column', params: { name: 'A' } }));
    expect(() => checkColumnNames([{ name: 'a' }, { name: ' ' }])).toThrow(expect.objectContaining({ key: 'query.unnamed_column', params: { index: 2 } }));
  });

  it('cuts the rows at a byte budget and says so', () => {
    const rows = Array.from({ length: 100 }, (_, i) => [i, 'x'.repeat(100)]);
    const all = rowsJson(rows);
    expect(all.kept).toBe(100);
    expect(JSON.parse(all.json)).toEqual(rows);
    const cut = rowsJson(rows, 1000);
    expect(cut.kept).toBeLessThan(10);
    expect(JSON.parse(cut.json)).toEqual(rows.slice(0, cut.kept));
    // one row always goes, however large
    expect(rowsJson([['y'.repeat(5000)]], 10).kept).toBe(1);
    const r = toQueryResult({ columns: [{ name: 'n', dataType: 'number', nativeType: 'int' }, { name: 's', dataType: 'string', nativeType: 'text' }], rows }, new Map([['n', { title: 'Number', dataType: 'number' }]]), 1000, 50);
    expect(r.columns).toEqual([
      { name: 'n', title: 'Number', dataType: 'number' },
      { name: 's', title: 's', dataType: 'string' },
    ]);
    expect(r.truncated).toBe(true);
    expect(toQueryResult({ columns: [], rows: [[1], [2]] }, undefined, undefined, 5).truncated).toBe(false);
  });
});
