import { LRUCache } from 'lru-cache';
import { currentStamps, SingleFlight, stampKeys, type Cache } from '@bi/cache';
import type { ConnectionSpec } from '../drivers/driver.js';

/** Bounds of the kept connections (per data-source process). */
const MAX_SOURCES = 2_000;
/**
 * A kept connection is read again after a minute even with an unchanged stamp: this bounds changes
 * made outside the service (an edit straight in the database writes no stamp), as the BFF's copies.
 */
const KEPT_TTL_MS = 60_000;

interface Kept {
  spec: ConnectionSpec;
  /** the source's freshness stamp noted before its row was read */
  stamp: string;
}

/**
 * The connection each source's chart statements run on (RunQuery), kept while the source's freshness
 * stamp (libs/cache stamps.ts, docs/adr/0003-bff-answer-cache.md) is unchanged, so a chart statement
 * costs one read of the shared cache instead of reading the source's row (and, for a joined table,
 * its root input's row) from the service's database each time. The service writes a new stamp after
 * every commit that changes a source row (DataSourceEvents.sourcesChanged: an update, a move, row
 * rules, a delete, a join's save) and for the joined tables reading a changed source, so a deleted or
 * re-pointed source is never run on its old connection. The stamp is noted before the row is read;
 * a shared-cache failure reads the row, keeping nothing.
 */
export class KeptConnections {
  private readonly kept = new LRUCache<string, Kept>({ max: MAX_SOURCES, ttl: KEPT_TTL_MS });
  /** concurrent first runs on a source (a dashboard's charts opening together) read its row once */
  private readonly reads = new SingleFlight();

  constructor(private readonly cache: Cache) {}

  /** The source's connection: kept while its stamp is current, else read by `read` (and kept). */
  async of(dataSourceId: string, read: () => Promise<ConnectionSpec>): Promise<ConnectionSpec> {
    let stamp: string;
    try {
      [stamp] = (await currentStamps(this.cache, [stampKeys.source(dataSourceId)])) as [string];
    } catch {
      return read();
    }
    const kept = this.kept.get(dataSourceId);
    if (kept && kept.stamp === stamp) return kept.spec;
    return this.reads.run(`${dataSourceId}\n${stamp}`, async () => {
      const spec = await read();
      this.kept.set(dataSourceId, { spec, stamp });
      return spec;
    });
  }
}
