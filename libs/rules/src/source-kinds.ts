/**
 * The source-kind registry (docs/adr/0006-source-kind-registry.md): the one table of the kinds of data
 * source of spec 02 §1, §3 and docs/api/data-source.md "Types". Every per-kind list is derived from it:
 * the module flags (identity's get-shipment-modules-data answer, config's BI_MODULES check), the type
 * codes the data-source service accepts and the engine behind each (apps/data-source source-connection.ts),
 * the connection-form defaults, the web's create dialog with the route each entry opens, the edit screen
 * of a source, its type label and icon.
 * Adding a kind: one entry here, its connector (a driver when it brings a new engine), its form when it
 * needs its own, and its label in the web's three catalogues (`types.<key>`).
 */
import { UPLOAD_REFERENCE } from './excel.js';

/** The source reference that marks an HTTP API source (type 8, its rows copied into the analytics store). */
export const API_SOURCE_REFERENCE = 'api';

/** The module flags of GET /api/identity/get-shipment-modules-data/datasource (spec 02 §6), in their order; BI_MODULES takes these names. */
export const SOURCE_MODULES = ['e10report', 'sql', 'mysql', 'oracle', 'excel', 'api'] as const;
export type SourceModule = (typeof SOURCE_MODULES)[number];

/**
 * The engine a kind's rows are read with: a SQL dialect (the driver of apps/data-source/src/drivers/),
 * 'analytics' for the platform's analytics store (DuckDB or PostgreSQL as BI_ANALYTICS_STORE says),
 * 'join' for a joined table (the engine of its inputs' store).
 */
export type SourceEngine = 'mssql' | 'mysql' | 'oracle' | 'postgres' | 'trino' | 'clickhouse' | 'analytics' | 'join';

/** How a kind gets its rows: queried on its own database at each read ('live'), or copied into the analytics store ('synced'). */
export type SourceRows = 'live' | 'synced';

/**
 * The connectors of synced kinds by name (apps/data-source/src/connectors/index.ts maps each name to
 * its file; a name without one fails the type check there). The sync job reaches a kind's connector
 * only through its entry's `connector`.
 */
export const SOURCE_CONNECTORS = ['sheet', 'http-api', 'erp-report', 'indicator'] as const;
export type SourceConnectorName = (typeof SOURCE_CONNECTORS)[number];

/** The icon of a kind in the create dialog (apps/web data-source CreateSourceDialog). */
export type SourceIconKey = 'database' | 'sql' | 'excel' | 'join' | 'api';

/** The connection form of spec 02 §3, §9 for a kind that connects to a database server. */
export interface ConnectionForm {
  /** Defaults of the empty form (spec 02 §9); the port also stands in for an empty port. */
  defaults: { readonly port: number; readonly userName: string; readonly serverName: string; readonly initialDatabase: string };
  /**
   * Oracle's form: Basic or TNS, the service name (or the whole TNS descriptor) instead of the initial
   * database, and a role (Default, SYSDBA, SYSOPER). Otherwise Basic only, role Default, the initial database.
   */
  service: boolean;
  /**
   * Trino's form (docs/adr/0028-trino-source-and-federation.md): a catalog (required) and a schema instead of
   * the initial database, stored as `catalog/schema` in it (the path of a Trino JDBC URL); a password only
   * over HTTPS (a source with a password is reached with https://).
   */
  catalog?: true;
}

/** A web route by its name in apps/web/src/shared/routing/routes.ts ROUTE_PATHS and the fixed parameters it gets. */
export interface KindRoute {
  readonly name: string;
  readonly params?: Readonly<Record<string, string>>;
}

