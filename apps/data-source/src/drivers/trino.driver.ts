import { BasicAuth, Trino, type QueryResult } from 'trino-client';
import { AppError } from '@bi/core';
import type { FieldDataType } from '@bi/rules';
import { MAX_TABLES, clip, driverErrors, messageOf, networkError, withCancelTimer, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo, tableInfos, urlHost } from './driver.js';
import { normalizeValue } from './values.js';

/**
 * Trino (type 11; docs/adr/0028-trino-source-and-federation.md) over its HTTP protocol with trino-client.
 * The source's initial database is `catalog[/schema]` (a Trino JDBC URL's path); a source with a password
 * is reached over HTTPS (Trino takes passwords only there), one without over HTTP with the user alone.
 * Values: Trino's protocol binds none, so a statement with values goes as
 * `EXECUTE IMMEDIATE '<statement>' USING <literal>, …`, each value written as a typed literal here
 * (as Trino's JDBC driver does): the statement text itself never holds a value.
 * Timeout: the query is cancelled on the server (DELETE /v1/query/{id}) when options.timeoutMs passes;
 * query_max_run_time is set a little later as a server-side backstop.
 */
export class TrinoDriver implements SourceDriver {
  readonly dialect = 'trino' as const;
  readonly catalog: string;
  readonly schema: string | undefined;
  private readonly client: Trino;

  constructor(private readonly spec: ConnectionSpec) {
    const { catalog, schema } = parseCatalogPath(spec.database);
    this.catalog = catalog;
    this.schema = schema;
    const secure = spec.password !== '';
    this.client = Trino.create({
      server: `${secure ? 'https' : 'http'}://${urlHost(spec.host)}:${spec.port}`,
      source: 'bi-data-source',
      catalog: catalog || undefined,
      schema,
      // every request names the user (the cancel's DELETE as well; trino-client's default is $USER)
      extraHeaders: { 'X-Trino-User': spec.user },
      ...(secure ? { auth: new BasicAuth(spec.user, spec.password) } : {}),
    });
  }

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = this.schema
      ? await this.run('SELECT table_schema, table_name, table_type FROM information_schema.tables WHERE table_schema = ? ORDER BY 1, 2 LIMIT ?', [this.schema, MAX_TABLES], options)
      : await this.run("SELECT table_schema, table_name, table_type FROM information_schema.tables WHERE table_schema <> 'information_schema' ORDER BY 1, 2 LIMIT ?", [MAX_TABLES], options);
    return tableInfos(r.rows);
  }

  async run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    const text = params.length ? `EXECUTE IMMEDIATE ${stringLiteral(sql)} USING ${params.map(trinoLiteral).join(', ')}` : sql;
    let queryId: string | undefined;
    let cancelRequested = false;
    // the timeout may pass before the server has named the query: it is then cancelled as soon as it is named
    const cancel = async () => {
      cancelRequested = true;
      if (queryId) await this.client.cancel(queryId);
    };
    const outcome = await withCancelTimer(options.timeoutMs, cancel, async () => {
      const iterator = await this.client.query({
        query: text,
        user: this.spec.user,
        catalog: this.catalog || undefined,
        schema: this.schema,
        session: { query_max_run_time: `${Math.ceil(options.timeoutMs / 1000) + 5}s` },
      });
      // trino-client's iterator reads on until a page has rows; the query's id comes with the first answer (the POST),
      // which the iterator holds before its first read (trino-client 0.2.x): known at once, so a timeout can cancel it
      queryId = firstAnswerOf(iterator)?.id ?? queryId;
      if (queryId && cancelRequested) await this.client.cancel(queryId).catch(() => undefined);
      let columns: { name: string; type: string }[] | undefined;
      const rows: unknown[][] = [];
      for await (const page of iterator as AsyncIterable<QueryResult>) {
        if (queryId === undefined) {
          queryId = page.id;
          if (cancelRequested) await this.client.cancel(queryId).catch(() => undefined);
        }
        if (page.error) throw new TrinoQueryError(page.error.errorName, page.error.message);
        columns ??= page.columns;
        if (page.data) for (const row of page.data) rows.push(row);
        if (rows.length > options.maxRows) {
          // enough rows: the rest is not read, and the query does not go on running on the server
          await this.client.cancel(page.id).catch(() => undefined);
          break;
        }
      }
      return { columns: columns ?? [], rows };
    });
    if (outcome.cancelled) throw driverErrors.timeout(options.timeoutMs);
    if (outcome.error) throw this.queryError(outcome.error, options);
    const { columns, rows } = outcome.value!;
    const typed = columns.map((c) => ({ name: c.name, dataType: trinoDataType(c.type), nativeType: c.type, dateOnly: c.type === 'date' }));
    return {
      columns: typed.map(({ name, dataType, nativeType }) => ({ name, dataType, nativeType })),
      rows: rows.slice(0, options.maxRows).map((row) => row.map((v, i) => normalizeValue(v, typed[i].dataType, { dateOnly: typed[i].dateOnly }))),
    };
  }

  async close(): Promise<void> {
    // HTTP without a session: nothing to close
  }

  private queryError(e: unknown, options: RunOptions): AppError {
    if (e instanceof AppError) return e;
    if (e instanceof TrinoQueryError) {
      if (e.errorName === 'USER_CANCELED' || e.errorName === 'EXCEEDED_TIME_LIMIT') return driverErrors.timeout(options.timeoutMs);
      if (e.errorName === 'CATALOG_NOT_FOUND' || e.errorName === 'SCHEMA_NOT_FOUND') return driverErrors.databaseMissing(this.spec.database);
      return driverErrors.query(clip(e.message));
    }
    const status = (e as { response?: { status?: number } }).response?.status;
    if (status === 401 || status === 403) return driverErrors.auth();
    return networkError(e, this.spec) ?? driverErrors.connect(messageOf(e));
  }
}

