import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('takes the product time zone from BI_TIME_ZONE, else the host zone, and refuses an unknown zone', () => {
    expect(loadConfig({ BI_TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(loadConfig({}).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => loadConfig({ BI_TIME_ZONE: 'Mars/Olympus' })).toThrow(/BI_TIME_ZONE/);
  });

  it('reads the outbound allow list (CIDRs, addresses, host names) and refuses an entry that is none of them', () => {
    expect(loadConfig({}).outbound.allow).toEqual([]);
    expect(loadConfig({ BI_OUTBOUND_ALLOW: '127.0.0.1/32, 10.1.0.0/16 hooks.corp.example *.corp.example' }).outbound.allow).toEqual(['127.0.0.1/32', '10.1.0.0/16', 'hooks.corp.example', '*.corp.example']);
    expect(() => loadConfig({ BI_OUTBOUND_ALLOW: '10.0.0.0/33' })).toThrow(/BI_OUTBOUND_ALLOW: 10.0.0.0\/33: not a CIDR/);
    expect(() => loadConfig({ BI_OUTBOUND_ALLOW: 'http://x/' })).toThrow(/BI_OUTBOUND_ALLOW/);
  });

  it('gives embedded defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.metadataStore.kind).toBe('pglite');
    expect(c.eventBus).toEqual({ kind: 'memory' });
    expect(c.cache.kind).toBe('memory');
    expect(c.demo).toBe(true);
    expect(c.modules).toEqual(['sql', 'mysql', 'oracle', 'excel']);
    expect(c.services.identity).toEqual(['127.0.0.1:50051']);
    expect(c.services.warning).toEqual(['127.0.0.1:50057']);
  });

  it('names the variable, the rule and the value seen when a value is bad', () => {
    try {
      loadConfig({ PORT: 'eighty', BI_DEMO: 'maybe' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      expect(msg).toContain('PORT: expected a port number (got "eighty")');
      expect(msg).toContain('BI_DEMO: expected true or false (got "maybe")');
    }
  });

  it('refuses out-of-range ports and requires the server address for the distributed adapters', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: expected a port between 1 and 65535/);
    expect(() => loadConfig({ BI_METADATA_STORE: 'postgres' })).toThrow(/DATABASE_URL: required when BI_METADATA_STORE=postgres/);
    expect(() => loadConfig({ BI_EVENT_BUS: 'kafka' })).toThrow(/KAFKA_BROKERS: required/);
    expect(() => loadConfig({ BI_CACHE: 'redis', REDIS_URL: 'http://x' })).toThrow(/REDIS_URL: expected a redis:\/\/ URL/);
  });

  it('never echoes a secret value in the error', () => {
    expect(() => loadConfig({ BI_ADMIN_PASSWORD: 'short' })).toThrow(/BI_ADMIN_PASSWORD: expected at least 8 characters \(got "\*\*\*"\)/);
  });

  it('reads replica lists and treats empty strings as unset', () => {
    const c = loadConfig({ BI_CHART_QUERY_URL: 'a:1, b:2', PORT: '' , BI_METADATA_STORE: 'postgres', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.services['chart-query']).toEqual(['a:1', 'b:2']);
    expect(c.port).toBe(8080);
    expect(c.metadataStore).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolSize: 10 });
  });

  it('rejects unknown module names', () => {
    expect(() => loadConfig({ BI_MODULES: 'sql,nosql' })).toThrow(/BI_MODULES/);
  });

  it('reads the retention of finished job runs (BI_JOB_RUNS_RETENTION_DAYS, default 30 days)', () => {
    expect(loadConfig({}).jobRunsRetentionDays).toBe(30);
    expect(loadConfig({ BI_JOB_RUNS_RETENTION_DAYS: '7' }).jobRunsRetentionDays).toBe(7);
    expect(() => loadConfig({ BI_JOB_RUNS_RETENTION_DAYS: '0' })).toThrow(/BI_JOB_RUNS_RETENTION_DAYS/);
  });

  it('reads the days of subscription run log kept (BI_SUBSCRIPTION_LOG_DAYS, default 90 days)', () => {
    expect(loadConfig({}).reports.logDays).toBe(90);
    expect(loadConfig({ BI_SUBSCRIPTION_LOG_DAYS: '30' }).reports.logDays).toBe(30);
    expect(() => loadConfig({ BI_SUBSCRIPTION_LOG_DAYS: '0' })).toThrow(/BI_SUBSCRIPTION_LOG_DAYS/);
  });

  it('reads the data-source settings: query timeout, row cap and the secret key', () => {
    const d = loadConfig({}).dataSources;
    expect(d).toMatchObject({ queryTimeoutSeconds: 30, queryMaxRows: 100_000, secretKey: undefined });
    expect(d.analyticsStore).toEqual({ kind: 'duckdb', path: expect.stringMatching(/\/data\/analytics\.duckdb$/) });
    expect(loadConfig({ BI_ANALYTICS_MEMORY_MB: '256' }).dataSources.analyticsStore).toMatchObject({ kind: 'duckdb', memoryLimitMb: 256 });
    expect(d.uploadMaxRows).toBe(5_000_000);
    expect(loadConfig({ BI_UPLOAD_MAX_ROWS: '1000' }).dataSources.uploadMaxRows).toBe(1000);
    expect(() => loadConfig({ BI_UPLOAD_MAX_ROWS: '0' })).toThrow(/BI_UPLOAD_MAX_ROWS/);
    expect(() => loadConfig({ BI_ANALYTICS_MEMORY_MB: '0' })).toThrow(/BI_ANALYTICS_MEMORY_MB/);
    const hex = 'ab'.repeat(32);
    const c = loadConfig({ BI_SECRET_KEY: hex, BI_QUERY_TIMEOUT_SECONDS: '5', BI_QUERY_MAX_ROWS: '500' }).dataSources;
    expect(c.secretKey).toEqual(Buffer.alloc(32, 0xab));
    expect(c).toMatchObject({ queryTimeoutSeconds: 5, queryMaxRows: 500 });
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ BI_SECRET_KEY: b64 }).dataSources.secretKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({ BI_SECRET_KEY: Buffer.alloc(32, 7).toString('base64url') }).dataSources.secretKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({ BI_METADATA_STORE: 'postgres', DATABASE_URL: 'postgres://u@h/db' }).dataSources.analyticsStore).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
  });

  it('chooses the analytics store apart from the metadata store (BI_ANALYTICS_STORE), else follows it', () => {
    const pg = { BI_METADATA_STORE: 'postgres', DATABASE_URL: 'postgres://u@h/db' };
    const duck = loadConfig({ ...pg, BI_ANALYTICS_STORE: 'duckdb', BI_DATA_DIR: '/data' });
    expect(duck.metadataStore.kind).toBe('postgres');
    expect(duck.dataSources.analyticsStore).toEqual({ kind: 'duckdb', path: '/data/analytics.duckdb' });
    expect(loadConfig({ ...pg, BI_ANALYTICS_STORE: 'postgres' }).dataSources.analyticsStore).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    const embedded = loadConfig({ BI_ANALYTICS_STORE: 'postgres', DATABASE_URL: 'postgres://u@h/db' });
    expect(embedded.metadataStore.kind).toBe('pglite');
    expect(embedded.dataSources.analyticsStore.kind).toBe('postgres');
    expect(loadConfig({}).dataSources.analyticsStore.kind).toBe('duckdb');
    expect(() => loadConfig({ BI_ANALYTICS_STORE: 'postgres' })).toThrow(/DATABASE_URL: required when BI_ANALYTICS_STORE=postgres/);
    expect(() => loadConfig({ BI_ANALYTICS_STORE: 'sqlite' })).toThrow(/BI_ANALYTICS_STORE/);
  });

  it('puts the analytics store in a database of its own when BI_ANALYTICS_DATABASE_URL is set (issue 34)', () => {
    const pg = { BI_METADATA_STORE: 'postgres', DATABASE_URL: 'postgres://bi@h/bi' };
    const analytics = 'postgres://bi_analytics@h/bi_analytics';
    expect(loadConfig({ ...pg, BI_ANALYTICS_DATABASE_URL: analytics }).dataSources.analyticsStore).toEqual({ kind: 'postgres', url: analytics });
    // set alone (embedded metadata), it chooses the PostgreSQL store too
    expect(loadConfig({ BI_ANALYTICS_DATABASE_URL: analytics }).dataSources.analyticsStore).toEqual({ kind: 'postgres', url: analytics });
    expect(loadConfig({ BI_ANALYTICS_STORE: 'postgres', BI_ANALYTICS_DATABASE_URL: analytics }).dataSources.analyticsStore).toEqual({ kind: 'postgres', url: analytics });
    expect(() => loadConfig({ BI_ANALYTICS_STORE: 'duckdb', BI_ANALYTICS_DATABASE_URL: analytics })).toThrow(/BI_ANALYTICS_DATABASE_URL: set, but BI_ANALYTICS_STORE=duckdb/);
    expect(() => loadConfig({ BI_ANALYTICS_DATABASE_URL: 'mysql://h/db' })).toThrow(/BI_ANALYTICS_DATABASE_URL/);
  });

  it('refuses a bad secret key without echoing it, and out-of-range query settings', () => {
    expect(() => loadConfig({ BI_SECRET_KEY: 'too-short' })).toThrow(/BI_SECRET_KEY: expected a 32-byte key as 64 hex digits or base64 \(got "\*\*\*"\)/);
    expect(() => loadConfig({ BI_SECRET_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/BI_SECRET_KEY/);
    expect(() => loadConfig({ BI_QUERY_TIMEOUT_SECONDS: '0' })).toThrow(/BI_QUERY_TIMEOUT_SECONDS: expected at least 1/);
    expect(() => loadConfig({ BI_QUERY_MAX_ROWS: '1.5' })).toThrow(/BI_QUERY_MAX_ROWS: expected a whole number/);
  });
});