export interface SourceKindEntry {
  /** The type code stored in data_source.sources.type (spec 02 §3: 0, 2, 3; 7, 8, 9 added by this platform). */
  code: number;
  /** A kind sharing its code with another is told apart by the source's reference (uploads: type 8, reference 'excel'); null otherwise. */
  reference: string | null;
  /** false: named by the spec but not built yet (no connector, no screen): refused by the service, absent from the create dialog. */
  available: boolean;
  /** The module flag that gates creating it; null: no flag (the analytics store: admins only). */
  module: SourceModule | null;
  engine: SourceEngine | null;
  rows: SourceRows;
  /** The connector yielding a synced kind's rows (its copy in the analytics store); null for a live kind or one not built yet. */
  connector: SourceConnectorName | null;
  /** The scheme of its connection as display text (`<scheme>://user@host:port/database`, `<scheme>://` without a connection). */
  scheme: string;
  /** The connection form; null when it connects to no server of its own. */
  connection: ConnectionForm | null;
  /**
   * Created by the SQL wizard of the data-source service (Probe / Create over its engine); the web
   * wizard lists it under its key (`/data_source_sql/:project/:key`) when `create` names that route.
   */
  sqlWizard: boolean;
  /** Free SQL on the shared analytics store: creating it, previewing and changing its SQL are for admins. */
  adminOnly: boolean;
  /** The create dialog's entry: the route of its wizard (the folder goes in as `project`); null: not listed. */
  create: KindRoute | null;
  /** The route of its edit screen (`data_source` and `project` go in); null: no edit entry. */
  edit: KindRoute | null;
  /** Sources of it may be shared (sharing.md), and rows appended or replaced (docs/api/excel-upload.md). */
  may: { share: boolean; append: boolean };
  icon: SourceIconKey;
}

const sqlEdit = { name: 'data_source_edit' } as const;
const sqlWizard = <K extends string>(key: K) => ({ name: 'data_source_sql', params: { type: key } }) as const;
const database = { reference: null, available: true, rows: 'live', connector: null, sqlWizard: true, adminOnly: false, edit: sqlEdit, may: { share: true, append: false } } as const;
/**
 * An indicator import (types 1 and 5): each imported target's values copied into the analytics store
 * (connectors/indicator.connector.ts); no edit entry. Spec 02 lists no flag of its own for them: they come
 * from the ERP side, gated with the ERP reports.
 */
const indicatorImport = {
  reference: null,
  available: true,
  module: 'e10report',
  engine: 'analytics',
  scheme: 'indicator',
  rows: 'synced',
  connector: 'indicator',
  connection: null,
  sqlWizard: false,
  adminOnly: false,
  create: null,
  edit: null,
  may: { share: true, append: false },
  icon: 'database',
} as const;
/** A kind whose rows are a report program's of an ERP account, copied by the ERP report's connector (4, 6, 10). */
const erpProgramCopy = {
  reference: null,
  available: true,
  module: 'e10report',
  engine: 'analytics',
  rows: 'synced',
  connector: 'erp-report',
  connection: null,
  sqlWizard: false,
  adminOnly: false,
  may: { share: true, append: false },
  icon: 'database',
} as const;

