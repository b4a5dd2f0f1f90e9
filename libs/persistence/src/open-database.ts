import type { AppConfig } from '@bi/config';
import { PgliteDatabase } from './pglite-database.js';
import { PostgresDatabase } from './postgres-database.js';
import type { SqlDatabase } from './sql.js';

/** The metadata store chosen by configuration. */
export async function openDatabase(store: AppConfig['metadataStore']): Promise<SqlDatabase> {
  switch (store.kind) {
    case 'pglite':
      return PgliteDatabase.open(store.dataDir);
    case 'postgres':
      return new PostgresDatabase(store.url, store.poolSize);
  }
}
