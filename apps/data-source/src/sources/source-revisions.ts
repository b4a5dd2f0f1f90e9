import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { SqlExecutor } from '@bi/persistence';
import type { dataSourceV1 } from '@bi/proto';
import { entryOf, maskRuleValues, revisionDiff, RevisionStore, type Revision, type SummaryPart } from '@bi/revisions';
import { CONFIG } from '@bi/service-kit';
import { DataSourceRepository } from '../data-source.repository.js';

/** The kinds of a source this service keeps revisions of (issue 33); `join`: a joined table's definition. */
export type SourceKind = 'fields' | 'rowRules' | 'join';
export const isSourceKind = (k: string): k is SourceKind => k === 'fields' || k === 'rowRules' || k === 'join';

/** Restores write through the owning service's own path (its checks), marked as a restore. */
export interface SourceRestore {
  restoredFrom: number;
  summary: SummaryPart[];
}

/**
 * The history of a source's field settings and row rules (issue 33, docs/api/revisions.md) over
 * @bi/revisions: recorded in the transaction of the write (SourceWriter's `also`), diffed on read
 * (rule values masked for a reader who may not see them), restored through the writing services.
 */
@Injectable()
export class SourceRevisions {
  readonly store: RevisionStore;

  constructor(
    private readonly repo: DataSourceRepository,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.store = new RevisionStore('data_source', config.revisions);
  }

  /**
   * Records a new state in the writer's transaction. The state before is recorded first when the
   * source has no history of this kind yet (written before issue 33).
   */
  async record(tx: SqlExecutor, kind: SourceKind, sourceId: string, actorId: string, label: string, before: unknown, after: unknown, restore?: SourceRestore): Promise<void> {
    await this.store.record(tx, { kind, objectId: sourceId, actorId, snapshot: after ?? null, label, before: { snapshot: before ?? null }, ...(restore ? { restoredFrom: restore.restoredFrom, summary: restore.summary, fold: false } : {}) });
  }

  /** The first revision of an object made now (a joined table created): summary "created". */
  async recordCreated(tx: SqlExecutor, kind: SourceKind, sourceId: string, actorId: string, label: string, snapshot: unknown): Promise<void> {
    await this.store.record(tx, { kind, objectId: sourceId, actorId, snapshot, label, fold: false });
  }

  async list(req: dataSourceV1.SourceRevisionRequest): Promise<dataSourceV1.SourceRevisionsReply> {
    const kind = kindOf(req.kind);
    return reply(await this.store.list(this.repo.db, kind, req.dataSourceId, req.limit > 0 ? req.limit : 200));
  }

  async diff(req: dataSourceV1.SourceRevisionRequest): Promise<dataSourceV1.SourceRevisionDiffReply> {
    const kind = kindOf(req.kind);
    const r = await this.revision(kind, req.dataSourceId, req.rev);
    const against = await this.store.against(this.repo.db, kind, req.dataSourceId, r.rev, req.against);
    const mask = req.maskRuleValues && kind === 'rowRules' ? maskRuleValues : undefined;
    const wrap = (s: unknown) => (kind === 'rowRules' ? { rowRules: s ?? null } : kind === 'join' ? (s ?? {}) : { fields: s ?? [] });
    const diff = revisionDiff(kind, req.dataSourceId, r.rev, against?.rev ?? 0, against ? wrap(against.snapshot) : undefined, wrap(r.snapshot), mask ? { mask } : {});
    // a joined table's revision names its inputs: the BFF checks them before a restore (as a save) and drops them from the answer
    return { diffJson: JSON.stringify(kind === 'join' ? { ...diff, inputIds: joinInputIds(r.snapshot) } : diff) };
  }

  /** A revision to restore (the caller writes it through its service). */
  async revision(kind: SourceKind, sourceId: string, rev: number): Promise<Revision> {
    const r = Number.isInteger(rev) && rev > 0 ? await this.store.get(this.repo.db, kind, sourceId, rev) : undefined;
    if (!r) throw new AppError('not_found', 'revision.not_found');
    return r;
  }

  async listAfterRestore(kind: SourceKind, sourceId: string): Promise<dataSourceV1.SourceRevisionsReply> {
    return reply(await this.store.list(this.repo.db, kind, sourceId, 200));
  }
}

function joinInputIds(snapshot: unknown): string[] {
  const nodes = (snapshot as { nodeDataArray?: { dataSourceId?: unknown }[] } | null)?.nodeDataArray;
  return [...new Set((Array.isArray(nodes) ? nodes : []).map((n) => (typeof n?.dataSourceId === 'string' ? n.dataSourceId : '')).filter(Boolean))];
}

function kindOf(kind: string): SourceKind {
  if (!isSourceKind(kind)) throw new AppError('invalid', 'revision.kind_invalid');
  return kind;
}

function reply(revisions: Revision[]): dataSourceV1.SourceRevisionsReply {
  return { revisionsJson: JSON.stringify(revisions.map(entryOf)), objectJson: JSON.stringify({ label: revisions[0]?.label ?? '' }) };
}
