import { resolve } from 'node:path';
import { z } from 'zod';
import { allowEntryProblem } from '@bi/outbound';
import { SOURCE_MODULES } from '@bi/rules';

/**
 * The whole process configuration, read from the environment once at start-up.
 * Every variable is documented in README.md; a bad value stops the process with a message
 * naming the variable, the rule and the value seen.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce
  .number({ message: 'expected a port number' })
  .int('expected a whole number')
  .min(1, 'expected a port between 1 and 65535')
  .max(65535, 'expected a port between 1 and 65535');

const hostPort = z.string().regex(/^[\w.-]+:\d{1,5}$/, 'expected host:port');
const hostPortList = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(hostPort).min(1, 'expected at least one host:port'));

const positiveInt = (max: number) =>
  z.coerce.number({ message: 'expected a number' }).int('expected a whole number').min(1, 'expected at least 1').max(max, `expected at most ${max}`);

/** BI_MODULES takes the module flags of the source-kind registry (@bi/rules source-kinds.ts). */
const MODULE_NAMES = SOURCE_MODULES;

/** A 32-byte key written as 64 hex digits or as base64 / base64url (43–44 characters). */
const secretKey = z
  .string()
  .transform((s, ctx) => {
    const v = s.trim();
    const bytes = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v) ? Buffer.from(v, 'base64') : undefined;
    if (bytes?.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'expected a 32-byte key as 64 hex digits or base64' });
      return z.NEVER;
    }
    return bytes;
  });

