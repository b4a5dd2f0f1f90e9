import { QueryError } from '../errors.js';
import type { Dialect, DialectName } from './dialect.js';
import { duckdbDialect } from './duckdb.js';
import { mssqlDialect } from './mssql.js';
import { mysqlDialect } from './mysql.js';
import { oracleDialect } from './oracle.js';
import { postgresDialect } from './postgres.js';
import { trinoDialect } from './trino.js';
import { clickhouseDialect } from './clickhouse.js';

export * from './dialect.js';
export { duckdbDialect, mssqlDialect, mysqlDialect, oracleDialect, postgresDialect, trinoDialect };
export { clickhouseDialect, clickhouseParamType } from './clickhouse.js';

/** Exhaustive: a new DialectName does not compile until it has a dialect here. */
const DIALECTS: { readonly [K in DialectName]: Dialect } = {
  duckdb: duckdbDialect,
  postgres: postgresDialect,
  mysql: mysqlDialect,
  mssql: mssqlDialect,
  oracle: oracleDialect,
  trino: trinoDialect,
  clickhouse: clickhouseDialect,
};

export function dialectFor(name: DialectName): Dialect {
  const d = Object.hasOwn(DIALECTS, name) ? DIALECTS[name] : undefined;
  if (!d) throw new QueryError('invalid_option', { name: 'dialect', value: String(name) });
  return d;
}
