/**
 * The report-provider protocol, version 1: every shape on the wire as a zod schema (types inferred).
 * docs/providers.md explains each call; docs/providers.openapi.yaml is the same contract as OpenAPI 3.1.
 * Both sides parse with these: the client every answer, the reference provider every request.
 */
import { z } from 'zod';

/** The path every call lives under, after `http://{ip}:{port}`. */
export const PROTOCOL_BASE_PATH = '/bi-provider/v1';
/** The value of `protocol` in GET /info. */
export const PROTOCOL_VERSION = 'bi-provider/1';

/** Bounds both sides hold to (a provider may use smaller page sizes, never larger ones). */
export const LIMITS = {
  /** rows a page may carry (the `limit` query parameter's maximum) */
  maxPageRows: 10_000,
  /** the page size when `limit` is not given */
  defaultPageRows: 1_000,
  /** columns a page may carry */
  maxColumns: 500,
  /** a cursor's length */
  maxCursorLength: 1_024,
  /** targets in one indicator-values call */
  maxTargets: 200,
  /** days a date range may span (rows and indicator values) */
  maxRangeDays: 3_700,
  /** length of ids, type keys, names and display names */
  maxIdLength: 200,
  maxTextLength: 1_000,
} as const;

const id = z.string().min(1).max(LIMITS.maxIdLength);
const displayName = z.string().max(LIMITS.maxTextLength);

/** A calendar date, yyyy-MM-dd, that exists (2025-02-30 does not). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'a date that exists');

// ---- errors ----------------------------------------------------------------------------------

/** Every error code a provider answers, with its HTTP status. */
export const ERROR_STATUS = {
  /** no or a malformed Authorization header, unknown user, or a signature that does not match */
  unauthorized: 401,
  /** the request's timestamp is outside the replay window (±5 minutes of the provider's clock) */
  clock_skew: 401,
  /** the credentials are valid but may not use this call or program */
  forbidden: 403,
  /** no such call, program, condition project, date field or indicator node */
  not_found: 404,
  /** a parameter or body that does not match the protocol */
  invalid_request: 400,
  /** a date range that is malformed, reversed, or longer than the provider allows */
  invalid_range: 400,
  /** a cursor this provider did not issue for this query */
  invalid_cursor: 400,
  /** a cursor that was valid but is too old to resume; start again without a cursor */
  cursor_expired: 410,
  /** the provider does not offer this capability (e.g. indicators) */
  unsupported: 501,
  /** too many requests; retry later (Retry-After may say when) */
  rate_limited: 429,
  /** the provider failed; the message names no internals */
  internal: 500,
  /** the provider is up but its source system is not reachable right now */
  unavailable: 503,
} as const;
export type ProviderErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ProviderErrorCode[];

export const errorBody = z.object({
  error: z.object({ code: z.string().min(1).max(64), message: z.string().max(LIMITS.maxTextLength) }),
});
export type ErrorBody = z.infer<typeof errorBody>;

// ---- GET /info ---------------------------------------------------------------------------------

export const providerInfo = z.object({
  name: z.string().min(1).max(LIMITS.maxTextLength),
  protocol: z.literal(PROTOCOL_VERSION),
  /** the provider's own software version, free text */
  version: z.string().max(100).optional(),
  capabilities: z.object({ reports: z.boolean(), indicators: z.boolean() }),
  /** the largest `limit` the provider honours (≤ LIMITS.maxPageRows) */
  maxPageRows: z.number().int().min(1).max(LIMITS.maxPageRows).optional(),
});
export type ProviderInfo = z.infer<typeof providerInfo>;

// ---- reports ---------------------------------------------------------------------------------

export const program = z.object({ typeKey: id, displayName });
export type Program = z.infer<typeof program>;
export const programList = z.object({ programs: z.array(program).max(10_000) });
export type ProgramList = z.infer<typeof programList>;

export const conditionProject = z.object({ id, displayName });
export type ConditionProject = z.infer<typeof conditionProject>;
export const dateField = z.object({ name: id, displayName });
export type DateField = z.infer<typeof dateField>;

/** GET /programs/{typeKey}: the program with its condition projects and date fields. */
export const programDetail = program.extend({
  conditionProjects: z.array(conditionProject).max(10_000),
  /** empty: the program's rows have no date to filter on (the source stores dateConditionField null) */
  dateFields: z.array(dateField).max(1_000),
  /** a page of the ERP showing this report, opened in a new window; null when there is none */
  url: z.url().max(2_000).nullable().optional(),
});
export type ProgramDetail = z.infer<typeof programDetail>;

export const COLUMN_TYPES = ['text', 'whole', 'decimal', 'date', 'datetime'] as const;
export const columnType = z.enum(COLUMN_TYPES);
export type ColumnType = z.infer<typeof columnType>;
export const column = z.object({ name: id, displayName, type: columnType });
export type Column = z.infer<typeof column>;

/** One cell; null is a missing value in any column type. */
export const cell = z.union([z.string().max(100_000), z.number(), z.null()]);
export type Cell = z.infer<typeof cell>;

/** GET /programs/{typeKey}/rows: one page. */
export const rowsPage = z.object({
  columns: z.array(column).min(1).max(LIMITS.maxColumns),
  rows: z.array(z.array(cell)).max(LIMITS.maxPageRows),
  nextCursor: z.string().min(1).max(LIMITS.maxCursorLength).nullable(),
});
export type RowsPage = z.infer<typeof rowsPage>;