export const SERVICE_NAMES = ['identity', 'dashboard', 'chart-query', 'data-source', 'relation', 'template', 'warning'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const envShape = {
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(8080),
    BI_DATA_DIR: z.string().min(1).default('./data'),
    BI_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    BI_METADATA_STORE: z.enum(['pglite', 'postgres']).default('pglite'),
    // unset: follows the metadata store (pglite → duckdb, postgres → postgres)
    BI_ANALYTICS_STORE: z.enum(['duckdb', 'postgres']).optional(),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL').optional(),
    // the analytics store's own PostgreSQL database (or any server speaking its protocol), reached as a user that
    // cannot read the metadata schemas (docs/adr/0029-clickhouse-and-analytics-database.md); set: the store is there
    BI_ANALYTICS_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL').optional(),
    BI_DB_POOL_SIZE: positiveInt(200).default(10),
    BI_EVENT_BUS: z.enum(['memory', 'kafka']).default('memory'),
    KAFKA_BROKERS: hostPortList.optional(),
    BI_CACHE: z.enum(['memory', 'redis']).default('memory'),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'expected a redis:// URL').optional(),
    BI_CACHE_MAX_ENTRIES: positiveInt(10_000_000).default(50_000),
    BI_JWT_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
    BI_TOKEN_TTL_SECONDS: positiveInt(30 * 24 * 3600).default(12 * 3600),
    BI_ADMIN_PASSWORD: z.string().min(8, 'expected at least 8 characters').max(128, 'expected at most 128 characters').optional(),
    BI_DEMO: bool.default(true),
    // with demo content, the embedded host also starts the reference ERP provider and registers it as an ERP account
    BI_DEMO_ERP: bool.default(true),
    // its port on 127.0.0.1; 0: a free port, the demo account follows it on every start
    BI_ERP_PROVIDER_PORT: z.coerce.number({ message: 'expected a port number' }).int('expected a whole number').min(0, 'expected 0 or a port up to 65535').max(65535, 'expected 0 or a port up to 65535').default(0),
    BI_MODULES: z
      .string()
      .default('sql,mysql,oracle,excel')
      .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
      .pipe(z.array(z.enum(MODULE_NAMES, { message: `expected names from ${MODULE_NAMES.join(', ')}` }))),
    // sign-in throttle (apps/identity/src/login-throttle.ts); the two older names still work
    BI_LOGIN_FAILURES_BEFORE_BACKOFF: positiveInt(1000).optional(),
    BI_LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(1000).optional(),
    BI_LOGIN_BACKOFF_SECONDS: positiveInt(24 * 3600).default(30),
    BI_LOGIN_BACKOFF_MAX_SECONDS: positiveInt(24 * 3600).default(900),
    BI_LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(1_000_000).optional(),
    BI_LOGIN_MAX_ATTEMPTS_PER_IP: positiveInt(1_000_000).optional(),
    BI_LOGIN_WINDOW_SECONDS: positiveInt(24 * 3600).default(900),
    BI_TRUST_PROXY: bool.default(false),
    BI_GRPC_HOST: z.string().min(1).default('127.0.0.1'),
    BI_GRPC_BASE_PORT: port.default(50051),
    BI_IDENTITY_URL: hostPortList.optional(),
    BI_DASHBOARD_URL: hostPortList.optional(),
    BI_CHART_QUERY_URL: hostPortList.optional(),
    BI_DATA_SOURCE_URL: hostPortList.optional(),
    BI_RELATION_URL: hostPortList.optional(),
    BI_TEMPLATE_URL: hostPortList.optional(),
    BI_WARNING_URL: hostPortList.optional(),
    BI_WEB_DIST: z.string().optional(),
    BI_SECRET_KEY: secretKey.optional(),
    BI_QUERY_TIMEOUT_SECONDS: positiveInt(3600).default(30),
    BI_QUERY_MAX_ROWS: positiveInt(10_000_000).default(100_000),
    // unset: DuckDB's own limit (80 % of the machine's memory), more than a service's container has
    BI_ANALYTICS_MEMORY_MB: positiveInt(1_000_000).optional(),
    BI_UPLOAD_MAX_ROWS: positiveInt(100_000_000).default(5_000_000),
    // @bi/jobs: finished run records older than this are pruned by the library
    BI_JOB_RUNS_RETENTION_DAYS: positiveInt(3650).default(30),
    BI_CHART_CACHE_SECONDS: positiveInt(7 * 24 * 3600).default(60),
    BI_CHART_SOURCE_CONCURRENCY: positiveInt(100).default(4),
    // kept rollups answer covered charts (issue 31, ADR 0022); off: every chart scans its source
    BI_ROLLUPS: z.enum(['on', 'off'], { message: 'expected on or off' }).default('on'),
    // public links (issue 32, docs/api/public-links.md): false switches the feature off; the longest expiry a link may have
    BI_PUBLIC_LINKS: bool.default(true),
    BI_PUBLIC_LINK_MAX_DAYS: positiveInt(3650).default(365),
    // the enterprise type the web reads from GET /api/config: the warning bell shows for 3 (spec 02 §2)
    // a user's language until they choose one (libs/i18n's languages): alert mails and AlertTriggered texts
    BI_DEFAULT_LANGUAGE: z.enum(['zh-CN', 'zh-TW', 'en'], { message: 'expected zh-CN, zh-TW or en' }).default('zh-CN'),
    BI_ENTERPRISE_TYPE: z.coerce.number({ message: 'expected a number' }).int('expected a whole number').min(0, 'expected 0 to 99').max(99, 'expected 0 to 99').default(3),
    // alert e-mail (warning service); unset host: mail deliveries fail with "SMTP not configured"
    BI_SMTP_HOST: z.string().min(1).optional(),
    BI_SMTP_PORT: port.default(587),
    BI_SMTP_SECURE: bool.default(false),
    BI_SMTP_USER: z.string().optional(),
    BI_SMTP_PASSWORD: z.string().optional(),
    BI_SMTP_FROM: z.string().min(3).default('bi-alerts@localhost'),
    // HMAC-SHA256 key of alert webhooks (header X-BI-Signature); unset: generated file under BI_DATA_DIR/secrets
    BI_WEBHOOK_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
    // outbound targets (alert webhooks, later chat and report deliveries) the administrator opens although they
    // are internal: CIDRs, addresses, host names (*.corp.example), comma- or space-separated; unset: none (@bi/outbound)
    BI_OUTBOUND_ALLOW: z
      .string()
      .superRefine((text, ctx) => {
        for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
          const problem = allowEntryProblem(entry);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }
      })
      .optional(),
    // the product's time zone: relative date filters (today, this week, …) are computed in it; unset: the host's
    BI_TIME_ZONE: z
      .string()
      .refine((zone) => isTimeZone(zone), { message: 'an IANA time zone such as Europe/Berlin or UTC' })
      .optional(),
    // report subscriptions (warning service): the mail domains outside addresses may have (comma- or space-separated,
    // e.g. example.com,corp.example); unset: no outside addresses, only the product's users
    BI_REPORT_EMAIL_DOMAINS: z.string().max(2000).optional(),
    // days of a subscription's run log kept (older settled runs are pruned by a daily job)
    BI_SUBSCRIPTION_LOG_DAYS: positiveInt(3650).default(90),
    // the product's address as its readers open it: the link back in report mails (unset: http://localhost:<PORT>)
    BI_PUBLIC_URL: z.string().url().max(500).optional(),
    // embedding (issue 32, docs/api/embedding.md): the signing secret of embedding tokens (unset: generated at first
    // start and kept encrypted by the identity service; a short or known default one refuses the start), and the origins whose pages
    // may frame the embed pages (Content-Security-Policy frame-ancestors; space- or comma-separated; unset: none)
    BI_EMBED_SECRET: z.string().max(1000).optional(),
    BI_EMBED_ORIGINS: z.string().max(2000).optional(),
    // issue 33: revisions kept per object (0: all) and days a deleted chart or dashboard stays in the trash
    BI_REVISIONS_KEEP: z.coerce.number().int().min(0).max(1_000_000).default(0),
    BI_TRASH_DAYS: positiveInt(3650).default(30),
};

