import { z } from 'zod';

/**
 * The wire shapes of ERP report sources (spec 02 §5, docs/api/data-source.md "ERP report sources"),
 * checked by the BFF at the edge and by the data-source service when its JSON arrives.
 */

const id = z.string().trim().min(1).max(200);

/**
 * The ERP account of a request: an account's id (resolved through the accounts store) or the account's
 * fields ({id?, name?, ip, port, userName, identity}); identity is its password.
 */
export const erpAccountRef = z.union([
  z.string().trim().min(1).max(64),
  z
    .object({
      id: z.union([z.string().max(64), z.number()]).optional(),
      name: z.string().max(200).optional(),
      ip: z.string().trim().max(255).default(''),
      port: z.coerce.number().int().min(0).max(65535).default(0),
      userName: z.string().trim().max(200).default(''),
      identity: z.string().max(500).optional(),
      password: z.string().max(500).optional(),
      isPrimary: z.boolean().optional(),
      isSelected: z.boolean().optional(),
    })
    .strip(),
]);
export type ErpAccountRef = z.infer<typeof erpAccountRef>;

/** POST /api/data_source/e10_grid_report_list and POST /api/data_source/{hash}/{programId}: the account. */
export const erpAccountBody = z.object({ account: erpAccountRef.optional() }).passthrough();

/**
 * The kinds of source on a report program of an ERP account (docs/adr/0017-sbep-and-e10-sources.md), by
 * type code: the ERP report (4, its wizard), the SBEP source (6, its edit screen) and the second-generation
 * ERP source (10, its one-page form). Each is a synced copy of the program's rows through the same
 * connector; the connection string's scheme names the kind.
 */
export const ERP_SOURCE_SCHEMES = { 4: 'e10report', 6: 'sbep', 10: 'e10' } as const;
export type ErpSourceType = keyof typeof ERP_SOURCE_SCHEMES;
export const ERP_SOURCE_TYPES = Object.keys(ERP_SOURCE_SCHEMES).map(Number) as ErpSourceType[];
export function isErpSourceType(t: unknown): t is ErpSourceType {
  return (ERP_SOURCE_TYPES as unknown[]).includes(t);
}

/** The ERP report source payload of spec 02 §5 (preview and save). */
export const erpReportPayload = z
  .object({
    dataSourceId: z.string().max(64).optional(),
    /** the kind of a new source (4 ERP report, 6 SBEP, 10 second-generation ERP); an edit keeps the stored one */
    type: z.union([z.literal(4), z.literal(6), z.literal(10)]).default(4),
    name: z.string().trim().max(200).default(''),
    description: z.string().max(2000).default(''),
    programId: z.string().trim().max(200).default(''),
    conditionProjectId: z.string().trim().max(200).default(''),
    /** '' or the text null: no date condition */
    dateConditionField: z.union([z.string().trim().max(200), z.null()]).default(null),
    periodNumber: z.union([z.coerce.number().int().min(1).max(3660), z.null()]).default(1),
    periodDimension: z.union([z.literal(1), z.literal(2)]).default(1),
    cacheInterval: z.union([z.coerce.number().int().min(0).max(525_600), z.null()]).default(0),
    account: erpAccountRef.optional(),
    projectId: z.string().max(64).default(''),
    status: z.enum(['create', 'edit']).default('create'),
    /**
     * The SBEP edit screen: the connection string as typed (sbep://ip:port/account/program/project/date|null);
     * when given, program, condition project and date field are read from it, and its account segment names the account.
     */
    connection: z.string().max(2000).optional(),
    /** update_e10_projs: the settings changed (all when absent) */
    updateItems: z.array(z.string().max(64)).max(20).optional(),
  })
  .strip();
export type ErpReportPayload = z.infer<typeof erpReportPayload>;

/** A program id of the path: the provider's id text. */
export const erpProgramId = id;

/** The date field of a payload: null for none ('' and the text null mean none). */
export function erpDateField(v: string | null | undefined): string | null {
  return v && v !== 'null' ? v : null;
}

/**
 * The ERP report connection string: e10report://ip:port/account/program/project/date — split on '/': 4 program,
 * 5 condition project, 6 date field or null. SBEP sources write sbep://…, second-generation ERP sources e10://….
 */
export function erpConnectionString(
  s: { ip: string; port: number; accountId: string; programId: string; conditionProjectId: string; dateConditionField: string | null },
  type: ErpSourceType = 4,
): string {
  const host = s.ip.includes(':') ? `[${s.ip}]` : s.ip;
  const part = (v: string) => encodeURIComponent(v);
  return `${ERP_SOURCE_SCHEMES[type]}://${host}:${s.port}/${part(s.accountId || '-')}/${part(s.programId)}/${part(s.conditionProjectId)}/${s.dateConditionField ? part(s.dateConditionField) : 'null'}`;
}

/**
 * A connection string typed on the SBEP edit screen, checked: the kind's scheme, `host:port`, the account,
 * program and condition project, the date field or null (7 segments split on '/'); null when malformed.
 */
export function parseErpConnection(text: string, type: ErpSourceType): { host: string; port: number; accountId: string; programId: string; conditionProjectId: string; dateConditionField: string | null } | null {
  const t = text.trim();
  const scheme = `${ERP_SOURCE_SCHEMES[type]}://`;
  if (!t.startsWith(scheme) || t.length > 2000) return null;
  const parts = t.split('/');
  if (parts.length !== 7 || parts.slice(2).some((p) => p === '')) return null;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(parts[2]!);
  const port = m ? Number(m[2]) : 0;
  if (!m || port < 1 || port > 65535) return null;
  const { programId, conditionProjectId, dateConditionField } = splitErpConnection(t);
  if (!programId || !conditionProjectId) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port, accountId: erpConnectionAccount(t), programId, conditionProjectId, dateConditionField };
}

/** The account segment (3) of an ERP report connection string: the stored account's id, '-' for none. */
export function erpConnectionAccount(connection: string): string {
  const v = connection.split('/')[3] ?? '';
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** The parts of an ERP report connection string (the edit screen's split). */
export function splitErpConnection(connection: string): { programId: string; conditionProjectId: string; dateConditionField: string | null } {
  const parts = connection.split('/');
  const dec = (v: string | undefined) => {
    try {
      return decodeURIComponent(v ?? '');
    } catch {
      return v ?? '';
    }
  };
  return { programId: dec(parts[4]), conditionProjectId: dec(parts[5]), dateConditionField: parts[6] === undefined || parts[6] === 'null' ? null : dec(parts[6]) };
}
