/**
 * The reference report provider (protocol bi-provider/1, docs/providers.md): a plain Node HTTP server over
 * its own PGlite database of generated ERP data.
 */
import { join } from 'node:path';
import { readOrCreateSecretFile } from '@bi/core';
import type { SqlDatabase } from '@bi/persistence';
import { openStore, type DatasetOptions } from './store.js';
import { createProviderServer, listen } from './server.js';

export { runConformance, formatReport, CONFORMANCE_SECTIONS, type ConformanceOptions, type ConformanceReport, type ConformanceCheck, type ConformanceSection } from './conformance.js';
export { recordsOfDay, generateDataset, REGIONS, CUSTOMERS, PRODUCTS, WAREHOUSES } from './dataset.js';
export { PROGRAMS } from './programs.js';

export interface ReferenceProviderOptions {
  /** 0 picks a free port */
  port: number;
  /** the address to listen on (default 127.0.0.1) */
  host?: string;
  /** PGlite data directory; undefined keeps the data in memory (tests) */
  dataDir?: string;
  /**
   * An open database to keep the data in (schema erp_provider) instead of a PGlite of its own — e.g. the
   * embedded host's, which saves a second PGlite instance (~300 MB); not closed by close(). dataDir is
   * then ignored.
   */
  db?: SqlDatabase;
  user: string;
  password: string;
  /** the generated data (kept in the data directory after the first start) */
  dataset?: DatasetOptions;
  /** how long a rows cursor stays valid (default 1 hour) */
  cursorTtlMs?: number;
}

export interface ReferenceProvider {
  /** the protocol base URL, e.g. http://127.0.0.1:18700/bi-provider/v1 */
  url: string;
  /** the port listened on */
  port: number;
  /** the first and last day of the data */
  range: { start: string; end: string };
  close(): Promise<void>;
}

export async function startReferenceProvider(opts: ReferenceProviderOptions): Promise<ReferenceProvider> {
  const { db, range } = await openStore(opts.dataDir, opts.dataset, opts.db);
  const ownDb = !opts.db;
  const server = createProviderServer({ db, user: opts.user, password: opts.password, cursorTtlMs: opts.cursorTtlMs });
  let url: string;
  try {
    url = await listen(server, opts.port, opts.host);
  } catch (e) {
    if (ownDb) await db.close();
    throw e;
  }
  return {
    url,
    port: Number(new URL(url).port),
    range,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownDb) await db.close();
    },
  };
}

/**
 * The credentials of a provider started from the environment: BI_ERP_PROVIDER_USER (default "bi-erp") and
 * BI_ERP_PROVIDER_PASSWORD (default: a random secret kept in <dataDir>/provider-password, mode 0600).
 */
export function providerCredentials(env: NodeJS.ProcessEnv, dataDir: string): { user: string; password: string } {
  const user = env.BI_ERP_PROVIDER_USER?.trim() || 'bi-erp';
  const password = env.BI_ERP_PROVIDER_PASSWORD?.trim() || readOrCreateSecretFile(join(dataDir, 'provider-password'), 24);
  return { user, password };
}
