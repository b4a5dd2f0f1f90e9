import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import type { templateV1 } from '@bi/proto';
import { entryOf, revisionDiff, RevisionStore } from '@bi/revisions';
import { CONFIG, DATABASE } from '@bi/service-kit';
import { TEMPLATE_SCHEMA } from './migrations.js';

const MAX_SNAPSHOT = 20 * 1024 * 1024;
const MAX_IDS = 1000;

interface Row {
  id: string;
  kind: string;
  origin_id: string;
  name: string;
  folder_name: string;
  publisher_id: string;
  publisher_name: string;
  published_at: Date | string;
  version: number;
  project_id: string;
  dashboard_ids: string[];
  role_ids: string[];
  user_ids: string[];
  sources: templateV1.SourceName[];
}

const iso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();

function toTemplate(r: Row): templateV1.Template {
  return {
    templateId: r.id,
    kind: r.kind,
    name: r.name,
    folderName: r.folder_name,
    originId: r.origin_id,
    publisherId: r.publisher_id,
    publisherName: r.publisher_name,
    publishedAt: iso(r.published_at),
    version: r.version,
    projectId: r.project_id,
    dashboardIds: r.dashboard_ids ?? [],
    roleIds: r.role_ids ?? [],
    userIds: r.user_ids ?? [],
    sources: r.sources ?? [],
  };
}

/** Checks a publication before anything is stored (the BFF checked names and rights; this bounds the rest). */
export function checkPublish(r: templateV1.PublishRequest): void {
  if (r.kind !== 'dash' && r.kind !== 'proj') throw new AppError('invalid', 'template.kind_invalid');
  const name = r.name.trim();
  if (name.length < 3 || name.length > 20) throw new AppError('invalid', 'name.length');
  if (!r.originId || !r.projectId || r.dashboardIds.length === 0) throw new AppError('invalid', 'template.empty_folder');
  if (r.sources.length > MAX_IDS) throw new AppError('invalid', 'request.invalid', { detail: 'too many sources' });
  if (r.roleIds.length > MAX_IDS || r.userIds.length > MAX_IDS) throw new AppError('invalid', 'request.invalid', { detail: 'too many holders' });
  if (r.snapshotJson.length > MAX_SNAPSHOT) throw new AppError('invalid', 'request.invalid', { detail: 'snapshot too large' });
  try {
    if (!Array.isArray(JSON.parse(r.snapshotJson))) throw new Error();
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: 'snapshot: expected a JSON array' });
  }
}