/** The query of GET /programs/{typeKey}/rows (all strings on the wire). */
export const rowsQuery = z
  .object({
    project: id.optional(),
    dateField: id.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    cursor: z.string().min(1).max(LIMITS.maxCursorLength).optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.maxPageRows).optional(),
  })
  .strict();
export type RowsQuery = z.infer<typeof rowsQuery>;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** Why a cell does not match its column's type, or null when it does. */
export function cellProblem(type: ColumnType, value: Cell): string | null {
  if (value === null) return null;
  switch (type) {
    case 'text':
      return typeof value === 'string' ? null : 'text must be a JSON string';
    case 'whole':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : 'whole must be a JSON integer';
    case 'decimal':
      if (typeof value === 'number') return Number.isFinite(value) ? null : 'decimal must be finite';
      // exact decimals may travel as strings, e.g. "12345.67"
      return /^-?\d{1,30}(\.\d{1,18})?$/.test(value) ? null : 'decimal must be a number or a decimal string';
    case 'date':
      return typeof value === 'string' && isoDate.safeParse(value).success ? null : 'date must be yyyy-MM-dd';
    case 'datetime':
      return typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'datetime must be ISO 8601 with a zone';
  }
}

/** The first problem of a page (row width, cell types), or null. */
export function pageProblem(page: RowsPage): string | null {
  const width = page.columns.length;
  const names = new Set(page.columns.map((c) => c.name));
  if (names.size !== width) return 'column names must be unique';
  for (let r = 0; r < page.rows.length; r++) {
    const row = page.rows[r]!;
    if (row.length !== width) return `row ${r} has ${row.length} cells, the page has ${width} columns`;
    for (let c = 0; c < width; c++) {
      const p = cellProblem(page.columns[c]!.type, row[c]!);
      if (p) return `row ${r}, column ${page.columns[c]!.name}: ${p} (got ${JSON.stringify(row[c])})`;
    }
  }
  return null;
}

// ---- indicators ------------------------------------------------------------------------------

/** type 1 a group (may have children), 2 a leaf target whose values can be fetched */
export const NODE_GROUP = 1;
export const NODE_TARGET = 2;

export const indicatorNode = z.object({
  id,
  text: displayName,
  /** the text of the node's top-level ancestor (its own text for a top-level node) */
  rootText: displayName,
  type: z.union([z.literal(NODE_GROUP), z.literal(NODE_TARGET)]),
  /** true when the node has children (fetch them with ?parent=id) */
  child: z.boolean(),
  /** true when a relation map can be generated for this target */
  relation: z.boolean(),
  /** the unit of the target's values, e.g. 元 or % (targets only) */
  unit: z.string().max(50).optional(),
});
export type IndicatorNode = z.infer<typeof indicatorNode>;
export const indicatorTree = z.object({ nodes: z.array(indicatorNode).max(10_000) });
export type IndicatorTree = z.infer<typeof indicatorTree>;

/** 1 day, 2 month, 3 quarter, 4 year */
export const periodDimension = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type PeriodDimension = z.infer<typeof periodDimension>;
/** 0 normal, 1 same period of the previous year, 2 the previous period (cycle) */
export const compareMode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type CompareMode = z.infer<typeof compareMode>;

/** POST /indicators/values: a single date (`date`) or a range (`from`, `to`), never both. */
export const indicatorValuesRequest = z
  .object({
    targets: z.array(id).min(1).max(LIMITS.maxTargets),
    date: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    periodDimension,
    compare: compareMode,
  })
  .strict()
  .refine((r) => (r.date !== undefined) !== (r.from !== undefined || r.to !== undefined), { message: 'either date, or from and to' })
  .refine((r) => r.date !== undefined || (r.from !== undefined && r.to !== undefined), { message: 'from and to together' });
export type IndicatorValuesRequest = z.infer<typeof indicatorValuesRequest>;

const numberOrNull = z.number().finite().nullable();

/**
 * One period of a target. `period` labels it: day 2025-03-14, month 2025-03, quarter 2025-Q1, year 2025;
 * `start`/`end` are its first and last day. With compare 1 or 2, `compareValue` is the value of the
 * same period a year earlier (1) or of the previous period (2), and `rate` = (value − compareValue) /
 * |compareValue| (null when either is null or compareValue is 0). With compare 0 both are absent.
 */
export const indicatorPoint = z.object({
  period: z.string().min(4).max(10),
  start: isoDate,
  end: isoDate,
  value: numberOrNull,
  compareValue: numberOrNull.optional(),
  rate: numberOrNull.optional(),
});
export type IndicatorPoint = z.infer<typeof indicatorPoint>;

export const indicatorSeries = z.union([
  z.object({ target: id, ok: z.literal(true), text: displayName, rootText: displayName, unit: z.string().max(50).optional(), points: z.array(indicatorPoint).max(LIMITS.maxRangeDays + 1) }),
  z.object({ target: id, ok: z.literal(false), error: errorBody.shape.error }),
]);
export type IndicatorSeries = z.infer<typeof indicatorSeries>;
export const indicatorValuesResponse = z.object({ series: z.array(indicatorSeries).max(LIMITS.maxTargets) });
export type IndicatorValuesResponse = z.infer<typeof indicatorValuesResponse>;

/** a node id in ?parent= */
export const treeQuery = z.object({ parent: id.optional() }).strict();
