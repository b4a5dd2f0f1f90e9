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

/** The ERP report source payload of spec 02 §5 (preview and save). */
export const erpReportPayload = z
  .object({
    dataSourceId: z.string().max(64).optional(),
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

/** The ERP report connection string: e10report://ip:port/account/program/project/date — split on '/': 4 program, 5 condition project, 6 date field or null. */
export function erpConnectionString(s: { ip: string; port: number; accountId: string; programId: string; conditionProjectId: string; dateConditionField: string | null }): string {
  const host = s.ip.includes(':') ? `[${s.ip}]` : s.ip;
  const part = (v: string) => encodeURIComponent(v);
  return `e10report://${host}:${s.port}/${part(s.accountId || '-')}/${part(s.programId)}/${part(s.conditionProjectId)}/${s.dateConditionField ? part(s.dateConditionField) : 'null'}`;
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