/** The template schema: templates (latest version) and versions (frozen copies). */
@Injectable()
export class TemplateStore {
  /** the versions as revisions of kind `template` (issue 33, docs/api/revisions.md), in the store every kind uses */
  readonly revisions: RevisionStore;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.revisions = new RevisionStore(TEMPLATE_SCHEMA, config.revisions);
  }

  /** A new template, or the next version of the one published from the same dashboard/folder; one transaction. */
  async publish(r: templateV1.PublishRequest): Promise<templateV1.Template> {
    checkPublish(r);
    return this.db.transaction(async (tx) => {
      const old = (await tx.query<Row>('SELECT * FROM template.templates WHERE kind = $1 AND origin_id = $2 FOR UPDATE', [r.kind, r.originId])).rows[0];
      const id = old?.id ?? randomUUID();
      const version = (old?.version ?? 0) + 1;
      const values = [r.name.trim(), r.folderName.trim(), r.publisherId, r.publisherName, version, r.projectId, JSON.stringify(r.dashboardIds), JSON.stringify(r.roleIds), JSON.stringify(r.userIds), JSON.stringify(r.sources.map((x) => ({ dataSourceId: x.dataSourceId, name: x.name })))];
      if (old)
        await tx.query(
          `UPDATE template.templates SET name = $2, folder_name = $3, publisher_id = $4, publisher_name = $5, version = $6, project_id = $7,
             dashboard_ids = $8, role_ids = $9, user_ids = $10, sources = $11, published_at = now() WHERE id = $1`,
          [id, ...values],
        );
      else
        await tx.query(
          `INSERT INTO template.templates (id, kind, origin_id, name, folder_name, publisher_id, publisher_name, version, project_id, dashboard_ids, role_ids, user_ids, sources)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [id, r.kind, r.originId, ...values],
        );
      await tx.query(
        `INSERT INTO template.versions (template_id, version, name, publisher_id, publisher_name, role_ids, user_ids, snapshot) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, version, r.name.trim(), r.publisherId, r.publisherName, JSON.stringify(r.roleIds), JSON.stringify(r.userIds), r.snapshotJson],
      );
      // the version's revision (never folded: each publish is a version of its own); its frozen copy stays in template.versions
      const snapshot = { version, name: r.name.trim(), folderName: r.folderName.trim(), dashboardIds: r.dashboardIds, roleIds: r.roleIds, userIds: r.userIds, sources: r.sources.map((x) => ({ dataSourceId: x.dataSourceId, name: x.name })) };
      await this.revisions.record(tx, { kind: 'template', objectId: id, actorId: r.publisherId, snapshot, label: r.name.trim(), fold: false });
      return this.one(tx, id);
    });
  }

  /** A template's versions as revisions, newest first (issue 33). */
  async listRevisions(r: templateV1.TemplateRevisionRequest): Promise<templateV1.TemplateRevisionsReply> {
    const revisions = await this.revisions.list(this.db, 'template', r.templateId, r.limit > 0 ? r.limit : 200);
    return { revisionsJson: JSON.stringify(revisions.map(entryOf)), objectJson: JSON.stringify({ label: revisions[0]?.label ?? '' }) };
  }

  /** What a version changed against another (default: the one before). */
  async diffRevision(r: templateV1.TemplateRevisionRequest): Promise<templateV1.TemplateRevisionDiffReply> {
    const rev = Number.isInteger(r.rev) && r.rev > 0 ? await this.revisions.get(this.db, 'template', r.templateId, r.rev) : undefined;
    if (!rev) throw new AppError('not_found', 'revision.not_found');
    const against = await this.revisions.against(this.db, 'template', r.templateId, rev.rev, r.against);
    return { diffJson: JSON.stringify(revisionDiff('template', r.templateId, rev.rev, against?.rev ?? 0, against?.snapshot, rev.snapshot)) };
  }

  async findByOrigin(kind: string, originId: string): Promise<templateV1.FindReply> {
    const row = (await this.db.query<Row>('SELECT * FROM template.templates WHERE kind = $1 AND origin_id = $2', [kind, originId])).rows[0];
    return this.withVersions(row);
  }

  async findByItem(itemId: string): Promise<templateV1.FindReply> {
    const row = (
      await this.db.query<Row>('SELECT * FROM template.templates WHERE (kind = $2 AND project_id = $1) OR dashboard_ids ? $1 ORDER BY published_at DESC LIMIT 1', [itemId, 'proj'])
    ).rows[0];
    return this.withVersions(row);
  }

  async list(): Promise<templateV1.Template[]> {
    return (await this.db.query<Row>('SELECT * FROM template.templates ORDER BY published_at DESC')).rows.map(toTemplate);
  }

  private async withVersions(row: Row | undefined): Promise<templateV1.FindReply> {
    if (!row) return { versions: [] };
    const versions = await this.db.query<{ version: number; published_at: Date | string; publisher_name: string }>(
      'SELECT version, published_at, publisher_name FROM template.versions WHERE template_id = $1 ORDER BY version DESC',
      [row.id],
    );
    return { template: toTemplate(row), versions: versions.rows.map((v) => ({ version: v.version, publishedAt: iso(v.published_at), publisherName: v.publisher_name })) };
  }

  private async one(q: SqlExecutor, id: string): Promise<templateV1.Template> {
    return toTemplate((await q.query<Row>('SELECT * FROM template.templates WHERE id = $1', [id])).rows[0]!);
  }
}
