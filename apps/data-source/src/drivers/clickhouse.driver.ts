import { randomUUID } from 'node:crypto';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { AppError } from '@bi/core';
import { CONNECT_TIMEOUT_MS, MAX_TABLES, POOL_SIZE, clip, driverErrors, messageOf, networkError, withCancelTimer, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo, tableInfos, urlHost } from './driver.js';
import { clickhouseDataType, clickhouseIsDateOnly, normalizeValue } from './values.js';

/** ClickHouse error codes (src/Common/ErrorCodes.cpp). */
const AUTH = new Set(['192', '193', '516']);
const UNKNOWN_DATABASE = '81';
const CANCELLED = new Set(['159', '394']);

/** HTTPS on ClickHouse's secure HTTP ports (8443, and 443 of ClickHouse Cloud), plain HTTP otherwise. */
export function clickhouseUrl(spec: Pick<ConnectionSpec, 'host' | 'port'>): string {
  return `${spec.port === 8443 || spec.port === 443 ? 'https' : 'http'}://${urlHost(spec.host)}:${spec.port}`;
}

interface JsonCompact {
  meta: { name: string; type: string }[];
  data: unknown[][];
}

/**
 * ClickHouse (type 12) through @clickhouse/client over its HTTP interface. Every statement runs with
 * readonly=2 (reads, and settings, no writes or DDL) and the bound values as typed query parameters
 * (the dialect's `{pN:Type}` markers); on timeout the request is aborted and the query killed on the
 * server by its query id (max_execution_time stops it there as well).
 */
export class ClickhouseDriver implements SourceDriver {
  readonly dialect = 'clickhouse' as const;
  private readonly client: ClickHouseClient;

  constructor(private readonly spec: ConnectionSpec) {
    this.client = createClient({
      url: clickhouseUrl(spec),
      username: spec.user,
      password: spec.password,
      database: spec.database || undefined,
      max_open_connections: POOL_SIZE,
      request_timeout: 300_000,
      application: 'bi-data-source',
      // the engine's text reaches the log once, through the service's error filter (ENGINE_TEXT)
      log: { level: ClickHouseLogLevel.OFF },
    });
  }

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = await this.run(
      `SELECT database, name, if(engine LIKE '%View', 'VIEW', 'TABLE') FROM system.tables
       WHERE NOT is_temporary AND (database = currentDatabase() OR (currentDatabase() = '' AND database NOT IN ('system', 'INFORMATION_SCHEMA', 'information_schema')))
       ORDER BY 1, 2 LIMIT {p1:Int64}`,
      [MAX_TABLES],
      options,
    );
    return tableInfos(r.rows);
  }

  async run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    const queryId = randomUUID();
    const abort = new AbortController();
    const query_params = Object.fromEntries(params.map((v, i) => [`p${i + 1}`, v]));
    const outcome = await withCancelTimer(
      options.timeoutMs,
      async () => {
        abort.abort();
        await this.client.command({ query: 'KILL QUERY WHERE query_id = {id:String} ASYNC', query_params: { id: queryId } });
      },
      async () => {
        const rs = await this.client.query({
          query: sql,
          format: 'JSONCompact',
          query_params,
          query_id: queryId,
          abort_signal: abort.signal,
          clickhouse_settings: {
            readonly: '2',
            max_execution_time: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
            max_result_rows: String(options.maxRows),
            result_overflow_mode: 'break',
            connect_timeout: Math.ceil(CONNECT_TIMEOUT_MS / 1000),
          },
        });
        return (await rs.json()) as unknown as JsonCompact;
      },
    );
    if (outcome.cancelled) throw driverErrors.timeout(options.timeoutMs);
    if (outcome.error) throw this.error(outcome.error, options);
    const { meta, data } = outcome.value!;
    const columns = meta.map((m) => ({ name: m.name, dataType: clickhouseDataType(m.type), nativeType: m.type, dateOnly: clickhouseIsDateOnly(m.type) }));
    const rows = data.slice(0, options.maxRows).map((row) => row.map((v, i) => normalizeValue(v, columns[i].dataType, { dateOnly: columns[i].dateOnly })));
    return { columns: columns.map(({ name, dataType, nativeType }) => ({ name, dataType, nativeType })), rows };
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }

  private error(e: unknown, options: RunOptions): AppError {
    if (e instanceof AppError) return e;
    const code = String((e as { code?: unknown }).code ?? '');
    if (AUTH.has(code)) return driverErrors.auth();
    if (code === UNKNOWN_DATABASE) return driverErrors.databaseMissing(this.spec.database);
    if (CANCELLED.has(code)) return driverErrors.timeout(options.timeoutMs);
    const network = networkError(e, this.spec);
    if (network) return network;
    return driverErrors.query(clip(messageOf(e)));
  }
}