class TrinoQueryError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
  }
}

/** The POST's answer (id, first nextUri) inside trino-client's Iterator before its first read; undefined if the library changes its shape. */
function firstAnswerOf(iterator: unknown): QueryResult | undefined {
  const answer = (iterator as { iter?: { queryResult?: QueryResult } } | undefined)?.iter?.queryResult;
  return answer && typeof answer.id === 'string' ? answer : undefined;
}

const NAME = /^[A-Za-z0-9_-]{1,128}$/;

/** `catalog[/schema]` of a Trino source's initial database; each part letters, digits, `_`, `-`. */
export function parseCatalogPath(path: string): { catalog: string; schema: string | undefined } {
  const [catalog = '', schema, ...rest] = path.trim().split('/');
  if (rest.length || (catalog && !NAME.test(catalog)) || (schema !== undefined && schema !== '' && !NAME.test(schema))) throw new AppError('invalid', 'connection.catalog_invalid');
  return { catalog, schema: schema || undefined };
}

/** Trino type names (`varchar(25)`, `decimal(12,2)`, `timestamp(3) with time zone`) as field types. */
export function trinoDataType(type: string): FieldDataType {
  const base = type.toLowerCase().replace(/\(.*$/, '').trim();
  if (['tinyint', 'smallint', 'integer', 'bigint', 'real', 'double', 'decimal'].includes(base)) return 'number';
  if (base === 'date' || base.startsWith('timestamp')) return 'date';
  return 'string';
}

/** A string as a Trino string literal: quotes doubled (Trino's literals have no backslash escapes). */
export function stringLiteral(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

const s0 = (v: number) => String(v);

/** One bound value as a typed Trino literal for EXECUTE … USING. */
export function trinoLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw driverErrors.query(`not a finite number: ${s0(v)}`);
    const s = String(v);
    // 1e+21 and 1e-7 are written as DOUBLE; others as integer or decimal literals
    return /e/i.test(s) ? `DOUBLE ${stringLiteral(s)}` : s;
  }
  if (v instanceof Date) return stringLiteral(v.toISOString().replace('T', ' ').replace('Z', ''));
  return stringLiteral(String(v));
}
