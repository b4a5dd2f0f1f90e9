/**
 * ERP report sources (type 4, docs/adr/0015-erp-report-sources.md): a report program's rows read over the
 * report provider protocol (docs/providers.md, @bi/provider-protocol) for the date range of the source's
 * period settings, typed columns mapped to the analytics store's types. Every request goes through the
 * outbound targets policy (@bi/outbound outboundFetch as the client's fetchImpl).
 */
import { AppError, type MessageKey } from '@bi/core';
import { outboundFetch, type OutboundPolicy } from '@bi/outbound';
import { ProviderClient, ProviderError, providerBaseUrl, type Cell, type Column, type RowsQuery } from '@bi/provider-protocol';
import { NaiveDate, type ColumnType } from '../uploads/cells.js';
import type { StoreValue } from '../uploads/store-writer.js';
import type { Connector, ConnectorField, ConnectorRead } from './connector.js';

/** What the provider of an ERP account is reached with. */
export interface ErpAccountAddress {
  /** the account's id when it came from the accounts store ('' when given inline) */
  id: string;
  ip: string;
  port: number;
  userName: string;
  password: string;
}

/**
 * How the `account` of a request (spec 02 §5: an account object, or an account's id) becomes an address.
 * The accounts store (`/api/e10account/*`) binds its own implementation; `InlineErpAccountResolver` reads
 * the address from the request itself.
 */
export interface ErpAccountResolver {
  resolve(account: unknown): Promise<ErpAccountAddress>;
}

/**
 * The temporary resolver until the accounts store is bound: the account's fields as the request sends
 * them ({id?, ip, port, userName, identity | password}). An id alone is refused (no store to look it up in).
 */
export class InlineErpAccountResolver implements ErpAccountResolver {
  resolve(account: unknown): Promise<ErpAccountAddress> {
    if (!account || typeof account !== 'object') return Promise.reject(new AppError('invalid', 'e10.account_required'));
    const a = account as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
    const port = Number(a.port);
    const address = { id: text(a.id), ip: text(a.ip), port, userName: text(a.userName), password: typeof a.identity === 'string' ? a.identity : typeof a.password === 'string' ? a.password : '' };
    if (!address.ip || !Number.isInteger(port) || port < 1 || port > 65535 || !address.userName || !address.password) return Promise.reject(new AppError('invalid', 'e10.account_invalid'));
    return Promise.resolve(address);
  }
}

