import { AppError } from '@bi/core';
import { parseCatalogPath, stringLiteral, trinoDataType, trinoLiteral } from './trino.driver.js';

describe('Trino driver helpers', () => {
  it('writes bound values as typed literals, quotes doubled, never raw text', () => {
    expect([null, undefined, true, false, 42, -4.5, 3_000_000_000, 1e21, 1e-7, 12n].map(trinoLiteral)).toEqual([
      'NULL',
      'NULL',
      'TRUE',
      'FALSE',
      '42',
      '-4.5',
      '3000000000',
      "DOUBLE '1e+21'",
      "DOUBLE '1e-7'",
      '12',
    ]);
    expect(trinoLiteral("it's'; DROP TABLE x; --")).toBe("'it''s''; DROP TABLE x; --'");
    expect(trinoLiteral('华东')).toBe("'华东'");
    expect(stringLiteral("SELECT 'a' FROM t WHERE x = ?")).toBe("'SELECT ''a'' FROM t WHERE x = ?'");
    expect(() => trinoLiteral(Number.NaN)).toThrow(AppError);
    expect(() => trinoLiteral(Number.POSITIVE_INFINITY)).toThrow(AppError);
  });

  it('reads catalog/schema and refuses anything else', () => {
    expect(parseCatalogPath('tpch/tiny')).toEqual({ catalog: 'tpch', schema: 'tiny' });
    expect(parseCatalogPath('postgresql')).toEqual({ catalog: 'postgresql', schema: undefined });
    expect(parseCatalogPath('')).toEqual({ catalog: '', schema: undefined });
    for (const bad of ['a/b/c', 'a b', 'tpch/ti"ny', "x'"]) expect(() => parseCatalogPath(bad)).toThrow(AppError);
  });

  it('maps Trino type names to field types', () => {
    const types = ['bigint', 'integer', 'decimal(12,2)', 'double', 'real', 'date', 'timestamp(3)', 'timestamp(3) with time zone', 'varchar(25)', 'char(1)', 'boolean', 'uuid'];
    expect(types.map(trinoDataType)).toEqual(['number', 'number', 'number', 'number', 'number', 'date', 'date', 'date', 'string', 'string', 'string', 'string']);
  });
});