/** The kinds; the create dialog lists the available ones with a `create` route in this order. */
export const SOURCE_KIND_REGISTRY = {
  sql: {
    ...database,
    code: 0,
    module: 'sql',
    engine: 'mssql',
    scheme: 'sqlserver',
    connection: { defaults: { port: 1433, userName: 'sa', serverName: '', initialDatabase: '' }, service: false },
    create: sqlWizard('sql'),
    icon: 'database',
  },
  mysql: {
    ...database,
    code: 2,
    module: 'mysql',
    engine: 'mysql',
    scheme: 'mysql',
    connection: { defaults: { port: 3306, userName: 'root', serverName: '', initialDatabase: '' }, service: false },
    create: sqlWizard('mysql'),
    icon: 'database',
  },
  oracle: {
    ...database,
    code: 3,
    module: 'oracle',
    engine: 'oracle',
    scheme: 'oracle',
    connection: { defaults: { port: 1521, userName: '', serverName: 'ORCL', initialDatabase: '' }, service: true },
    create: sqlWizard('oracle'),
    icon: 'database',
  },
  postgres: {
    ...database,
    code: 7,
    module: 'sql',
    engine: 'postgres',
    scheme: 'postgresql',
    connection: { defaults: { port: 5432, userName: 'postgres', serverName: '', initialDatabase: 'postgres' }, service: false },
    create: sqlWizard('postgres'),
    icon: 'sql',
  },
  /** Trino (docs/adr/0028-trino-source-and-federation.md): a catalog and schema of a Trino server, queried live. */
  trino: {
    ...database,
    code: 11,
    module: 'sql',
    engine: 'trino',
    scheme: 'trino',
    connection: { defaults: { port: 8080, userName: 'trino', serverName: '', initialDatabase: '' }, service: false, catalog: true },
    create: sqlWizard('trino'),
    icon: 'sql',
  },
  /** Free SQL on the platform's analytics store: created through the API by admins, not listed in the dialog. */
  analytics: { ...database, code: 8, module: null, engine: 'analytics', scheme: 'analytics', connection: null, adminOnly: true, create: null, icon: 'sql' },
  /** Uploaded Excel / CSV (docs/api/excel-upload.md): rows copied into the analytics store, stored as type 8. */
  excel: {
    code: 8,
    reference: UPLOAD_REFERENCE,
    available: true,
    module: 'excel',
    engine: 'analytics',
    scheme: 'analytics',
    rows: 'synced',
    connector: 'sheet',
    connection: null,
    sqlWizard: false,
    adminOnly: false,
    create: { name: 'data_source_excel', params: { action: 'create' } },
    edit: sqlEdit,
    may: { share: true, append: true },
    icon: 'excel',
  },
  /** A joined table (docs/api/join-table.md): queried over its inputs' store; spec 02 §2 gates it by the Excel flag. */
  join: {
    code: 9,
    reference: 'jointable',
    available: true,
    module: 'excel',
    engine: 'join',
    scheme: 'jointable',
    rows: 'live',
    connector: null,
    connection: null,
    sqlWizard: false,
    adminOnly: false,
    create: { name: 'join_table' },
    edit: { name: 'join_table' },
    may: { share: true, append: false },
    icon: 'join',
  },
  /**
   * A generic HTTP API source (docs/adr/0014-http-api-source.md): pages of JSON copied into the analytics store,
   * stored as type 8 told apart by its reference, like an upload. Its wizard opens at /data_source_sql/{folder}/api,
   * its settings at /data_source_edit/{id} (both pages hand an API source to the API screens).
   */
  api: {
    code: 8,
    reference: API_SOURCE_REFERENCE,
    available: true,
    module: 'api',
    engine: 'analytics',
    scheme: 'analytics',
    rows: 'synced',
    connector: 'http-api',
    connection: null,
    sqlWizard: false,
    adminOnly: false,
    // the spec's routes: the wizard route of the create dialog with the kind's key, the edit screen of a source (each dispatches on the kind)
    create: sqlWizard('api'),
    edit: sqlEdit,
    // append: an incremental sync (by a watermark field) adds the rows after the last one
    may: { share: true, append: true },
    icon: 'api',
  },
  /**
   * Spec 02: an ERP report source on an ERP account (route data_source_e10_report, docs/adr/0015): a
   * program's rows for a date range copied into the analytics store (connectors/erp-report.connector.ts).
   */
  erpReport: {
    code: 4,
    reference: null,
    available: true,
    module: 'e10report',
    engine: 'analytics',
    scheme: 'e10report',
    rows: 'synced',
    connector: 'erp-report',
    connection: null,
    sqlWizard: false,
    adminOnly: false,
    create: { name: 'data_source_e10_report', params: { action: 'create' } },
    edit: { name: 'data_source_e10_report', params: { action: 'edit' } },
    may: { share: true, append: false },
    icon: 'database',
  },
  /**
   * Spec 02: indicator imports from a business-analysis system (1) and a second provider (5), no edit entry:
   * each imported target's values copied into the analytics store (connectors/indicator.connector.ts).
   */
  indicator: { ...indicatorImport, code: 1 },
  /** The second indicator provider's imports (dataType 5, route data_source_yifei), read from the primary ERP account's provider. */
  indicatorYifei: { ...indicatorImport, code: 5 },
  /**
   * Spec 02: SBEP sources (type 6; route data_source_sbep_edit; docs/adr/0017-sbep-and-e10-sources.md): a
   * vendor-provisioned synced copy of a report program of an ERP account (the ERP report's connector),
   * created through the API by the vendor's integration (no create-dialog entry), edited on its own screen
   * as a connection string `sbep://ip:port/account/program/project/date|null`.
   */
  sbep: { ...erpProgramCopy, code: 6, scheme: 'sbep', create: null, edit: { name: 'data_source_sbep_edit' } },
  /**
   * Spec 02 §1, §2: the second-generation ERP source (route data_source_e10, edit data_source_e10_edit; code 10
   * added by this platform, the spec shows none): a program of the ERP account chosen in the account manager
   * copied like an ERP report, on a one-page form (docs/adr/0017-sbep-and-e10-sources.md).
   */
  e10: { ...erpProgramCopy, code: 10, scheme: 'e10', create: { name: 'data_source_e10' }, edit: { name: 'data_source_e10_edit' } },
  /**
   * ClickHouse (issue 34, docs/adr/0029-clickhouse-and-analytics-database.md): a live SQL source over ClickHouse's
   * HTTP interface (@clickhouse/client; port 8443 or 443 speaks HTTPS), gated by the SQL flag like PostgreSQL.
   * Code 12 added by this platform.
   */
  clickhouse: {
    ...database,
    code: 12,
    module: 'sql',
    engine: 'clickhouse',
    scheme: 'clickhouse',
    connection: { defaults: { port: 8123, userName: 'default', serverName: '', initialDatabase: 'default' }, service: false },
    create: sqlWizard('clickhouse'),
    icon: 'sql',
  },
} as const satisfies Record<string, SourceKindEntry>;

