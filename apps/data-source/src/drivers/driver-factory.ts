import type { DialectName } from '@bi/sql-text';
import type { ConnectionSpec, SourceDriver } from './driver.js';
import { ClickhouseDriver } from './clickhouse.driver.js';
import { DuckdbDriver } from './duckdb.driver.js';
import { MssqlDriver } from './mssql.driver.js';
import { MysqlDriver } from './mysql.driver.js';
import { OracleDriver } from './oracle.driver.js';
import { PostgresDriver } from './postgres.driver.js';
import { TrinoDriver } from './trino.driver.js';

/** One driver class per engine; adding an engine without a driver fails to compile. */
export function createDriver(spec: ConnectionSpec): SourceDriver {
  const engine: DialectName = spec.engine;
  switch (engine) {
    case 'mssql':
      return new MssqlDriver(spec);
    case 'mysql':
      return new MysqlDriver(spec);
    case 'oracle':
      return new OracleDriver(spec);
    case 'postgres':
      return new PostgresDriver(spec);
    case 'duckdb':
      return new DuckdbDriver(spec);
    case 'trino':
      return new TrinoDriver(spec);
    case 'clickhouse':
      return new ClickhouseDriver(spec);
    default: {
      const unknown: never = engine;
      throw new Error(`no driver for engine ${String(unknown)}`);
    }
  }
}
