import { AppError } from '@bi/core';
import { assertIdentifier, type SqlExecutor } from '@bi/persistence';
import { canonical, sameValue } from './diff.js';
import { summarize, type RevisionKind, type SummaryPart } from './summary.js';

/**
 * The revisions table of an owning service, created by that service's migration (the text stays as
 * first shipped: migration checksums hash it). Append-only: a row is never rewritten except the
 * newest one of a fold (the same person's burst of saves within a minute).
 */
export function revisionsTableSql(schema: string): string {
  const s = assertIdentifier(schema);
  return `CREATE TABLE ${s}.revisions (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  object_id text NOT NULL,
  scope text NOT NULL DEFAULT '',
  rev integer NOT NULL,
  actor_id text NOT NULL DEFAULT '',
  at timestamptz NOT NULL DEFAULT now(),
  summary jsonb NOT NULL DEFAULT '[]'::jsonb,
  snapshot jsonb NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  restored_from integer,
  label text NOT NULL DEFAULT '',
  parent_id text NOT NULL DEFAULT '',
  -- a revision later saves never fold into (an add, a delete, a restore)
  sealed boolean NOT NULL DEFAULT false,
  UNIQUE (kind, object_id, rev)
);
CREATE INDEX revisions_trash ON ${s}.revisions (scope, at) WHERE deleted;`;
}

export interface RevisionOptions {
  /** revisions kept per object (BI_REVISIONS_KEEP; 0: all) */
  keep: number;
  /** days a deleted object stays restorable (BI_TRASH_DAYS) */
  trashDays: number;
  /** a save by the same person within this many ms of their last one folds into it (60 s) */
  foldMs?: number;
}

export const FOLD_MS = 60_000;

/** One revision as the history list shows it (no snapshot). */
export interface RevisionEntry {
  rev: number;
  actorId: string;
  at: string;
  summary: SummaryPart[];
  deleted: boolean;
  restoredFrom: number | null;
  label: string;
}

export interface Revision extends RevisionEntry {
  kind: RevisionKind;
  objectId: string;
  scope: string;
  parentId: string;
  snapshot: unknown;
}

/** A deleted object still in the trash. */
export interface TrashEntry {
  kind: RevisionKind;
  objectId: string;
  scope: string;
  label: string;
  parentId: string;
  actorId: string;
  deletedAt: string;
  rev: number;
  daysLeft: number;
  snapshot: unknown;
}

export interface RecordInput {
  kind: RevisionKind;
  objectId: string;
  scope?: string;
  actorId: string;
  snapshot: unknown;
  /** the object's name at this revision (the trash and the restore confirmation name it) */
  label?: string;
  /** the object that holds it (a chart's dashboard) */
  parentId?: string;
  deleted?: boolean;
  restoredFrom?: number;
  /** a restore or a delete never folds */
  fold?: boolean;
  /** summary parts to use instead of the computed ones (a restore) */
  summary?: SummaryPart[];
  /**
   * the state before this write, recorded first (no actor, never folded) when the object has no
   * revision yet (objects written before issue 33); read with the same look at the newest revision
   */
  before?: { snapshot: unknown };
}

interface Row {
  kind: RevisionKind;
  object_id: string;
  scope: string;
  rev: number;
  actor_id: string;
  at: Date | string;
  summary: SummaryPart[];
  snapshot: unknown;
  deleted: boolean;
  restored_from: number | null;
  label: string;
  parent_id: string;
  sealed?: boolean;
  age_ms?: number | string;
}

const COLUMNS = 'kind, object_id, scope, rev, actor_id, at, summary, snapshot, deleted, restored_from, label, parent_id, sealed';
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

function toRevision(r: Row): Revision {
  return {
    kind: r.kind,
    objectId: r.object_id,
    scope: r.scope,
    rev: Number(r.rev),
    actorId: r.actor_id,
    at: iso(r.at),
    summary: json(r.summary) as SummaryPart[],
    deleted: r.deleted,
    restoredFrom: r.restored_from === null ? null : Number(r.restored_from),
    label: r.label,
    parentId: r.parent_id,
    snapshot: json(r.snapshot),
  };
}

export function entryOf(r: Revision): RevisionEntry {
  return { rev: r.rev, actorId: r.actorId, at: r.at, summary: r.summary, deleted: r.deleted, restoredFrom: r.restoredFrom, label: r.label };
}

/**
 * The append-only store of one service's revisions (issue 33, docs/adr/0026): every write of an owned
 * object records its new snapshot in the writer's transaction, with who, when and the server-computed
 * summary; a burst of the same person's saves within a minute folds into one revision; a delete is a
 * revision marked deleted that keeps the last snapshot (the trash); a restore is a new revision.
 */