/** A zone name the runtime knows (Intl throws a RangeError on any other). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const envSchema = z.object(envShape).superRefine((env, ctx) => {
    if (env.BI_METADATA_STORE === 'postgres' && !env.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'required when BI_METADATA_STORE=postgres' });
    else if (env.BI_ANALYTICS_STORE === 'postgres' && !env.DATABASE_URL && !env.BI_ANALYTICS_DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['BI_ANALYTICS_DATABASE_URL'], message: 'required when BI_ANALYTICS_STORE=postgres (or DATABASE_URL)' });
    if (env.BI_ANALYTICS_STORE === 'duckdb' && env.BI_ANALYTICS_DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['BI_ANALYTICS_DATABASE_URL'], message: 'set, but BI_ANALYTICS_STORE=duckdb' });
    if (env.BI_EVENT_BUS === 'kafka' && !env.KAFKA_BROKERS)
      ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'required when BI_EVENT_BUS=kafka' });
    if (env.BI_CACHE === 'redis' && !env.REDIS_URL)
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'required when BI_CACHE=redis' });
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  logLevel: Env['BI_LOG_LEVEL'];
  metadataStore: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  eventBus: { kind: 'memory' } | { kind: 'kafka'; brokers: string[] };
  cache: { kind: 'memory'; maxEntries: number } | { kind: 'redis'; url: string; maxEntries: number };
  auth: {
    jwtSecret?: string;
    tokenTtlSeconds: number;
    adminPassword?: string;
    /** failed sign-ins of one account from one address within the window before it backs off */
    loginFailuresBeforeBackoff: number;
    /** the first back-off; it doubles with every further failure up to loginBackoffMaxSeconds */
    loginBackoffSeconds: number;
    loginBackoffMaxSeconds: number;
    /** failed sign-ins from one address (any accounts) within the window before the address waits */
    loginMaxFailuresPerAddress: number;
    loginWindowSeconds: number;
  };
  demo: boolean;
  /** the reference ERP provider the embedded host starts with demo content (apps/embedded/src/demo-erp.ts) */
  demoErp: { enabled: boolean; port: number };
  modules: string[];
  trustProxy: boolean;
  /** gRPC addresses per service; more than one address means replicas, used round-robin. */
  services: Record<ServiceName, string[]>;
  webDist?: string;
  dataSources: {
    /** AES-256-GCM key for connection passwords; unset = generated file under dataDir/secrets. */
    secretKey?: Buffer;
    queryTimeoutSeconds: number;
    queryMaxRows: number;
    /**
     * Where uploaded and joined data live: a DuckDB file under dataDir (embedded mode; one process
     * writes it) or a PostgreSQL database (distributed mode): BI_ANALYTICS_DATABASE_URL, its own
     * database and user that cannot read the metadata schemas (docs/adr/0029); without it the
     * metadata database of DATABASE_URL. BI_ANALYTICS_STORE, else postgres when
     * BI_ANALYTICS_DATABASE_URL is set, else the same kind as the metadata store.
     */
    analyticsStore: { kind: 'duckdb'; path: string; memoryLimitMb?: number } | { kind: 'postgres'; url: string };
    /** data rows one upload may import (a sheet with more is refused while it is read) */
    uploadMaxRows: number;
  };
  /** the product's time zone (IANA name): relative date filters are computed in it, never in a browser's clock */
  timeZone: string;
  /** @bi/jobs: finished runs (succeeded, failed, timed out) older than this many days are pruned */
  jobRunsRetentionDays: number;
  /** a user's language until they choose one (zh-CN, zh-TW or en) */
  defaultLanguage: 'zh-CN' | 'zh-TW' | 'en';
  /** 3 shows the warning bell (spec 02 §2); the web reads it from GET /api/config */
  enterpriseType: number;
  /** alert channels of the warning service */
  alerts: {
    smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
    smtpFrom: string;
    webhookSecret?: string;
  };
  /** report subscriptions: the mail domains outside addresses may have (BI_REPORT_EMAIL_DOMAINS), the link back's base (BI_PUBLIC_URL), the days of run log kept (BI_SUBSCRIPTION_LOG_DAYS) */
  reports: { emailDomains: string[]; publicUrl: string; logDays: number };
  /** outbound targets policy (@bi/outbound): the entries of BI_OUTBOUND_ALLOW */
  outbound: { allow: string[] };
  charts: {
    /** lifetime of a cached chart answer when its source sets no cache interval */
    defaultCacheSeconds: number;
    /** chart queries one chart-query process runs at the same time per source */
    sourceConcurrency: number;
    /** BI_ROLLUPS: charts may be answered from the source's kept rollups */
    rollups: boolean;
  };
  /** embedding (docs/api/embedding.md): BI_EMBED_SECRET (unset: generated, kept encrypted by identity), BI_EMBED_ORIGINS (frame-ancestors) */
  embed: { secret?: string; origins: string[] };
  /** public links (BI_PUBLIC_LINKS, BI_PUBLIC_LINK_MAX_DAYS): on or off, the longest expiry in days */
  publicLinks: { enabled: boolean; maxDays: number };
  /** issue 33 (@bi/revisions): revisions kept per object (0: all), days a deleted object stays in the trash */
  revisions: { keep: number; trashDays: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super('Invalid configuration:\n  ' + problems.join('\n  '));
    this.name = 'ConfigError';
  }
}

