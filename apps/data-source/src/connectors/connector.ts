import type { ColumnType } from '../uploads/cells.js';
import type { AnalyticsWriter, LoadTarget, StoreValue } from '../uploads/store-writer.js';

/** A field a connector declares: the store column it fills, by name and type. */
export interface ConnectorField {
  name: string;
  type: ColumnType;
}

/** One read of a connector's rows. */
export interface ConnectorRead {
  /** Aborted when the caller gives up or the service stops: a connector checks it between pages and hands it to what it waits on (fetch, a driver). */
  signal?: AbortSignal;
  /** The most rows this read may load. A connector that numbers its rows stops at the first one over it with its own message; the runner stops it anyway. */
  maxRows: number;
}

/**
 * A synced source kind (docs/adr/0007-source-writer-and-connectors.md): one file under connectors/
 * that yields rows, and the sync runner (sync-runner.ts) loads them into the analytics store and
 * records the source through SourceWriter. A kind knows how to read its origin (a file, an ERP's
 * pages, an HTTP API); it knows nothing of tables, transactions, history or events.
 */
export interface Connector {
  /** The kind, for logs ('sheet', …). */
  readonly kind: string;
  /** The fields every row fills, in the order of its values. */
  readonly fields: readonly ConnectorField[];
  /**
   * The rows in batches (a page of an API, a chunk of a file), each row one value per field:
   * string, number, NaiveDate or null. Pulled: the next batch is asked for once the store has taken
   * the last, so a connector reads (or fetches) one page ahead at most. Throws an AppError with a
   * message for the user on bad data; stops when read.signal aborts.
   */
  rows(read: ConnectorRead): AsyncIterable<StoreValue[][]>;
  /** The error for a read with more than `max` rows. */
  tooManyRows(max: number): Error;
  /**
   * Optional: a load the store does by itself, faster than rows one by one (DuckDB reading a CSV
   * file). Answers the rows loaded, or undefined when it did not take this load (the runner then
   * streams rows()).
   */
  bulkLoad?(writer: AnalyticsWriter, target: LoadTarget, read: ConnectorRead): Promise<number | undefined>;
}
