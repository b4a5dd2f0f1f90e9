import { SOURCE_KIND_REGISTRY, connectionFormOf, hasConnectionForm, sourceKindEntryOfCode, sourceKindsWhere, type SourceEngine } from '@bi/rules';
import type { StorageLike } from '../../../shared/storage/keys';
import type { Connection, ConnectionInput, ConnectionKind, OracleRole, SourceType, WizardType } from '../types';

/**
 * Route segment of the SQL wizard → source type code (docs/api/data-source.md "Types"): the kinds of the
 * registry (libs/rules source-kinds.ts) whose create route is the SQL wizard, by their key.
 */
export const WIZARD_TYPE_CODES = Object.fromEntries(
  sourceKindsWhere((e) => e.available && e.sqlWizard && e.create?.name === 'data_source_sql').map((key) => [key, SOURCE_KIND_REGISTRY[key].code]),
) as Readonly<Record<WizardType, SourceType>>;

export const WIZARD_TYPES = Object.keys(WIZARD_TYPE_CODES) as WizardType[];

/** The type code of a wizard route segment; a missing segment means SQL Server (spec 02 §2), anything else null. */
export function wizardTypeCode(segment: string | undefined): SourceType | null {
  if (segment === undefined || segment === '') return WIZARD_TYPE_CODES.sql;
  return (WIZARD_TYPES as string[]).includes(segment) ? WIZARD_TYPE_CODES[segment as WizardType] : null;
}

/** True for the types that have a connection form (everything but the analytics store). */
export { hasConnectionForm };

/** Oracle's form: Basic or TNS, the service name instead of the initial database, and a role (the entry's `connection.service`). */
export const isOracle = (type: SourceType) => connectionFormOf(type)?.service === true;

/** Trino's form: a catalog and a schema instead of the initial database, stored as `catalog/schema` (the entry's `connection.catalog`). */
export const hasCatalog = (type: SourceType) => connectionFormOf(type)?.catalog === true;

/** The engine a type's rows are read with (its registry entry's), null for an unknown type. */
export const sourceEngine = (type: SourceType): SourceEngine | null => sourceKindEntryOfCode(type)?.engine ?? null;

/** The connection form's values (port as a number, null when empty). */
export interface ConnectionFormValues {
  host: string;
  port: number | null;
  userName: string;
  password: string;
  type: ConnectionKind;
  serverName: string;
  role: OracleRole;
  initialDatabase: string;
  /** Trino: the catalog and the schema (joined into initialDatabase as `catalog/schema` when sent) */
  catalog?: string;
  schema?: string;
}

/** Trino's `catalog/schema` split into its two fields. */
export function splitCatalog(initialDatabase: string): { catalog: string; schema: string } {
  const [catalog = '', schema = ''] = initialDatabase.split('/');
  return { catalog, schema };
}

/**
 * Defaults of spec 02 §9 per type: SQL Server 1433 / sa, MySQL 3306 / root, Oracle 1521 with
 * service ORCL, Basic connection and role Default, PostgreSQL 5432 / postgres / database postgres.
 */
export function defaultConnection(type: SourceType): ConnectionFormValues {
  const d = connectionFormOf(type)?.defaults ?? { port: 0, userName: '', serverName: '', initialDatabase: '' };
  return {
    host: '',
    port: d.port || null,
    userName: d.userName,
    password: '',
    type: 'Basic',
    serverName: d.serverName,
    role: 'Default',
    initialDatabase: d.initialDatabase,
    ...(hasCatalog(type) ? splitCatalog(d.initialDatabase) : {}),
  };
}

/** localStorage key of the last connection settings of a type. */
export function rememberKey(type: SourceType): string {
  return `dataSource.lastConnection.${type}`;
}

const KINDS: readonly ConnectionKind[] = ['Basic', 'TNS'];
const ROLES: readonly OracleRole[] = ['Default', 'SYSDBA', 'SYSOPER'];

/** Keeps the last settings of a type locally, WITHOUT the password (spec 02 §9). */
export function rememberConnection(storage: StorageLike, type: SourceType, values: ConnectionFormValues): void {
  const { password: _password, ...rest } = values;
  try {
    storage.setItem(rememberKey(type), JSON.stringify(rest));
  } catch {
    // a full or unavailable storage only loses the convenience
  }
}

/** The type's defaults overlaid with the remembered settings (well-formed values only); the password is always empty. */
export function recallConnection(storage: StorageLike, type: SourceType): ConnectionFormValues {
  const values = defaultConnection(type);
  let stored: Record<string, unknown> = {};
  try {
    const raw = storage.getItem(rememberKey(type));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const text = (key: 'host' | 'userName' | 'serverName' | 'initialDatabase') => {
    const v = stored[key];
    if (typeof v === 'string') values[key] = v;
  };
  text('host');
  text('userName');
  text('serverName');
  text('initialDatabase');
  if (typeof stored.port === 'number' && Number.isInteger(stored.port) && stored.port > 0 && stored.port <= 65535) values.port = stored.port;
  if (isOracle(type)) {
    if (KINDS.includes(stored.type as ConnectionKind)) values.type = stored.type as ConnectionKind;
    if (ROLES.includes(stored.role as OracleRole)) values.role = stored.role as OracleRole;
  }
  if (hasCatalog(type)) Object.assign(values, splitCatalog(values.initialDatabase));
  values.password = '';
  return values;
}

/**
 * The request's `connection`: trimmed texts, the port (empty = the type's default), Oracle's
 * connection type / service / role, the initial database for the other types.
 */
export function toConnectionInput(type: SourceType, values: ConnectionFormValues): ConnectionInput {
  const oracle = isOracle(type);
  const tns = oracle && values.type === 'TNS';
  const input: ConnectionInput = {
    host: tns ? '' : values.host.trim(),
    port: values.port ?? defaultConnection(type).port ?? undefined,
    userName: values.userName.trim(),
    password: values.password,
    type: oracle ? values.type : 'Basic',
  };
  if (oracle) {
    input.serverName = values.serverName.trim();
    input.role = values.role;
  } else if (hasCatalog(type)) {
    const catalog = (values.catalog ?? '').trim();
    const schema = (values.schema ?? '').trim();
    input.initialDatabase = schema ? `${catalog}/${schema}` : catalog;
  } else {
    input.initialDatabase = values.initialDatabase.trim();
  }
  if (input.port === undefined) delete input.port;
  return input;
}

/** The form values of a stored connection (edit screen): the password stays empty ("keep the stored one"). */
export function fromConnection(type: SourceType, connection: Connection | null): ConnectionFormValues {
  const values = defaultConnection(type);
  if (!connection) return values;
  return {
    host: connection.host ?? '',
    port: connection.port || values.port,
    userName: connection.userName ?? '',
    password: '',
    type: connection.type === 'TNS' ? 'TNS' : 'Basic',
    serverName: connection.serverName ?? '',
    role: ROLES.includes(connection.role) ? connection.role : 'Default',
    initialDatabase: connection.initialDatabase ?? '',
    ...(hasCatalog(type) ? splitCatalog(connection.initialDatabase ?? '') : {}),
  };
}

/**
 * True when the stored password cannot be kept: it is only reused while host, port and
 * connection type stay the same (docs/api/data-source.md "Passwords").
 */
export function passwordRequired(type: SourceType, stored: Connection | null, values: Pick<ConnectionFormValues, 'host' | 'port' | 'type'>): boolean {
  if (!stored || !stored.hasPassword) return false;
  const port = values.port ?? defaultConnection(type).port;
  return values.host.trim() !== stored.host || port !== stored.port || (isOracle(type) ? values.type : 'Basic') !== stored.type;
}