export type SourceKindKey = keyof typeof SOURCE_KIND_REGISTRY;
type Registry = typeof SOURCE_KIND_REGISTRY;

/** The built synced kinds that name no connector: must be none (a synced kind is built only with its connector). */
type SyncedWithoutConnector = { [K in SourceKindKey]: Registry[K] extends { available: true; rows: 'synced'; connector: null } ? K : never }[SourceKindKey];
/** Fails the type check, naming the kind, when a built synced kind has `connector: null`. */
export const SYNCED_KINDS_HAVE_CONNECTORS: [SyncedWithoutConnector] extends [never] ? true : { kindWithoutConnector: SyncedWithoutConnector } = true;

/** The connector of a stored source's kind (null: a live kind, or one not built). */
export function connectorOfSource(source: { type: number; reference?: string | null }): SourceConnectorName | null {
  const key = sourceKindOfSource(source);
  return key === null ? null : sourceKind(key).connector;
}

/** What the registry lets a stored source's kind do: be shared, have rows appended or replaced. An unknown kind may neither. */
export function sourceMay(source: { type: number; reference?: string | null }, what: 'share' | 'append'): boolean {
  const key = sourceKindOfSource(source);
  return key !== null && sourceKind(key).may[what];
}

/** The kinds in the registry's order. */
export const SOURCE_KINDS = Object.keys(SOURCE_KIND_REGISTRY) as readonly SourceKindKey[];

/** The registry entry of a kind (typed as the general entry). */
export function sourceKind(key: SourceKindKey): SourceKindEntry {
  return SOURCE_KIND_REGISTRY[key];
}

/** The kinds whose entry passes a test, in the registry's order. */
export function sourceKindsWhere(test: (entry: SourceKindEntry, key: SourceKindKey) => boolean): SourceKindKey[] {
  return SOURCE_KINDS.filter((key) => test(sourceKind(key), key));
}

/**
 * The kind of a type code: the entry of that code without a reference (type 8 is the analytics store;
 * an upload is told apart by its reference, see sourceKindOfSource), else the code's only entry.
 */
export function sourceKindOfCode(code: number): SourceKindKey | null {
  const same = SOURCE_KINDS.filter((key) => SOURCE_KIND_REGISTRY[key].code === code);
  return same.find((key) => SOURCE_KIND_REGISTRY[key].reference === null) ?? same[0] ?? null;
}

