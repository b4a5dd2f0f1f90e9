import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresDatabase } from '@bi/persistence';
import { startTestStack, type TestStack } from './testing.js';

// Issue 34 (docs/adr/0029-clickhouse-and-analytics-database.md): the analytics store in a database of its
// own (BI_ANALYTICS_DATABASE_URL), made and locked by deploy/postgres/analytics-database.sh as the
// deployments make it, reached as a user that cannot read the metadata schemas. Runs on the services
// run's PostgreSQL (TEST_DATABASE_URL); one stack for the file.

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('TEST_DATABASE_URL is not set: the separate analytics database is not tested (the services run sets it)');
const root = new URL('../../../', import.meta.url).pathname;

/** deploy/postgres/analytics-database.sh against the test server, the metadata database named. */
function provision(metadata: string, user: string, db: string, password: string) {
  const u = new URL(adminUrl!);
  execFileSync('bash', [join(root, 'deploy/postgres/analytics-database.sh')], {
    env: {
      ...process.env,
      PGHOST: u.hostname,
      PGPORT: u.port || '5432',
      PGPASSWORD: decodeURIComponent(u.password),
      POSTGRES_USER: decodeURIComponent(u.username),
      POSTGRES_DB: metadata,
      BI_ANALYTICS_USER: user,
      BI_ANALYTICS_DB: db,
      BI_ANALYTICS_PASSWORD: password,
    },
    stdio: 'pipe',
  });
}

(adminUrl ? describe : describe.skip)('the analytics store in a database of its own, as a user of its own', () => {
  const name = `bi_an_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(9).toString('base64url');
  let analyticsUrl: URL;
  let admin: PostgresDatabase;
  let stack: TestStack;
  let token: string;
  let metadataDb: string;

  beforeAll(async () => {
    admin = new PostgresDatabase(adminUrl!, 1);
    // first as at an installation's first start (the metadata database there is the server's own)
    provision(new URL(adminUrl!).pathname.slice(1) || 'postgres', name, name, password);
    analyticsUrl = new URL(adminUrl!);
    analyticsUrl.username = name;
    analyticsUrl.password = password;
    analyticsUrl.pathname = `/${name}`;
    stack = await startTestStack({ BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-an-')), BI_ANALYTICS_DATABASE_URL: analyticsUrl.toString() });
    metadataDb = String((await stack.runtime.db.query<{ d: string }>('SELECT current_database() AS d')).rows[0].d);
    // again with this stack's metadata database: idempotent, and it locks that one too
    provision(metadataDb, name, name, password);
    token = await stack.login('admin');
  });

  afterAll(async () => {
    await stack?.stop();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.exec(`DROP ROLE IF EXISTS ${name}`);
    await admin.close();
  });

  const freeSql = async (content: string) => {
    const r = await stack.api('/api/data_source/source/', { method: 'POST', body: { type: 8, content }, token, headers: { currentLanguage: 'en' } });
    expect(r.body.status).toBe('success');
    return r.body.data as { rows?: Record<string, unknown>[]; error?: string };
  };

  it('configures the store on BI_ANALYTICS_DATABASE_URL, apart from the metadata database', () => {
    expect(stack.config.dataSources.analyticsStore).toEqual({ kind: 'postgres', url: analyticsUrl.toString() });
    expect(metadataDb).not.toBe(name);
  });

  it("the analytics user's connection cannot SELECT from a metadata schema, nor connect to the metadata database", async () => {
    // the metadata is there for its own user
    expect(Number((await stack.runtime.db.query<{ n: string }>('SELECT count(*) AS n FROM data_source.sources')).rows[0].n)).toBeGreaterThanOrEqual(0);
    const analytics = new pg.Client({ connectionString: analyticsUrl.toString() });
    await analytics.connect();
    try {
      expect((await analytics.query('SELECT current_user AS u')).rows).toEqual([{ u: name }]);
      await expect(analytics.query('SELECT * FROM data_source.sources')).rejects.toThrow(/does not exist/);
      await expect(analytics.query('SELECT * FROM identity.users')).rejects.toThrow(/does not exist/);
    } finally {
      await analytics.end();
    }
    const intoMetadata = new URL(analyticsUrl);
    intoMetadata.pathname = `/${metadataDb}`;
    const trespasser = new pg.Client({ connectionString: intoMetadata.toString() });
    await expect(trespasser.connect()).rejects.toThrow(/permission denied for database/);
    await trespasser.end().catch(() => undefined);
  });

  it("an administrator's free SQL on the analytics store runs as that user and cannot read metadata", async () => {
    expect((await freeSql('SELECT current_user AS u, current_database() AS d')).rows).toEqual([{ u: name, d: name }]);
    const refused = await freeSql('SELECT * FROM data_source.sources');
    expect(refused.rows ?? []).toEqual([]);
    // the engine's text stays in the log (issue 12 #5)
    expect(refused.error).toMatch(/^The database could not run the query \(request id [0-9a-f]{12}; the details are in the log\)$/);
    expect((await freeSql("SELECT count(*) AS n FROM pg_catalog.pg_namespace WHERE nspname IN ('data_source', 'identity', 'dashboard')")).rows).toEqual([{ n: 0 }]);
  });

  it('an upload lands in the analytics database, written as its user, and nowhere in the metadata database', async () => {
    const folder = await stack.api('/api/data_source/proj', { method: 'POST', body: { name: `Uploads ${randomBytes(2).toString('hex')}` }, token, headers: { currentLanguage: 'en' } });
    const form = new FormData();
    form.append('file', new Blob(['region,amount\n华东,12.5\n华北,7\n']), 'sales.csv');
    const up = await (await fetch(`${stack.url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } })).json();
    expect(up.status).toBe('success');
    const imported = await stack.api('/api/excel_upload/import/create', {
      method: 'POST',
      token,
      headers: { currentLanguage: 'en' },
      body: { uploadId: up.data.uploadId, sheet: up.data.sheets[0].name, projectId: folder.body.data.projectId, tableName: 'sales_upload', columns: [{ name: 'region', type: 'string' }, { name: 'amount', type: 'number' }] },
    });
    expect(imported.body.status).toBe('success');
    const table = imported.body.data.dataSource.tableName as string;
    const analytics = new pg.Client({ connectionString: analyticsUrl.toString() });
    await analytics.connect();
    try {
      const owned = await analytics.query('SELECT tableowner FROM pg_tables WHERE schemaname = $1 AND tablename = $2', ['uploads', table]);
      expect(owned.rows).toEqual([{ tableowner: name }]);
    } finally {
      await analytics.end();
    }
    expect((await stack.runtime.db.query('SELECT 1 FROM pg_tables WHERE tablename = $1', [table])).rows).toEqual([]);
  });
});
