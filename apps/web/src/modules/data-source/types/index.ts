/** Shapes of docs/api/data-source.md (spec 02 §3, §7 "Sources" and "Folders"). */
import type { Aggregator, SOURCE_KIND_REGISTRY, SourceKindKey } from '@bi/rules';
import type { PermissionData } from '../../auth/types';

/**
 * Source type codes (the registry of libs/rules source-kinds.ts): 0 SQL Server, 2 MySQL / MariaDB,
 * 3 Oracle, 7 PostgreSQL, 8 the analytics store (uploads too), 9 joined tables; 1 and 5 (indicator
 * imports), 4 (ERP report) and 6 (SBEP) are not built yet.
 */
export type SourceType = number;

/**
 * The database types the SQL wizard creates, by their route segment (`/data_source_sql/:project/:type`):
 * the kinds of the registry (libs/rules source-kinds.ts) whose create route is the SQL wizard.
 */
export type WizardType = {
  [K in SourceKindKey]: (typeof SOURCE_KIND_REGISTRY)[K] extends { available: true; create: { name: 'data_source_sql' } } ? K : never;
}[SourceKindKey];

export type ConnectionKind = 'Basic' | 'TNS';
export type OracleRole = 'Default' | 'SYSDBA' | 'SYSOPER';

/** The connection form as sent by the client. */
export interface ConnectionInput {
  host: string;
  port?: number;
  userName: string;
  password?: string;
  type?: ConnectionKind;
  serverName?: string;
  role?: OracleRole;
  initialDatabase?: string;
}

/** A stored connection as answers show it (never with the password). */
export interface Connection {
  host: string;
  port: number;
  userName: string;
  type: ConnectionKind;
  serverName: string;
  role: OracleRole;
  initialDatabase: string;
  hasPassword: boolean;
}

export type DataType = 'string' | 'number' | 'date';
export type { Aggregator };

export interface Field {
  name: string;
  title: string;
  dataType: DataType;
  /** '' for a database column; the formula of a calculated field. */
  expression: string;
  aggregator: Aggregator;
}

export interface DataSourceSummary {
  dataSourceId: string;
  projectId: string;
  name: string;
  type: SourceType;
  isReadOnly: boolean;
  /** The caller may change or delete it (datasource:edit + access). */
  editable: boolean;
  updateTime: string;
}

export interface DataSource extends DataSourceSummary {
  projectName: string;
  description: string;
  connection: Connection | null;
  connectionString: string;
  content: string;
  tableName: string;
  tableSchema: string;
  reference: string;
  cacheInterval: number;
  dataType: number;
  fields: Field[];
  dataVersion: number;
  createdBy: string;
  createTime: string;
}

/** A data-source folder. */
export interface Project {
  projectId: string;
  name: string;
  order: number;
  dataSources: DataSourceSummary[];
}

export interface Column {
  name: string;
  title: string;
  dataType: DataType;
}

export type CellValue = string | number | boolean | null;
export type Row = Record<string, CellValue>;

export interface Preview {
  columns: Column[];
  rows: Row[];
  truncated: boolean;
  /** a stored source's preview: the rows the source has in all (absent when not counted) */
  totalRows?: number;
}

export interface TableRef {
  schema: string;
  name: string;
  kind: 'table' | 'view';
}

/** One sync of a synced source (GET/POST /api/data_source/sync/{id}; docs/api/data-source.md "Synced copies"). */
export interface SyncRun {
  state: 'queued' | 'running' | 'succeeded' | 'failed' | 'timed_out';
  trigger: 'schedule' | 'manual';
  mode: 'replace' | 'append';
  rows: number | null;
  durationMs: number | null;
  /** the failure in the UI language */
  error: string | null;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  runAs: string;
  requestedBy: string;
}

export interface SyncStatus {
  /** its kind reads its origin again (false: live or uploaded) */
  syncable: boolean;
  /** minutes; 0 = on demand only */
  cacheInterval: number;
  /** the last syncs, newest first */
  runs: SyncRun[];
}

export interface HistoryEntry {
  updateTime: string;
  updateLog: string;
  userName: string;
}

/** A chart using a source (GET dependents/{id}, the delete confirmation). */
export interface DependentChart {
  chartId: string;
  title: string;
  type: string;
  tab: 'dashboard' | 'template';
  dashboardId: string;
  dashboardName: string;
  projectId: string;
  projectName: string;
}

/** GET dependents/{id}: what uses a source. */
export interface Dependents {
  charts: DependentChart[];
  /** template-tab charts the caller may not read (counted, not named) */
  hiddenCharts: number;
  joins: { dataSourceId: string; name: string; projectId: string }[];
}

/** POST repoint/{id}: the charts moved to `dataSourceId`, with the fields each lost. */
export interface RepointResult {
  dataSourceId: string;
  charts: { chartId: string; title: string; dropped: string[] }[];
}

export interface RelatedChart {
  key: string;
  title: string;
  kind: 'project' | 'dashboard' | 'chart';
  children: RelatedChart[];
}

