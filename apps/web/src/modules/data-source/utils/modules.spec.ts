import { describe, expect, it } from '@jest/globals';
import { availableSourceTypes, createPath, moduleAllowed, SOURCE_TYPE_OPTIONS } from './modules';

const keys = (flags: Parameters<typeof availableSourceTypes>[0]) => availableSourceTypes(flags).map((o) => o.key);

describe('source type gating by module flags', () => {
  it('lists every type when every flag is on (SQL Server, PostgreSQL and Trino share the sql flag)', () => {
    const on = { permission: true };
    expect(keys({ sql: on, mysql: on, oracle: on, excel: on, e10report: on, api: on })).toEqual(['sql', 'mysql', 'oracle', 'postgres', 'trino', 'excel', 'join', 'api', 'erpReport', 'e10', 'clickhouse']);
  });

  it('hides the types whose flag is off or missing', () => {
    expect(keys({ sql: { permission: false }, mysql: { permission: true } })).toEqual(['mysql']);
    expect(keys({ oracle: { permission: true } })).toEqual(['oracle']);
    expect(keys({ sql: { permission: true } })).toEqual(['sql', 'postgres', 'trino', 'clickhouse']);
  });

  it('lists nothing without flags (not loaded, or no datasource:edit)', () => {
    expect(keys(undefined)).toEqual([]);
    expect(keys(null)).toEqual([]);
    expect(keys({})).toEqual([]);
  });

  it('only a literal true counts', () => {
    expect(moduleAllowed({ sql: { permission: 'true' as unknown as boolean } }, 'sql')).toBe(false);
    expect(moduleAllowed({ sql: null }, 'sql')).toBe(false);
  });

  it('Excel and multi-table join are usable entries gated by the Excel flag', () => {
    expect(availableSourceTypes({ excel: { permission: true } })).toEqual([
      { key: 'excel', module: 'excel' },
      { key: 'join', module: 'excel' },
    ]);
    expect(availableSourceTypes({ excel: { permission: false }, sql: { permission: true } }).map((o) => o.key)).not.toContain('join');
    expect(availableSourceTypes({ excel: { permission: false }, sql: { permission: true } }).map((o) => o.key)).not.toContain('excel');
  });

  it('each entry opens the create route of its kind in the chosen folder', () => {
    expect(Object.fromEntries(SOURCE_TYPE_OPTIONS.map((o) => [o.key, createPath(o.key, 'p 1')]))).toMatchObject({
      sql: '/data_source_sql/p%201/sql',
      mysql: '/data_source_sql/p%201/mysql',
      oracle: '/data_source_sql/p%201/oracle',
      postgres: '/data_source_sql/p%201/postgres',
      clickhouse: '/data_source_sql/p%201/clickhouse',
      excel: '/data_source_excel/p%201/create',
      join: '/data_source/join_table/p%201',
    });
  });
});
