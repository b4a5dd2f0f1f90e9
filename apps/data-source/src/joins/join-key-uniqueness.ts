import { LRUCache } from 'lru-cache';
import { joinKeyRepeatsSql, type JoinSpec } from '@bi/query';
import { SOURCE_TYPE, UPLOAD_REFERENCE } from '@bi/rules';
import type { DialectName } from '@bi/sql-text';
import type { SourceRow } from '../data-source.repository.js';
import { UPLOAD_SCHEMA } from '../uploads/store-writer.js';

/** Remembered answers (bounded): one check per input, join keys and data version. */
const MAX_ENTRIES = 512;
/** A check that takes longer is given up (the link is then not marked: nothing is left out). */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Whether an input's rows change only by this product's own writes, each of which gives it a new
 * data version — so a key found unique at a version stays unique at that version:
 * - an uploaded source (its table is written only by the upload service, which bumps its version);
 * - a listed table of the DuckDB analytics store outside the uploads schema (the product holds the
 *   file open for writing, so no other process changes it while the product runs; uploaded tables
 *   are excluded because a change to them bumps only their uploaded source's version).
 * A database of its own (MySQL, PostgreSQL, …) or custom SQL can change without the product knowing.
 */
export function versionedInput(row: SourceRow, engine: DialectName, part: { sourceKind: string }): boolean {
  if (row.reference === UPLOAD_REFERENCE) return true;
  return row.type === SOURCE_TYPE.analytics && engine === 'duckdb' && part.sourceKind === 'table' && row.table_schema !== UPLOAD_SCHEMA;
}

type Run = (sql: string, params: unknown[], timeoutMs: number) => Promise<{ rows: unknown[][] }>;

/**
 * Marks the LEFT links of a join whose child's ON fields are unique among the child's rows
 * (`JoinLinkSpec.unique`), for inputs whose data version follows every change (`versionedInput`):
 * the chart engine then leaves out a subtree a statement reads nothing of (`pruneJoin` of @bi/query).
 * Checked by one GROUP BY … HAVING COUNT(*) > 1 per link and data version (remembered); a check that
 * fails or times out marks nothing.
 */
export class JoinKeyUniqueness {
  private readonly known = new LRUCache<string, Promise<boolean>>({ max: MAX_ENTRIES });

  /**
   * @param inputOf the input row of a node and whether it is `versionedInput`
   * @param run runs a statement on the join's connection (first row only)
   */
  async mark(spec: JoinSpec, engine: DialectName, inputOf: (node: number) => { row: SourceRow; versioned: boolean }, run: Run): Promise<JoinSpec> {
    const flags = await Promise.all(
      spec.links.map((l, i) => {
        if (l.joinType !== 'left') return false;
        const { row, versioned } = inputOf(l.to);
        if (!versioned) return false;
        const key = JSON.stringify([row.id, row.data_version, engine, spec.nodes[l.to].source, l.on.map((p) => p.to)]);
        return this.remember(key, () => {
          const q = joinKeyRepeatsSql(spec, i, engine);
          return run(q.sql, q.params, CHECK_TIMEOUT_MS).then(
            (r) => r.rows.length === 0,
            () => false,
          );
        });
      }),
    );
    if (!flags.some(Boolean)) return spec;
    return { ...spec, links: spec.links.map((l, i) => (flags[i] ? { ...l, unique: true } : l)) };
  }

  private remember(key: string, check: () => Promise<boolean>): Promise<boolean> {
    let answer = this.known.get(key);
    if (!answer) this.known.set(key, (answer = check()));
    return answer;
  }
}
