/**
 * The reference report provider (protocol bi-provider/1, docs/providers.md): a plain Node HTTP server over
 * its own PGlite database of generated ERP data.
 */
import { join } from 'node:path';
import { readOrCreateSecretFile } from '@bi/core';
import type { SqlDatabase } from '@bi/persistence';
import { openStore, type DatasetOptions } from './store.js';
import { createServer, type Server } from 'node:http';
import { createProviderServer, listen, sendError } from './server.js';

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
  /**
   * Listen at once and open (on a first start: generate) the data only when `load()` is called — the
   * embedded host calls it once its services are up, so a shared database is not held by the generation
   * while they start. Until the data are ready every call answers 503 `unavailable` ("the provider is
   * loading its data"), which the protocol says to retry. `ready` resolves with the data's range.
   */
  loadInBackground?: boolean;
}

export interface ReferenceProvider {
  /** the protocol base URL, e.g. http://127.0.0.1:18700/bi-provider/v1 */
  url: string;
  /** the port listened on */
  port: number;
  /** the first and last day of the data (with loadInBackground: of the data of an earlier start, or empty until ready) */
  range: { start: string; end: string };
  /** resolves when the data are loaded (at once without loadInBackground) */
  ready: Promise<{ start: string; end: string }>;
  /** with loadInBackground: starts loading the data (once); answers `ready` */
  load(): Promise<{ start: string; end: string }>;
  close(): Promise<void>;
}

export async function startReferenceProvider(opts: ReferenceProviderOptions): Promise<ReferenceProvider> {
  if (opts.loadInBackground) return startLoadingInBackground(opts);
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
    ready: Promise.resolve(range),
    load: () => Promise.resolve(range),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownDb) await db.close();
    },
  };
}

async function startLoadingInBackground(opts: ReferenceProviderOptions): Promise<ReferenceProvider> {
  let inner: Server | undefined;
  const server = createServer((req, res) => {
    if (inner) inner.emit('request', req, res);
    else {
      res.setHeader('retry-after', '5');
      sendError(res, 'unavailable', 'the provider is loading its data');
    }
  });
  const url = await listen(server, opts.port, opts.host);
  let db: SqlDatabase | undefined;
  const range = { start: '', end: '' };
  let start!: () => void;
  const begun = new Promise<void>((resolve) => (start = resolve));
  let loading = false;
  const ready = begun
    .then(() => openStore(opts.dataDir, opts.dataset, opts.db))
    .then((store) => {
      db = store.db;
      inner = createProviderServer({ db: store.db, user: opts.user, password: opts.password, cursorTtlMs: opts.cursorTtlMs });
      Object.assign(range, store.range);
      return store.range;
    });
  ready.catch(() => undefined);
  return {
    url,
    port: Number(new URL(url).port),
    range,
    ready,
    load() {
      loading = true;
      start();
      return ready;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (loading) await ready.catch(() => undefined);
      if (!opts.db) await db?.close();
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