export class RevisionStore {
  private readonly table: string;
  private readonly foldMs: number;

  constructor(
    schema: string,
    readonly options: RevisionOptions,
  ) {
    this.table = `${assertIdentifier(schema)}.revisions`;
    this.foldMs = options.foldMs ?? FOLD_MS;
  }

  /** Records a new state of an object in the caller's transaction; undefined when nothing changed. */
  async record(tx: SqlExecutor, input: RecordInput): Promise<RevisionEntry | undefined> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`revisions:${this.table}:${input.kind}:${input.objectId}`]);
    const snapshot = canonical(input.snapshot);
    const last = (await this.newestRow(tx, input.kind, input.objectId)) ?? (input.before && (await this.baseline(tx, input, canonical(input.before.snapshot))));
    const deleted = input.deleted ?? false;
    if (last && !deleted && !last.deleted && input.restoredFrom === undefined && sameValue(last.snapshot, snapshot)) return undefined;
    const fold =
      input.fold !== false &&
      !deleted &&
      input.restoredFrom === undefined &&
      last !== undefined &&
      !last.deleted &&
      last.restored_from === null &&
      !last.sealed &&
      last.actor_id === input.actorId &&
      Number(last.age_ms) < this.foldMs;
    if (fold) {
      const previous = last.rev > 1 ? await this.row(tx, input.kind, input.objectId, last.rev - 1) : undefined;
      if (previous && !previous.deleted && sameValue(previous.snapshot, snapshot)) {
        // the burst undid itself: nothing is left to record
        await tx.query(`DELETE FROM ${this.table} WHERE kind = $1 AND object_id = $2 AND rev = $3`, [input.kind, input.objectId, last.rev]);
        return undefined;
      }
      const summary = previous ? summarize(input.kind, previous.deleted ? undefined : previous.snapshot, snapshot) : json(last.summary);
      const r = await tx.query<Row>(
        `UPDATE ${this.table} SET snapshot = $4, summary = $5, at = now(), label = $6, parent_id = $7 WHERE kind = $1 AND object_id = $2 AND rev = $3 RETURNING ${COLUMNS}`,
        [input.kind, input.objectId, last.rev, JSON.stringify(snapshot), JSON.stringify(summary), input.label ?? last.label, input.parentId ?? last.parent_id],
      );
      return entryOf(toRevision(r.rows[0]!));
    }
    return entryOf(toRevision(await this.insert(tx, input, last, snapshot)));
  }

  /** The object's first revision: its state before the write being recorded (no actor, never folded). */
  private baseline(tx: SqlExecutor, input: RecordInput, before: unknown): Promise<Row> {
    return this.insert(tx, { kind: input.kind, objectId: input.objectId, scope: input.scope, actorId: '', snapshot: before, label: input.label, fold: false }, undefined, before);
  }

  /** A new revision after `last` (its snapshot canonical); older ones beyond BI_REVISIONS_KEEP are dropped. */
  private async insert(tx: SqlExecutor, input: RecordInput, last: Row | undefined, snapshot: unknown): Promise<Row> {
    const deleted = input.deleted ?? false;
    const rev = (last?.rev ?? 0) + 1;
    const summary = input.summary ?? (deleted ? summarize(input.kind, snapshot, undefined) : summarize(input.kind, last && !last.deleted ? last.snapshot : undefined, snapshot));
    const r = await tx.query<Row>(
      `INSERT INTO ${this.table} (kind, object_id, scope, rev, actor_id, summary, snapshot, deleted, restored_from, label, parent_id, sealed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
      [
        input.kind,
        input.objectId,
        input.scope ?? '',
        rev,
        input.actorId,
        JSON.stringify(summary),
        JSON.stringify(snapshot),
        deleted,
        input.restoredFrom ?? null,
        input.label ?? '',
        input.parentId ?? '',
        input.fold === false || deleted || input.restoredFrom !== undefined,
      ],
    );
    if (this.options.keep > 0) await tx.query(`DELETE FROM ${this.table} WHERE kind = $1 AND object_id = $2 AND rev <= $3`, [input.kind, input.objectId, rev - this.options.keep]);
    return r.rows[0]!;
  }

  /** The history of an object, newest first. */
  async list(q: SqlExecutor, kind: RevisionKind, objectId: string, limit = 200): Promise<Revision[]> {
    const r = await q.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE kind = $1 AND object_id = $2 ORDER BY rev DESC LIMIT $3`, [kind, objectId, Math.min(Math.max(limit, 1), 1000)]);
    return r.rows.map(toRevision);
  }

  async get(q: SqlExecutor, kind: RevisionKind, objectId: string, rev: number): Promise<Revision | undefined> {
    const row = await this.row(q, kind, objectId, rev);
    return row && toRevision(row);
  }

  /**
   * What revision `rev` is compared with: `against` when one is asked for (404 revision.not_found when it
   * is not kept), else the one before `rev` (none before the first).
   */
  async against(q: SqlExecutor, kind: RevisionKind, objectId: string, rev: number, against: number): Promise<Revision | undefined> {
    const againstRev = against > 0 ? against : rev - 1;
    const found = againstRev > 0 ? await this.get(q, kind, objectId, againstRev) : undefined;
    if (against > 0 && !found) throw new AppError('not_found', 'revision.not_found');
    return found;
  }

  async newest(q: SqlExecutor, kind: RevisionKind, objectId: string): Promise<Revision | undefined> {
    const row = await this.newestRow(q, kind, objectId);
    return row && toRevision(row);
  }

  /**
   * Deleted objects of these kinds in a scope whose deletion is younger than BI_TRASH_DAYS (newest
   * first); the revisions of older ones are dropped on the way (their trash time is over).
   */
  async trash(q: SqlExecutor, scope: string, kinds: readonly RevisionKind[]): Promise<TrashEntry[]> {
    await this.purge(q);
    const r = await q.query<Row & { days_left: number | string }>(
      `SELECT ${COLUMNS}, ceil($3::float8 - extract(epoch FROM now() - r.at) / 86400)::int AS days_left FROM ${this.table} r
       WHERE r.deleted AND r.scope = $1 AND r.kind = ANY($2::text[])
         AND r.rev = (SELECT max(x.rev) FROM ${this.table} x WHERE x.kind = r.kind AND x.object_id = r.object_id)
       ORDER BY r.at DESC LIMIT 500`,
      [scope, kinds, this.options.trashDays],
    );
    return r.rows.map((row) => {
      const v = toRevision(row);
      return { kind: v.kind, objectId: v.objectId, scope: v.scope, label: v.label, parentId: v.parentId, actorId: v.actorId, deletedAt: v.at, rev: v.rev, daysLeft: Math.max(0, Number(row.days_left)), snapshot: v.snapshot };
    });
  }

  /** The trash entry of one object (its newest revision, deleted and still within BI_TRASH_DAYS). */
  async inTrash(q: SqlExecutor, kind: RevisionKind, objectId: string): Promise<Revision | undefined> {
    const row = await this.newestRow(q, kind, objectId);
    if (!row?.deleted || Number(row.age_ms) > this.options.trashDays * 86_400_000) return undefined;
    return toRevision(row);
  }

  /** The newest label of each object of a kind held by `parentId` (a dashboard's charts, deleted ones too). */
  async labelsByParent(q: SqlExecutor, kind: RevisionKind, parentId: string): Promise<Map<string, string>> {
    const r = await q.query<{ object_id: string; label: string }>(
      `SELECT DISTINCT ON (object_id) object_id, label FROM ${this.table} WHERE kind = $1 AND parent_id = $2 ORDER BY object_id, rev DESC LIMIT 1000`,
      [kind, parentId],
    );
    return new Map(r.rows.map((x) => [x.object_id, x.label]));
  }

  /** Drops the revisions of objects deleted longer ago than BI_TRASH_DAYS. */
  async purge(q: SqlExecutor): Promise<number> {
    const r = await q.query(
      `DELETE FROM ${this.table} r USING (
         SELECT kind, object_id FROM ${this.table} d WHERE d.deleted AND d.at < now() - make_interval(days => $1)
           AND d.rev = (SELECT max(x.rev) FROM ${this.table} x WHERE x.kind = d.kind AND x.object_id = d.object_id)
       ) gone WHERE r.kind = gone.kind AND r.object_id = gone.object_id`,
      [this.options.trashDays],
    );
    return r.rowCount;
  }

  private async row(q: SqlExecutor, kind: RevisionKind, objectId: string, rev: number): Promise<Row | undefined> {
    const r = await q.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE kind = $1 AND object_id = $2 AND rev = $3`, [kind, objectId, rev]);
    return r.rows[0];
  }

  private async newestRow(q: SqlExecutor, kind: RevisionKind, objectId: string): Promise<Row | undefined> {
    const r = await q.query<Row>(
      `SELECT ${COLUMNS}, extract(epoch FROM now() - at) * 1000 AS age_ms FROM ${this.table} WHERE kind = $1 AND object_id = $2 ORDER BY rev DESC LIMIT 1`,
      [kind, objectId],
    );
    return r.rows[0];
  }
}
