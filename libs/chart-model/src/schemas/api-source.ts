/**
 * The settings of an HTTP API source (docs/api/data-source.md "HTTP API sources", docs/adr/0014-http-api-source.md):
 * the one wire shape the BFF parses a request body with and the data-source service parses the gRPC
 * JSON with again. Bounded: URL, headers, query parameters, body, column count, page cap, timeout.
 * Secret values (a password, a token, an HMAC secret, a header marked secret) travel only from the
 * web to the service; an answer carries `secretSet` instead (never the value).
 */
import { z } from 'zod';
import { JSON_PATH_PATTERN } from './text-rules.js';
import { storableText } from './text.js';

export const API_SOURCE_LIMITS = {
  urlChars: 2000,
  headers: 30,
  queryParams: 50,
  nameChars: 200,
  valueChars: 4000,
  bodyChars: 64_000,
  pathChars: 200,
  columns: 500,
  /** pages one read may fetch (the row cap is BI_UPLOAD_MAX_ROWS besides) */
  maxPages: 100_000,
  defaultMaxPages: 10_000,
  pageSize: 10_000,
  timeoutSec: 120,
  defaultTimeoutSec: 30,
  /** rows a preview shows */
  previewRows: 100,
} as const;

export const API_METHODS = ['GET', 'POST'] as const;
export const API_AUTH_KINDS = ['none', 'basic', 'bearer', 'hmac'] as const;
export const API_PAGING_MODES = ['none', 'page', 'offset', 'cursor', 'link'] as const;
/** The column types of an API source: text, whole numbers, decimals, dates, date-times. */
export const API_COLUMN_TYPES = ['text', 'whole', 'decimal', 'date', 'datetime'] as const;
export const API_SYNC_MODES = ['full', 'incremental'] as const;
export type ApiColumnType = (typeof API_COLUMN_TYPES)[number];

/** A field of a row: dotted names relative to the row (`customer.name`). */
const FIELD_PATH = /^[^.\s][^\u0000]{0,199}$/;

const name = storableText(API_SOURCE_LIMITS.nameChars, 1);
const value = storableText(API_SOURCE_LIMITS.valueChars);
const jsonPath = storableText(API_SOURCE_LIMITS.pathChars).refine((p) => JSON_PATH_PATTERN.test(p), { message: "a JSON path such as $.data.items[*] ($, .name, ['name'], [n], [*])" });

export const apiHeaderSchema = z.object({ name: name.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'a header name'), value, secret: z.boolean().default(false), secretSet: z.boolean().optional() });
export const apiParamSchema = z.object({ name, value });

export const apiAuthSchema = z.object({
  kind: z.enum(API_AUTH_KINDS).default('none'),
  /** basic: the user name; hmac: the key id */
  user: storableText(API_SOURCE_LIMITS.nameChars).default(''),
  /** basic: the password; bearer: the token; hmac: the secret. Empty on an edit: the stored one is kept. */
  secret: storableText(API_SOURCE_LIMITS.valueChars).default(''),
  /** in answers only: a secret is stored */
  secretSet: z.boolean().optional(),
});

export const apiPagingSchema = z.object({
  mode: z.enum(API_PAGING_MODES).default('none'),
  /** where the paging parameters go: the query string, or the JSON body (POST) */
  in: z.enum(['query', 'body']).default('query'),
  /** page: the page number's parameter; offset: the offset's; cursor: the cursor's */
  param: storableText(API_SOURCE_LIMITS.nameChars).default(''),
  /** page / offset: the page size's parameter (empty: not sent) */
  sizeParam: storableText(API_SOURCE_LIMITS.nameChars).default(''),
  size: z.number().int().min(1).max(API_SOURCE_LIMITS.pageSize).default(100),
  /** page: the first page's number (0 or 1) */
  start: z.number().int().min(0).max(1).default(1),
  /** cursor: where the next cursor is in an answer ($.next) */
  cursorPath: jsonPath.default('$.next'),
  maxPages: z.number().int().min(1).max(API_SOURCE_LIMITS.maxPages).default(API_SOURCE_LIMITS.defaultMaxPages),
});

export const apiColumnSchema = z.object({
  /** the field of a row it reads (dotted for nested objects) */
  path: storableText(API_SOURCE_LIMITS.pathChars, 1).refine((p) => FIELD_PATH.test(p), { message: 'a field name' }),
  /** the store column's name */
  name: storableText(63, 1),
  type: z.enum(API_COLUMN_TYPES),
});

export const apiSyncSchema = z.object({
  mode: z.enum(API_SYNC_MODES).default('full'),
  /** incremental: the column (by its path) whose largest value is kept as the watermark */
  watermark: storableText(API_SOURCE_LIMITS.pathChars).default(''),
});

/** The request settings (step 1 of the wizard): enough to preview. */
export const apiRequestSchema = z.object({
  url: storableText(API_SOURCE_LIMITS.urlChars, 1),
  method: z.enum(API_METHODS).default('GET'),
  headers: z.array(apiHeaderSchema).max(API_SOURCE_LIMITS.headers).default([]),
  query: z.array(apiParamSchema).max(API_SOURCE_LIMITS.queryParams).default([]),
  /** POST: the body (JSON text; date variables are replaced in it) */
  body: storableText(API_SOURCE_LIMITS.bodyChars).default(''),
  auth: apiAuthSchema.default({ kind: 'none', user: '', secret: '' }),
  rowsPath: jsonPath.default('$'),
  paging: apiPagingSchema.default({ mode: 'none', in: 'query', param: '', sizeParam: '', size: 100, start: 1, cursorPath: '$.next', maxPages: API_SOURCE_LIMITS.defaultMaxPages }),
  timeoutSec: z.number().int().min(1).max(API_SOURCE_LIMITS.timeoutSec).default(API_SOURCE_LIMITS.defaultTimeoutSec),
  sync: apiSyncSchema.default({ mode: 'full', watermark: '' }),
});

/** A whole source's settings: the request and the typed columns (step 2). */
export const apiSettingsSchema = apiRequestSchema.extend({
  columns: z.array(apiColumnSchema).max(API_SOURCE_LIMITS.columns).default([]),
});

/** POST /api/data_source/api/preview */
export const apiPreviewBodySchema = z.object({ settings: apiRequestSchema, dataSourceId: storableText(64).default('') });
/** POST /api/data_source/api/{projectId} */
export const apiCreateBodySchema = z.object({ name: storableText(API_SOURCE_LIMITS.nameChars, 1), settings: apiSettingsSchema });
/** PUT /api/data_source/api/{id} */
export const apiUpdateBodySchema = z.object({ settings: apiSettingsSchema });

export type ApiRequestSettings = z.infer<typeof apiRequestSchema>;
export type ApiSettings = z.infer<typeof apiSettingsSchema>;
export type ApiColumn = z.infer<typeof apiColumnSchema>;
export type ApiPaging = z.infer<typeof apiPagingSchema>;