/** The kind of a stored source: by its type code and, where kinds share a code, its reference. */
export function sourceKindOfSource(source: { type: number; reference?: string | null }): SourceKindKey | null {
  const byReference = SOURCE_KINDS.find((key) => SOURCE_KIND_REGISTRY[key].code === source.type && SOURCE_KIND_REGISTRY[key].reference === (source.reference ?? null));
  return byReference ?? sourceKindOfCode(source.type);
}

/** The entry of a type code, or null for an unknown code. */
export function sourceKindEntryOfCode(code: number): SourceKindEntry | null {
  const key = sourceKindOfCode(code);
  return key === null ? null : sourceKind(key);
}

/** Source type codes by kind (the codes of spec 02 §3 and this platform's). */
export const SOURCE_TYPE = {
  sqlServer: SOURCE_KIND_REGISTRY.sql.code,
  mysql: SOURCE_KIND_REGISTRY.mysql.code,
  oracle: SOURCE_KIND_REGISTRY.oracle.code,
  erpReport: SOURCE_KIND_REGISTRY.erpReport.code,
  sbep: SOURCE_KIND_REGISTRY.sbep.code,
  postgres: SOURCE_KIND_REGISTRY.postgres.code,
  analytics: SOURCE_KIND_REGISTRY.analytics.code,
  join: SOURCE_KIND_REGISTRY.join.code,
} as const;

/** The keys of the built kinds the SQL wizard of the data-source service creates. */
type DatabaseKindKey = { [K in SourceKindKey]: Registry[K] extends { available: true; sqlWizard: true } ? K : never }[SourceKindKey];
/** The type codes of the SQL wizard (0, 2, 3, 7, 8): the database sources the data-source service reads with a driver. */
export type DatabaseSourceType = Registry[DatabaseKindKey]['code'];

/** The types the SQL wizard creates, in the registry's order. */
export const DATABASE_SOURCE_TYPES: readonly DatabaseSourceType[] = sourceKindsWhere((e) => e.available && e.sqlWizard).map((key) => SOURCE_KIND_REGISTRY[key].code as DatabaseSourceType);

export function isDatabaseSourceType(t: unknown): t is DatabaseSourceType {
  return (DATABASE_SOURCE_TYPES as readonly unknown[]).includes(t);
}

/** The database kind of a SQL-wizard type code. */
export function databaseKind(type: DatabaseSourceType): SourceKindEntry {
  return sourceKindEntryOfCode(type)!;
}

/** The SQL-wizard types with a connection form (all but the analytics store). */
type ConnectionKindKey = { [K in DatabaseKindKey]: Registry[K]['connection'] extends ConnectionForm ? K : never }[DatabaseKindKey];
export type ConnectionSourceType = Registry[ConnectionKindKey]['code'];

export function hasConnectionForm(type: number): type is ConnectionSourceType {
  return isDatabaseSourceType(type) && databaseKind(type).connection !== null;
}

/** The connection form of a type, or null when it has none. */
export function connectionFormOf(type: number): ConnectionForm | null {
  return hasConnectionForm(type) ? databaseKind(type).connection : null;
}

/** Connection-form defaults of spec 02 §9 per type (PostgreSQL's added). */
export const CONNECTION_DEFAULTS = Object.fromEntries(
  sourceKindsWhere((e) => e.available && e.sqlWizard && e.connection !== null).map((key) => [SOURCE_KIND_REGISTRY[key].code, sourceKind(key).connection!.defaults]),
) as Record<ConnectionSourceType, ConnectionForm['defaults']>;

/** The module flag (BI_MODULES, GET get-shipment-modules-data) that gates creating each SQL-wizard type. */
export const SOURCE_TYPE_MODULE = Object.fromEntries(DATABASE_SOURCE_TYPES.map((type) => [type, databaseKind(type).module])) as Record<DatabaseSourceType, SourceModule | null>;