/** The variable naming each service's addresses (distributed mode); the process launcher sets the same ones. */
export const SERVICE_URL_VARIABLES: Readonly<Record<ServiceName, keyof Env>> = {
  identity: 'BI_IDENTITY_URL',
  dashboard: 'BI_DASHBOARD_URL',
  'chart-query': 'BI_CHART_QUERY_URL',
  'data-source': 'BI_DATA_SOURCE_URL',
  relation: 'BI_RELATION_URL',
  template: 'BI_TEMPLATE_URL',
  warning: 'BI_WARNING_URL',
};

/** The configuration of a process entry point: a ConfigError is printed and the process exits 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, as shells and compose files often produce them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = i.path.join('.');
        const seen = name in cleaned ? ` (got ${JSON.stringify(sensitive(name) ? '***' : cleaned[name])})` : '';
        return `${name}: ${i.message}${seen}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.BI_DATA_DIR);
  const services = Object.fromEntries(
    SERVICE_NAMES.map((name, i) => [name, (e[SERVICE_URL_VARIABLES[name]] as string[] | undefined) ?? [`${e.BI_GRPC_HOST}:${e.BI_GRPC_BASE_PORT + i}`]]),
  ) as Record<ServiceName, string[]>;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    logLevel: e.BI_LOG_LEVEL,
    metadataStore:
      e.BI_METADATA_STORE === 'postgres'
        ? { kind: 'postgres', url: e.DATABASE_URL!, poolSize: e.BI_DB_POOL_SIZE }
        : { kind: 'pglite', dataDir: resolve(dataDir, 'metadata') },
    eventBus: e.BI_EVENT_BUS === 'kafka' ? { kind: 'kafka', brokers: e.KAFKA_BROKERS! } : { kind: 'memory' },
    cache: e.BI_CACHE === 'redis' ? { kind: 'redis', url: e.REDIS_URL!, maxEntries: e.BI_CACHE_MAX_ENTRIES } : { kind: 'memory', maxEntries: e.BI_CACHE_MAX_ENTRIES },
    auth: {
      jwtSecret: e.BI_JWT_SECRET,
      tokenTtlSeconds: e.BI_TOKEN_TTL_SECONDS,
      adminPassword: e.BI_ADMIN_PASSWORD,
      loginFailuresBeforeBackoff: e.BI_LOGIN_FAILURES_BEFORE_BACKOFF ?? e.BI_LOGIN_MAX_FAILURES_PER_ACCOUNT ?? 5,
      loginBackoffSeconds: e.BI_LOGIN_BACKOFF_SECONDS,
      loginBackoffMaxSeconds: Math.max(e.BI_LOGIN_BACKOFF_SECONDS, e.BI_LOGIN_BACKOFF_MAX_SECONDS),
      // the older name counted every attempt; it now sets the same failures-only limit
      loginMaxFailuresPerAddress: e.BI_LOGIN_MAX_FAILURES_PER_ADDRESS ?? e.BI_LOGIN_MAX_ATTEMPTS_PER_IP ?? 100,
      loginWindowSeconds: e.BI_LOGIN_WINDOW_SECONDS,
    },
    demo: e.BI_DEMO,
    demoErp: { enabled: e.BI_DEMO_ERP, port: e.BI_ERP_PROVIDER_PORT },
    modules: e.BI_MODULES,
    trustProxy: e.BI_TRUST_PROXY,
    services,
    webDist: e.BI_WEB_DIST,
    dataSources: {
      secretKey: e.BI_SECRET_KEY,
      queryTimeoutSeconds: e.BI_QUERY_TIMEOUT_SECONDS,
      queryMaxRows: e.BI_QUERY_MAX_ROWS,
      analyticsStore:
        (e.BI_ANALYTICS_STORE ?? (e.BI_ANALYTICS_DATABASE_URL || e.BI_METADATA_STORE === 'postgres' ? 'postgres' : 'duckdb')) === 'postgres'
          ? { kind: 'postgres', url: e.BI_ANALYTICS_DATABASE_URL ?? e.DATABASE_URL! }
          : { kind: 'duckdb', path: resolve(dataDir, 'analytics.duckdb'), ...(e.BI_ANALYTICS_MEMORY_MB ? { memoryLimitMb: e.BI_ANALYTICS_MEMORY_MB } : {}) },
      uploadMaxRows: e.BI_UPLOAD_MAX_ROWS,
    },
    timeZone: e.BI_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    jobRunsRetentionDays: e.BI_JOB_RUNS_RETENTION_DAYS,
    defaultLanguage: e.BI_DEFAULT_LANGUAGE,
    enterpriseType: e.BI_ENTERPRISE_TYPE,
    alerts: {
      ...(e.BI_SMTP_HOST
        ? { smtp: { host: e.BI_SMTP_HOST, port: e.BI_SMTP_PORT, secure: e.BI_SMTP_SECURE, user: e.BI_SMTP_USER, password: e.BI_SMTP_PASSWORD, from: e.BI_SMTP_FROM } }
        : {}),
      smtpFrom: e.BI_SMTP_FROM,
      webhookSecret: e.BI_WEBHOOK_SECRET,
    },
    reports: {
      emailDomains: (e.BI_REPORT_EMAIL_DOMAINS ?? '').split(/[\s,]+/).filter(Boolean).map((d) => d.toLowerCase().replace(/^@/, '')),
      publicUrl: (e.BI_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      logDays: e.BI_SUBSCRIPTION_LOG_DAYS,
    },
    outbound: { allow: (e.BI_OUTBOUND_ALLOW ?? '').split(/[\s,]+/).filter(Boolean) },
    charts: { defaultCacheSeconds: e.BI_CHART_CACHE_SECONDS, sourceConcurrency: e.BI_CHART_SOURCE_CONCURRENCY, rollups: e.BI_ROLLUPS === 'on' },
    embed: { secret: e.BI_EMBED_SECRET, origins: (e.BI_EMBED_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean) },
    publicLinks: { enabled: e.BI_PUBLIC_LINKS, maxDays: e.BI_PUBLIC_LINK_MAX_DAYS },
    revisions: { keep: e.BI_REVISIONS_KEEP, trashDays: e.BI_TRASH_DAYS },
  };
}

function sensitive(name: string): boolean {
  return /PASSWORD|SECRET|URL/.test(name);
}

/** The variables the configuration understands, for deployment checks and docs. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envShape);
