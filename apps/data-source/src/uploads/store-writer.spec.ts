import { describe, expect, it } from '@jest/globals';
import { UPLOAD_DELETED_COLUMN, UPLOAD_KEY_COLUMN } from '@bi/rules';
import { UPLOAD_SCHEMA, storeTableSql } from './store-writer.js';

describe('storeTableSql', () => {
  it('reads a store table, or the same table in the Trino catalog that holds the store (a federated join)', () => {
    const [key, deleted, schema] = [UPLOAD_KEY_COLUMN, UPLOAD_DELETED_COLUMN, UPLOAD_SCHEMA];
    expect(storeTableSql('t_1', ['a', 'b'])).toBe(`SELECT "${key}", "a", "b" FROM "${schema}"."t_1" WHERE NOT "${deleted}"`);
    expect(storeTableSql('t_1', ['a'], 'lake')).toBe(`SELECT "${key}", "a" FROM "lake"."${schema}"."t_1" WHERE NOT "${deleted}"`);
  });
});