export interface ProbeRequest {
  type: SourceType;
  connection?: ConnectionInput;
  dataSourceId?: string;
  content?: string;
  tableName?: string;
  tableSchema?: string;
  count?: number;
}

/** Connection and SQL problems are successful answers with `error` (spec 02 §8). */
export type DataError = { error: string };
export type Probe = { tables: TableRef[] } | Preview | DataError;

export interface CreateRequest {
  projectId: string;
  name: string;
  description?: string;
  type: SourceType;
  connection?: ConnectionInput;
  content?: string;
  tableName?: string;
  tableSchema?: string;
  cacheInterval?: number;
}

export type CreateResult = { dataSource: DataSource; permission: PermissionData } | DataError;

export interface UpdateRequest {
  dataSourceId: string;
  description?: string;
  connection?: ConnectionInput;
  content?: string;
  tableName?: string;
  tableSchema?: string;
  cacheInterval?: number;
}

export type UpdateResult = DataSource | DataError;

/** GET /api/identity/get-shipment-modules-data/datasource: module name → its permission flag. */
export type ModuleFlags = Partial<Record<string, { permission?: boolean } | null | undefined>>;

export function isDataError(value: unknown): value is DataError {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

// ---- ERP report sources (docs/api/data-source.md "ERP report sources") ----

/** An ERP account (spec 02 §5); identity is its password (never answered back). */
export interface ErpAccount {
  id?: string;
  name?: string;
  ip: string;
  port: number;
  userName: string;
  identity?: string;
  isPrimary?: boolean;
  isSelected?: boolean;
}
/** An account's id (accounts store) or its fields. */
export type ErpAccountRef = string | ErpAccount;
export interface ErpProgram {
  typeKey: string;
  displayName: string;
}
export interface ErpProgramDetail {
  id: string;
  displayName: string;
  dateConditions: { name: string; displayName: string }[];
  conditionProjects: { id: string; displayName: string }[];
  url: string | null;
}
export interface ErpReportPayload {
  dataSourceId?: string;
  /** the kind of a new source: 4 ERP report (default), 6 SBEP, 10 second-generation ERP (docs/adr/0017) */
  type?: 4 | 6 | 10;
  /** the SBEP edit screen: the connection string as typed (program, condition project, date field read from it) */
  connection?: string;
  name: string;
  description: string;
  programId: string;
  conditionProjectId: string;
  dateConditionField: string | null;
  periodNumber: number | null;
  periodDimension: 1 | 2;
  cacheInterval: number;
  account?: ErpAccountRef;
  projectId: string;
  status: 'create' | 'edit';
  updateItems?: string[];
}
export interface ErpPreview {
  columns: { name: string; title: string; type: 'text' | 'whole' | 'decimal' | 'date' | 'datetime' }[];
  data: Row[];
  range: { from?: string; to?: string } | null;
}
export interface ErpReportSettings {
  dataSourceId: string;
  type?: number;
  projectId: string;
  name: string;
  description: string;
  connection: string;
  programId: string;
  conditionProjectId: string;
  dateConditionField: string | null;
  periodNumber: number;
  periodDimension: 1 | 2;
  cacheInterval: number;
  account: { id: string; ip: string; port: number; userName: string; hasPassword: boolean };
}

/** A node of the indicator tree (docs/api/data-source.md "Indicator imports"): type 2 a target, 1 a group. */
export interface IndicatorNode {
  id: string;
  text: string;
  rootText: string;
  type: 1 | 2;
  child: boolean;
  isLeaf: boolean;
  relation: 'True' | 'False';
  unit: string | null;
}

/** The indicator import payload (spec 02 §8). */
export interface IndicatorImportPayload {
  targets: { id: string; text: string; rootText: string; relation?: 'True' | 'False' }[];
  name: string;
  beginDate?: string;
  endDate?: string;
  period: 0 | 1;
  dynamicPara: 0 | 1;
  periodDimension: 1 | 2 | 3 | 4;
  compare: 0 | 1 | 2;
  periodNumber: number;
  generateRelation: boolean;
  relationTemplateId?: string;
  /** dataType 1: the ERP account's id */
  account?: string;
  cacheInterval: number;
  projectId: string;
  dataType: 1 | 5;
}

/** One target's outcome of an import and the counts. */
export interface IndicatorImportResult {
  targets: { id: string; text: string; rootText: string; importSuccess: boolean; dataSourceId: string | null; failedMessage: string | null }[];
  importSuccessCount: number;
  importFailedCount: number;
  /** with generateRelation: the relation map made (dashboard tab) */
  relation?: { relationId: string; relationProjectId: string; dashboardId: string; dashboardProjectId: string; name: string } | null;
  /** with generateRelation: why no map was made (the targets were imported) */
  relationFailedMessage?: string | null;
}

/** A source's kept rollups (issue 31): the wire shapes of @bi/chart-model. */
export type { RollupListing, RollupView as KeptRollup } from '@bi/chart-model';