/** The provider client of an account, its requests through the outbound policy. */
export function providerClient(account: ErpAccountAddress, policy: OutboundPolicy, timeoutMs?: number): ProviderClient {
  return new ProviderClient({
    baseUrl: providerBaseUrl(account.ip, account.port),
    user: account.userName,
    password: account.password,
    fetchImpl: outboundFetch(policy),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

const PROVIDER_MESSAGES: Record<string, [AppError['kind'], MessageKey]> = {
  unauthorized: ['invalid', 'e10.provider_unauthorized'],
  clock_skew: ['invalid', 'e10.provider_clock_skew'],
  forbidden: ['forbidden', 'e10.provider_forbidden'],
  not_found: ['not_found', 'e10.provider_not_found'],
  invalid_request: ['invalid', 'e10.provider_invalid'],
  invalid_range: ['invalid', 'e10.provider_invalid'],
  invalid_cursor: ['unavailable', 'e10.provider_bad_response'],
  cursor_expired: ['unavailable', 'e10.provider_busy'],
  unsupported: ['invalid', 'e10.provider_not_found'],
  rate_limited: ['throttled', 'e10.provider_busy'],
  internal: ['unavailable', 'e10.provider_unavailable'],
  unavailable: ['unavailable', 'e10.provider_unavailable'],
  unreachable: ['unavailable', 'e10.provider_unreachable'],
  timeout: ['unavailable', 'e10.provider_timeout'],
  response_too_large: ['unavailable', 'e10.provider_too_large'],
  bad_response: ['unavailable', 'e10.provider_bad_response'],
  target_not_allowed: ['forbidden', 'e10.target_not_allowed'],
};

/** A provider's failure as the user's message (never the provider's own text); other errors pass. */
export function providerFailure(e: unknown, maxRows?: number): unknown {
  if (!(e instanceof ProviderError)) return e;
  if (e.code === 'too_many_rows') return new AppError('invalid', 'e10.too_many_rows', { max: maxRows ?? 0 });
  const [kind, key] = PROVIDER_MESSAGES[e.code] ?? (['unavailable', 'e10.provider_bad_response'] as const);
  return new AppError(kind, key);
}

/** A provider call whose failure becomes the user's message. */
export async function callProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw providerFailure(e);
  }
}

/** 1 day, 2 month (spec 02 §5 periodDimension). */
export type ReportPeriodDimension = 1 | 2;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The range a source reads: the last `periodNumber` days (dimension 1) or months (2, from the first day
 * of the month periodNumber − 1 months back) up to and including today.
 */
export function reportRange(periodNumber: number, periodDimension: ReportPeriodDimension, today: string): { from: string; to: string } {
  const n = Math.max(1, Math.floor(periodNumber) || 1);
  const [y, m, d] = today.split('-').map(Number);
  if (periodDimension === 2) {
    const start = new Date(Date.UTC(y, m - 1 - (n - 1), 1));
    return { from: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-01`, to: today };
  }
  const start = new Date(Date.UTC(y, m - 1, d - (n - 1)));
  return { from: start.toISOString().slice(0, 10), to: today };
}

/** The settings of an ERP report source that decide which rows it reads. */
export interface ErpReportSettings {
  programId: string;
  conditionProjectId: string;
  /** null: the program's rows are not filtered by date */
  dateConditionField: string | null;
  periodNumber: number;
  periodDimension: ReportPeriodDimension;
}

/** The rows query of the settings on `today`. */
export function reportQuery(s: ErpReportSettings, today: string): Omit<RowsQuery, 'cursor'> {
  return { project: s.conditionProjectId, ...(s.dateConditionField ? { dateField: s.dateConditionField, ...reportRange(s.periodNumber, s.periodDimension, today) } : {}) };
}

const STORE_TYPE: Record<Column['type'], ColumnType> = { text: 'string', whole: 'number', decimal: 'number', date: 'date', datetime: 'date' };

/** A column name usable as a store column: the provider's id when it is a plain name. */
const STORE_NAME = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]{0,62}$/;

/** The offset (ms) of a time zone at an instant. */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(at / 1000) * 1000;
}

/** A cell as a store value of its column's type; a datetime becomes the wall-clock time in the product's time zone. */
export function storeCell(type: Column['type'], v: Cell, timeZone: string): StoreValue {
  if (v === null) return null;
  switch (type) {
    case 'text':
      return String(v);
    case 'whole':
    case 'decimal':
      return typeof v === 'number' ? v : Number(v);
    case 'date':
      return new NaiveDate(Date.parse(`${String(v)}T00:00:00Z`), false);
    case 'datetime': {
      const at = Date.parse(String(v));
      return new NaiveDate(at + zoneOffsetMs(timeZone, at), true);
    }
  }
}

/** The store fields of a program's columns. */
export function reportFields(columns: readonly Column[]): ConnectorField[] {
  return columns.map((c) => {
    if (!STORE_NAME.test(c.name)) throw new AppError('invalid', 'e10.column_invalid', { name: c.name.slice(0, 63) });
    return { name: c.name, type: STORE_TYPE[c.type] };
  });
}

/**
 * The connector of an ERP report source: the first page is read when the connector is made (it names the
 * columns), the others as the store takes each page. Stops at maxRows with its own message.
 */
export class ErpReportConnector implements Connector {
  readonly kind = 'erp-report';
  readonly fields: readonly ConnectorField[];
  readonly titles: Readonly<Record<string, string>>;

  private constructor(
    private readonly client: ProviderClient,
    private readonly settings: ErpReportSettings,
    private readonly query: Omit<RowsQuery, 'cursor'>,
    private readonly first: { columns: Column[]; rows: Cell[][]; nextCursor: string | null },
    private readonly timeZone: string,
  ) {
    this.fields = reportFields(first.columns);
    this.titles = Object.fromEntries(first.columns.map((c) => [c.name, c.displayName]));
  }

  /** Opens the read on `today` (yyyy-MM-dd in the product's time zone): the first page asked for. */
  static async open(client: ProviderClient, settings: ErpReportSettings, today: string, timeZone: string): Promise<ErpReportConnector> {
    const query = reportQuery(settings, today);
    const first = await callProvider(() => client.rows(settings.programId, query));
    return new ErpReportConnector(client, settings, query, first, timeZone);
  }

  get columns(): readonly Column[] {
    return this.first.columns;
  }

  private toStore(rows: Cell[][]): StoreValue[][] {
    const types = this.first.columns.map((c) => c.type);
    return rows.map((r) => types.map((t, i) => storeCell(t, r[i] ?? null, this.timeZone)));
  }

  async *rows(read: ConnectorRead): AsyncIterable<StoreValue[][]> {
    let page = this.first;
    let count = 0;
    const seen = new Set<string>();
    for (;;) {
      count += page.rows.length;
      if (count > read.maxRows) throw this.tooManyRows(read.maxRows);
      yield this.toStore(page.rows);
      if (page.nextCursor === null) return;
      if (read.signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
      if (seen.has(page.nextCursor)) throw new AppError('unavailable', 'e10.provider_bad_response');
      seen.add(page.nextCursor);
      const cursor = page.nextCursor;
      const next = await callProvider(() => this.client.rows(this.settings.programId, { ...this.query, cursor }));
      if (JSON.stringify(next.columns) !== JSON.stringify(this.first.columns)) throw new AppError('unavailable', 'e10.provider_bad_response');
      page = next;
    }
  }

  tooManyRows(max: number): Error {
    return new AppError('invalid', 'e10.too_many_rows', { max });
  }
}
