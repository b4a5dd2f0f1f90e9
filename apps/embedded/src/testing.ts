import { loadConfig, type AppConfig } from '@bi/config';
import { freePortBlock, Logger } from '@bi/core';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { MemoryCache, RedisCache } from '@bi/cache';
import { InProcessEventBus } from '@bi/messaging';
import { openTestDatabase, type TestSchema } from '@bi/persistence';
import { DASHBOARD_MIGRATIONS, DASHBOARD_SCHEMA } from '@bi/dashboard';
import { DATA_SOURCE_MIGRATIONS, DATA_SOURCE_SCHEMA } from '@bi/data-source';
import { IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from '@bi/identity';
import { RELATION_MIGRATIONS, RELATION_SCHEMA } from '@bi/relation';
import { TEMPLATE_MIGRATIONS, TEMPLATE_SCHEMA } from '@bi/template';
import { WARNING_MIGRATIONS, WARNING_SCHEMA } from '@bi/warning';
import type { WarningServiceOptions } from '@bi/warning';
import { startEmbeddedHost, type EmbeddedHost } from './host.js';

export const TEST_PASSWORD = 'test-password-1';

export interface TestStack extends EmbeddedHost {
  config: AppConfig;
  logLines: string[];
  /** fetch against the stack's /api with JSON in and out */
  api(path: string, init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  login(userName?: string, password?: string): Promise<string>;
}

let stacksStarted = 0;

/**
 * Every service's schema with its migrations: a test stack's database starts from a template with them
 * applied once per run (libs/persistence openTestDatabase), so each stack skips minutes of migrating in total.
 */
const SERVICE_SCHEMAS: readonly TestSchema[] = [
  { schema: IDENTITY_SCHEMA, migrations: IDENTITY_MIGRATIONS },
  { schema: DASHBOARD_SCHEMA, migrations: DASHBOARD_MIGRATIONS },
  { schema: DATA_SOURCE_SCHEMA, migrations: DATA_SOURCE_MIGRATIONS },
  { schema: RELATION_SCHEMA, migrations: RELATION_MIGRATIONS },
  { schema: TEMPLATE_SCHEMA, migrations: TEMPLATE_MIGRATIONS },
  { schema: WARNING_SCHEMA, migrations: WARNING_MIGRATIONS },
];

/**
 * The whole product in this process on a fresh test database (PGlite, or the real PostgreSQL and
 * Redis of the services run), on free ports, with its log lines captured for assertions.
 */
export async function startTestStack(env: Record<string, string> = {}, options: { warning?: WarningServiceOptions } = {}): Promise<TestStack> {
  const base = await freePortBlock(10);
  const config = { ...loadConfig({ BI_ADMIN_PASSWORD: TEST_PASSWORD, BI_GRPC_BASE_PORT: String(base), BI_DATA_DIR: `/tmp/bi-test-${process.pid}-${stacksStarted++}-${base}`, BI_DEMO: 'false', BI_LOGIN_MAX_ATTEMPTS_PER_IP: '10000', ...env }), port: 0 };
  const logLines: string[] = [];
  const logger = new Logger('bi', 'debug', { write: (l) => logLines.push(l) });
  // In the services run the stack uses the real servers: PostgreSQL, and Redis for the cache port.
  const cache = process.env.TEST_REDIS_URL ? new RedisCache(process.env.TEST_REDIS_URL, `test:${randomUUID()}:`) : new MemoryCache();
  const runtime = { config, db: await openTestDatabase(SERVICE_SCHEMAS), bus: new InProcessEventBus(), cache, logger };
  const host = await startEmbeddedHost(config, logger, runtime, options);
  const api: TestStack['api'] = async (path, init = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
    if (init.token) headers.authorization = init.token;
    const res = await fetch(host.url + path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (docs page)
    }
    return { status: res.status, body, headers: res.headers };
  };
  const login = async (userName = 'admin', password = TEST_PASSWORD) => {
    const r = await api('/api/identity/login', { method: 'POST', body: { userName, password, autoLogin: false, lang: 'en' } });
    if (r.body?.data?.token?.code !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
    return r.body.data.token.result.token as string;
  };
  return { ...host, config, logLines, api, login };
}

/**
 * How many DataChanged events of a source chart-query has handled so far (each logs that it dropped
 * the source's cached results), of one change kind when given: a test waits for its event with it.
 */
export function dataChangesHandled(stack: TestStack, dataSourceId: string, changeKind?: string): number {
  return stack.logLines.filter((l) => {
    if (!l.includes('"dropped cached results after a data change"')) return false;
    const line = JSON.parse(l) as { dataSourceId?: string; changeKind?: string };
    return line.dataSourceId === dataSourceId && (changeKind === undefined || line.changeKind === changeKind);
  }).length;
}

/**
 * A fresh data directory whose analytics store (the DuckDB file of embedded mode) already holds the
 * tables the statements create, for a test stack started on it (BI_DATA_DIR).
 */
export async function analyticsDataDir(name: string, statements: readonly string[]): Promise<string> {
  const dataDir = `/tmp/bi-${name}-${process.pid}-${randomBytes(3).toString('hex')}`;
  mkdirSync(dataDir, { recursive: true });
  const db = await DuckDBInstance.create(join(dataDir, 'analytics.duckdb'));
  const c = await db.connect();
  try {
    for (const sql of statements) await c.run(sql);
  } finally {
    c.closeSync();
    db.closeSync();
  }
  return dataDir;
}

/** A `sales` table of 30 rows: region East/West/North in turn (row i: ['East', 'West', 'North'][i % 3]), qty = i (1..30). */
export const REGION_SALES_TABLE = "CREATE TABLE sales AS SELECT ['East', 'West', 'North'][1 + (i % 3)] AS region, i AS qty FROM range(1, 31) t(i)";

/**
 * REST helpers over a test stack, in English unless `call` is given a language: `call` answers the response, `ok` the data of a
 * success (anything else throws, naming the call). The stack and the default token are read at each
 * call, so a spec builds them in its describe body and signs in later, in beforeAll.
 */
export function restCalls(stack: () => TestStack, defaultToken: () => string) {
  const call = (method: string, path: string, body?: unknown, token = defaultToken(), language = 'en') => stack().api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown, token = defaultToken()) {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  return { call, ok };
}
