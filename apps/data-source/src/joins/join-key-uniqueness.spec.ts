import type { JoinSpec } from '@bi/query';
import { SOURCE_TYPE, UPLOAD_REFERENCE } from '@bi/rules';
import type { SourceRow } from '../data-source.repository.js';
import { JoinKeyUniqueness, versionedInput } from './join-key-uniqueness.js';

const row = (id: string, extra: Partial<SourceRow> = {}) => ({ id, data_version: 1, type: SOURCE_TYPE.analytics, reference: '', table_schema: 'main', ...extra }) as SourceRow;
const fields = [
  { name: 'k', dataType: 'string' as const },
  { name: 'v', dataType: 'number' as const },
];
const spec = (joinType: 'left' | 'inner' = 'left'): JoinSpec => ({
  nodes: [
    { source: { kind: 'table', table: 'fact' }, fields },
    { source: { kind: 'table', table: 'dim' }, fields },
    { source: { kind: 'table', table: 'other' }, fields },
  ],
  links: [
    { from: 0, to: 1, joinType, on: [{ from: 'k', to: 'k' }] },
    { from: 0, to: 2, joinType: 'left', on: [{ from: 'k', to: 'k' }] },
  ],
  columns: [{ node: 0, field: 'v', name: 'v' }],
  where: { linker: 'and', items: [] },
});

describe('join keys found unique (JoinKeyUniqueness)', () => {
  it('marks LEFT links whose child keys do not repeat; remembers per data version', async () => {
    const checks = new JoinKeyUniqueness();
    const ran: string[] = [];
    // "dim" has unique keys, "other" repeats them
    const run = async (sql: string) => {
      ran.push(sql);
      return { rows: sql.includes('"dim"') ? [] : [[1]] };
    };
    const rows = [row('f'), row('d'), row('o')];
    const inputOf = (node: number) => ({ row: rows[node], versioned: true });
    const marked = await checks.mark(spec(), 'duckdb', inputOf, run);
    expect(marked.links.map((l) => l.unique)).toEqual([true, undefined]);
    expect(ran).toHaveLength(2);
    expect(ran[0]).toMatch(/GROUP BY t1\."k"\s+HAVING COUNT\(\*\) > 1/);
    await checks.mark(spec(), 'duckdb', inputOf, run);
    expect(ran).toHaveLength(2);
    // a new version of "dim" is checked again
    rows[1] = row('d', { data_version: 2 });
    await checks.mark(spec(), 'duckdb', inputOf, run);
    expect(ran).toHaveLength(3);
  });

  it('checks nothing for inner joins and inputs not versioned; a failed check marks nothing', async () => {
    const checks = new JoinKeyUniqueness();
    let calls = 0;
    const run = async () => {
      calls++;
      return { rows: [] as unknown[][] };
    };
    const s = spec('inner');
    expect(await checks.mark(s, 'duckdb', (n) => ({ row: row(String(n)), versioned: n !== 2 }), run)).toBe(s);
    expect(calls).toBe(0);
    const failing = await new JoinKeyUniqueness().mark(spec(), 'duckdb', (n) => ({ row: row(String(n)), versioned: true }), async () => {
      throw new Error('timeout');
    });
    expect(failing.links.every((l) => !l.unique)).toBe(true);
  });

  it('versioned inputs: uploads, and listed tables of the DuckDB analytics store outside the uploads schema', () => {
    expect(versionedInput(row('u', { reference: UPLOAD_REFERENCE }), 'postgres', { sourceKind: 'sql' })).toBe(true);
    expect(versionedInput(row('t'), 'duckdb', { sourceKind: 'table' })).toBe(true);
    expect(versionedInput(row('t', { table_schema: 'uploads' }), 'duckdb', { sourceKind: 'table' })).toBe(false);
    expect(versionedInput(row('s'), 'duckdb', { sourceKind: 'sql' })).toBe(false);
    expect(versionedInput(row('t'), 'postgres', { sourceKind: 'table' })).toBe(false);
    expect(versionedInput(row('m', { type: SOURCE_TYPE.mysql }), 'mysql', { sourceKind: 'table' })).toBe(false);
  });
});
