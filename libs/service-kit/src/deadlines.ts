import type { AppConfig } from '@bi/config';

/**
 * The one deadline policy of every gRPC call (docs/adr/0011-grpc-client-factory.md): each kind of
 * call has a named deadline, derived once from the configuration. A call past its deadline fails as
 * `service.unavailable` (callService). The database cancels a statement after
 * `BI_QUERY_TIMEOUT_SECONDS` (dataSources.queryTimeoutSeconds); a call that runs statements waits a
 * little longer than they may take, so the caller sees the database's own answer.
 */
export interface Deadlines {
  /** a short call (a read, a write of one record): 15 s */
  readonly default: number;
  /** a health check (BFF readiness, the container health check): 4 s */
  readonly health: number;
  /** the readiness poll of a process being started (distributed mode): 2 s */
  readonly probe: number;
  /** one statement run by data-source for chart-query (RunQuery): query timeout + 15 s */
  readonly query: number;
  /** the values of an alert's chart (warning → chart-query ChartValues, one statement behind it): query timeout + 20 s */
  readonly values: number;
  /** a chart from the BFF (up to three statements, each cancelled after the query timeout), a join preview or save: 2 × query timeout + 30 s */
  readonly chart: number;
  /** a source's probe, creation, update, field update, preview and export from the BFF: 3 × query timeout + 30 s */
  readonly source: number;
  /** the removal of an uploaded source's field (rewrites its stored table): 60 s */
  readonly fieldRemoval: number;
  /** the deletion of rows of an uploaded source by key: 120 s */
  readonly rowDeletion: number;
  /** an upload of 40 MB on a slow link (client-streaming UploadChunks): 10 min */
  readonly upload: number;
  /** the import of a large sheet: 30 min */
  readonly import: number;
}

export type DeadlineName = keyof Deadlines;

/** The deadline of a call given none (Deadlines.default). */
export const DEFAULT_DEADLINE_MS = 15_000;

/** The deadlines that do not depend on the configuration (for a caller that has none: a health probe). */
export const FIXED_DEADLINES = Object.freeze({
  default: DEFAULT_DEADLINE_MS,
  health: 4_000,
  probe: 2_000,
  fieldRemoval: 60_000,
  rowDeletion: 120_000,
  upload: 10 * 60_000,
  import: 30 * 60_000,
} satisfies Partial<Deadlines>);

/** What the deadlines depend on. */
export type DeadlineConfig = { readonly dataSources: Pick<AppConfig['dataSources'], 'queryTimeoutSeconds'> };

/** The deadlines (milliseconds) of a configuration. */
export function deadlines(config: DeadlineConfig): Deadlines {
  const query = config.dataSources.queryTimeoutSeconds;
  return Object.freeze({
    ...FIXED_DEADLINES,
    query: (query + 15) * 1000,
    values: (query + 20) * 1000,
    chart: (query * 2 + 30) * 1000,
    source: (query * 3 + 30) * 1000,
  });
}

/** The call options of a grpc-js call (a streaming one made on the raw client) with a deadline of ms from now. */
export function deadlineOption(ms: number): { deadline: Date } {
  return { deadline: new Date(Date.now() + ms) };
}
