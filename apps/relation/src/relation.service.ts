import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { checkRelationTree, defaultRelationFormatter, relationTreeOrder, RELATION_LAYOUTS, type Formatter, type RelationLayout, type RelationNode } from '@bi/chart-model';
import { AppError, type Logger } from '@bi/core';
import { idempotent, TOPICS, type EventBus, type Subscription } from '@bi/messaging';
import { insertRows, type SqlDatabase, type SqlExecutor } from '@bi/persistence';
import { eventsV1, type relationV1 } from '@bi/proto';
import { isReserved } from '@bi/rules';
import { CONFIG, DATABASE, EVENT_BUS, idOrNotFound, LOGGER, tabOrInvalid, validName } from '@bi/service-kit';
import type { AppConfig } from '@bi/config';
import { entryOf, revisionDiff, RevisionStore, type Revision, type SummaryPart } from '@bi/revisions';
import { RELATION_SCHEMA } from './migrations.js';

interface NodeRow {
  node_id: string;
  relation_id: string;
  parent_id: string | null;
  name: string;
  chart_id: string | null;
  relation_source_id: string | null;
  is_concatenate: boolean;
  relation_name: string | null;
  chart_type: number;
  formatter: Formatter;
  broken: boolean;
}

interface MapRow {
  relation_id: string;
  tab: string;
  project_id: string;
  name: string;
  created_by: string;
}

const FORMATTER_KEYS = ['type', 'isCustomizeUnit', 'unit', 'customUnit', 'decimalPlaces', 'useThousandth'] as const;

/** A node's formatter from the wire: the spec's defaults for what is missing; bad values refused. */
export function formatterOf(json: string, name: string): Formatter {
  const base = defaultRelationFormatter();
  if (!json) return base;
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: `formatter of ${name.slice(0, 40)}` });
  }
  if (typeof v !== 'object' || v === null) throw new AppError('invalid', 'request.invalid', { detail: `formatter of ${name.slice(0, 40)}` });
  const f: Formatter = { ...base };
  for (const k of FORMATTER_KEYS) if (v[k] !== undefined && v[k] !== null) (f as unknown as Record<string, unknown>)[k] = v[k];
  const ok =
    [0, 1, 2].includes(f.type) &&
    [0, 1, 2, 3, 4, 5].includes(f.unit) &&
    typeof f.isCustomizeUnit === 'boolean' &&
    typeof f.useThousandth === 'boolean' &&
    typeof f.customUnit === 'string' &&
    f.customUnit.length <= 20 &&
    Number.isInteger(f.decimalPlaces) &&
    f.decimalPlaces >= 0 &&
    f.decimalPlaces <= 10;
  if (!ok) throw new AppError('invalid', 'request.invalid', { detail: `formatter of ${name.slice(0, 40)}` });
  return f;
}

/** Wire node → model node (relationId given by the map). */
export function nodeOf(n: relationV1.Node, relationId: string): RelationNode {
  return {
    nodeId: n.nodeId,
    relationId,
    parentId: n.parentId || null,
    name: typeof n.name === 'string' ? n.name.trim() : '',
    chartId: n.chartId || null,
    relationSourceId: n.relationSourceId || null,
    isConcatenate: !!n.isConcatenate,
    relationName: n.relationName || null,
    chartType: (RELATION_LAYOUTS as readonly number[]).includes(n.chartType) ? (n.chartType as RelationLayout) : 0,
    formatter: formatterOf(n.formatterJson, n.name),
  };
}

/** The tree rules; a problem is an AppError with its relation.* message. */
export function checkedNodes(wire: readonly relationV1.Node[], relationId: string): RelationNode[] {
  if (wire.length > 200) throw new AppError('invalid', 'relation.too_many_nodes', { max: 200 });
  for (const n of wire) {
    if ((n.chartId?.length ?? 0) > 64 || (n.relationSourceId?.length ?? 0) > 64 || (n.relationName?.length ?? 0) > 128) throw new AppError('invalid', 'request.invalid', { detail: 'node field too long' });
  }
  const nodes = wire.map((n) => nodeOf(n, relationId));
  const problem = checkRelationTree(nodes, relationId);
  if (problem) throw new AppError('invalid', problem.key, problem.params);
  return nodes.map((n) => ({ ...n, nodeId: n.nodeId.toLowerCase(), parentId: n.parentId?.toLowerCase() ?? null }));
}

function wireNode(r: NodeRow): relationV1.Node {
  return {
    nodeId: r.node_id,
    parentId: r.parent_id ?? '',
    name: r.name,
    chartId: r.chart_id ?? '',
    relationSourceId: r.relation_source_id ?? '',
    isConcatenate: r.is_concatenate,
    relationName: r.relation_name ?? '',
    chartType: Number(r.chart_type),
    formatterJson: JSON.stringify({ ...defaultRelationFormatter(), ...r.formatter }),
    broken: r.broken,
  };
}

/**
 * Relation maps: folders per tab, maps, nodes (docs/api/relation.md). Saves replace a map's node set
 * in one transaction after the tree rules; nodes bound to a deleted chart are marked broken.
 */
@Injectable()
export class RelationService implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;
  /** the maps' history (issue 33, @bi/revisions): name and nodes after every save */
  private readonly revisions: RevisionStore;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.revisions = new RevisionStore('relation', config.revisions);
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      TOPICS.chartChanged,
      'relation-charts',
      idempotent(this.db, RELATION_SCHEMA, 'chart-changed', (m, tx) => this.chartChanged(tx, eventsV1.ChartChanged.decode(m.value))),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /**
   * A deleted chart breaks the nodes bound to it (the map still loads); the same chart back (restored
   * from the trash with its id, issue 33) mends them.
   */
  async chartChanged(tx: SqlExecutor, e: eventsV1.ChartChanged): Promise<void> {
    if (!e.aggregateId) return;
    if (e.payload?.changeKind === 'saved') {
      const back = await tx.query('DELETE FROM relation.deleted_charts WHERE chart_id = $1', [e.aggregateId]);
      if (back.rowCount) await tx.query('UPDATE relation.nodes SET broken = false WHERE chart_id = $1 AND broken', [e.aggregateId]);
      return;
    }
    if (e.payload?.changeKind !== 'deleted') return;
    await tx.query('INSERT INTO relation.deleted_charts (chart_id) VALUES ($1) ON CONFLICT DO NOTHING', [e.aggregateId]);
    const r = await tx.query('UPDATE relation.nodes SET broken = true WHERE chart_id = $1 AND NOT broken', [e.aggregateId]);
    if (r.rowCount) this.logger.info('relation nodes broken by a deleted chart', { chartId: e.aggregateId, nodes: r.rowCount });
  }

  async listFolders(tab: string): Promise<relationV1.ListFoldersReply> {
    const t = tabOrInvalid(tab);
    const folders = await this.db.query<{ project_id: string; name: string; sort_order: number }>('SELECT project_id, name, sort_order FROM relation.projects WHERE tab = $1 ORDER BY sort_order, lower(name)', [t]);
    const maps = await this.db.query<MapRow>('SELECT relation_id, tab, project_id, name, created_by FROM relation.maps WHERE tab = $1 ORDER BY lower(name), created_at', [t]);
    return {
      folders: folders.rows.map((f) => ({
        folder: { projectId: f.project_id, tab: t, name: f.name, order: Number(f.sort_order) },
        maps: maps.rows.filter((m) => m.project_id === f.project_id).map((m) => ({ relationId: m.relation_id, name: m.name, projectId: m.project_id, createdBy: m.created_by })),
      })),
    };
  }

  async createFolder(tab: string, name: string): Promise<relationV1.Folder> {
    const t = tabOrInvalid(tab);
    const n = this.folderName(name);
    const id = randomUUID();
    const order = await this.db.query<{ next: number }>('SELECT coalesce(max(sort_order), 0) + 10 AS next FROM relation.projects WHERE tab = $1', [t]);
    const sort = Number(order.rows[0]!.next);
    await this.db.query('INSERT INTO relation.projects (project_id, tab, name, sort_order) VALUES ($1, $2, $3, $4)', [id, t, n, sort]).catch((e) => {
      if (String(e).includes('projects_tab_name') || String(e).includes('duplicate')) throw new AppError('conflict', 'name.used');
      throw e;
    });
    return { projectId: id, tab: t, name: n, order: sort };
  }

  async renameFolder(projectId: string, name: string): Promise<relationV1.Folder> {
    const id = idOrNotFound(projectId, 'relation.folder_not_found');
    const n = this.folderName(name);
    const r = await this.db
      .query<{ project_id: string; tab: string; name: string; sort_order: number }>('UPDATE relation.projects SET name = $2 WHERE project_id = $1 RETURNING project_id, tab, name, sort_order', [id, n])
      .catch((e) => {
        if (String(e).includes('projects_tab_name') || String(e).includes('duplicate')) throw new AppError('conflict', 'name.used');
        throw e;
      });
    const f = r.rows[0];
    if (!f) throw new AppError('not_found', 'relation.folder_not_found');
    return { projectId: f.project_id, tab: f.tab, name: f.name, order: Number(f.sort_order) };
  }

  async deleteFolder(projectId: string): Promise<relationV1.DeleteFolderReply> {
    const id = idOrNotFound(projectId, 'relation.folder_not_found');
    return this.db.transaction(async (tx) => {
      const f = await tx.query('SELECT 1 FROM relation.projects WHERE project_id = $1 FOR UPDATE', [id]);
      if (!f.rows.length) throw new AppError('not_found', 'relation.folder_not_found');
      const maps = await tx.query('SELECT 1 FROM relation.maps WHERE project_id = $1 LIMIT 1', [id]);
      if (maps.rows.length) throw new AppError('conflict', 'relation.folder_not_empty');
      await tx.query('DELETE FROM relation.projects WHERE project_id = $1', [id]);
      return { projectId: id };
    });
  }

  async createMap(req: relationV1.CreateMapRequest): Promise<relationV1.RelationMap> {
    const t = tabOrInvalid(req.tab);
    const projectId = idOrNotFound(req.projectId, 'relation.folder_not_found');
    const relationId = req.relationId ? idOrNotFound(req.relationId, 'relation.not_found') : randomUUID();
    const name = validName(req.name);
    const nodes = checkedNodes(req.nodes, relationId);
    await this.db.transaction(async (tx) => {
      const f = await tx.query<{ tab: string }>('SELECT tab FROM relation.projects WHERE project_id = $1', [projectId]);
      if (!f.rows.length || f.rows[0]!.tab !== t) throw new AppError('not_found', 'relation.folder_not_found');
      await this.checkMapName(tx, projectId, name);
      await tx.query('INSERT INTO relation.maps (relation_id, project_id, tab, name, created_by) VALUES ($1, $2, $3, $4, $5)', [relationId, projectId, t, name, req.createdBy ?? '']);
      await this.writeNodes(tx, relationId, nodes);
      await this.recordMap(tx, relationId, req.createdBy ?? '', { fold: false });
    });
    return this.getMap(relationId);
  }

  async getMap(relationId: string, tx: SqlExecutor = this.db): Promise<relationV1.RelationMap> {
    const id = idOrNotFound(relationId, 'relation.not_found');
    const m = await tx.query<MapRow>('SELECT relation_id, tab, project_id, name, created_by FROM relation.maps WHERE relation_id = $1', [id]);
    const map = m.rows[0];
    if (!map) throw new AppError('not_found', 'relation.not_found');
    const nodes = await tx.query<NodeRow>('SELECT * FROM relation.nodes WHERE relation_id = $1 ORDER BY sort_order', [id]);
    const ordered = relationTreeOrder(nodes.rows.map((r) => ({ ...r, nodeId: r.node_id, parentId: r.parent_id })));
    return { relationId: map.relation_id, tab: map.tab, projectId: map.project_id, name: map.name, createdBy: map.created_by, nodes: ordered.map(wireNode) };
  }

  async findMapsByChart(tab: string, chartId: string): Promise<relationV1.FindMapsByChartReply> {
    const t = tabOrInvalid(tab);
    if (!chartId || chartId.length > 64) return { maps: [] };
    const r = await this.db.query<MapRow>(
      'SELECT DISTINCT m.relation_id, m.tab, m.project_id, m.name, m.created_by, lower(m.name) AS sort_name FROM relation.maps m JOIN relation.nodes n ON n.relation_id = m.relation_id WHERE m.tab = $1 AND n.chart_id = $2 ORDER BY sort_name',
      [t, chartId],
    );
    return { maps: r.rows.map((m) => ({ relationId: m.relation_id, name: m.name, projectId: m.project_id, createdBy: m.created_by })) };
  }

  /** Replaces the map's nodes in one transaction; a refused save changes nothing. */
  async saveNodes(relationId: string, wire: readonly relationV1.Node[], actorId = ''): Promise<relationV1.RelationMap> {
    const id = idOrNotFound(relationId, 'relation.not_found');
    const nodes = checkedNodes(wire, id);
    return this.db.transaction(async (tx) => {
      const m = await tx.query('SELECT 1 FROM relation.maps WHERE relation_id = $1 FOR UPDATE', [id]);
      if (!m.rows.length) throw new AppError('not_found', 'relation.not_found');
      await this.baseline(tx, id);
      await tx.query('DELETE FROM relation.nodes WHERE relation_id = $1', [id]);
      await this.writeNodes(tx, id, nodes);
      await tx.query('UPDATE relation.maps SET updated_at = now() WHERE relation_id = $1', [id]);
      await this.recordMap(tx, id, actorId);
      return this.getMap(id, tx);
    });
  }

  // ---- history (issue 33, docs/api/revisions.md) ----

  /** The map's state before its first recorded change (maps older than issue 33). */
  private async baseline(tx: SqlExecutor, id: string): Promise<void> {
    if (!(await this.revisions.newest(tx, 'relation', id))) await this.recordMap(tx, id, '', { fold: false });
  }

  private async recordMap(tx: SqlExecutor, id: string, actorId: string, extra: { fold?: boolean; restoredFrom?: number; summary?: SummaryPart[] } = {}): Promise<void> {
    const m = await this.getMap(id, tx);
    await this.revisions.record(tx, { kind: 'relation', objectId: id, scope: m.tab, actorId, snapshot: { name: m.name, nodes: m.nodes }, label: m.name, ...extra });
  }

  async listRevisions(req: relationV1.MapRevisionRequest): Promise<relationV1.MapRevisionsReply> {
    const id = idOrNotFound(req.relationId, 'relation.not_found');
    let list = await this.revisions.list(this.db, 'relation', id, req.limit > 0 ? req.limit : 200);
    if (!list.length) {
      await this.db.transaction((tx) => this.baseline(tx, id));
      list = await this.revisions.list(this.db, 'relation', id, 1);
    }
    return mapRevisions(list);
  }

  async diffRevision(req: relationV1.MapRevisionRequest): Promise<relationV1.MapRevisionDiffReply> {
    const id = idOrNotFound(req.relationId, 'relation.not_found');
    const r = await this.mapRevision(id, req.rev);
    const against = await this.revisions.against(this.db, 'relation', id, r.rev, req.against);
    return { diffJson: JSON.stringify(revisionDiff('relation', id, r.rev, against?.rev ?? 0, against?.snapshot, r.snapshot)), snapshotJson: JSON.stringify(r.snapshot) };
  }

  /** Sets the map's name and nodes to a revision's (the tree rules checked again); the restore is a new revision. */
  async restoreRevision(req: relationV1.MapRevisionRequest): Promise<relationV1.MapRevisionsReply> {
    const id = idOrNotFound(req.relationId, 'relation.not_found');
    const r = await this.mapRevision(id, req.rev);
    const snapshot = r.snapshot as { name: string; nodes: relationV1.Node[] };
    const nodes = checkedNodes(snapshot.nodes ?? [], id);
    await this.db.transaction(async (tx) => {
      const m = await tx.query<{ project_id: string }>('SELECT project_id FROM relation.maps WHERE relation_id = $1 FOR UPDATE', [id]);
      if (!m.rows.length) throw new AppError('not_found', 'relation.not_found');
      await this.checkMapName(tx, m.rows[0]!.project_id, snapshot.name, id);
      await tx.query('DELETE FROM relation.nodes WHERE relation_id = $1', [id]);
      await this.writeNodes(tx, id, nodes);
      await tx.query('UPDATE relation.maps SET name = $2, updated_at = now() WHERE relation_id = $1', [id, snapshot.name]);
      await this.recordMap(tx, id, req.actorId, { restoredFrom: r.rev, summary: [{ key: 'revision.restored', params: { rev: r.rev } }] });
    });
    return mapRevisions(await this.revisions.list(this.db, 'relation', id, 200));
  }

  private async mapRevision(id: string, rev: number): Promise<Revision> {
    const r = Number.isInteger(rev) && rev > 0 ? await this.revisions.get(this.db, 'relation', id, rev) : undefined;
    if (!r) throw new AppError('not_found', 'revision.not_found');
    return r;
  }

  async renameMap(relationId: string, name: string, actorId = ''): Promise<relationV1.RelationMap> {
    const id = idOrNotFound(relationId, 'relation.not_found');
    const n = validName(name);
    await this.db.transaction(async (tx) => {
      const m = await tx.query<{ project_id: string }>('SELECT project_id FROM relation.maps WHERE relation_id = $1 FOR UPDATE', [id]);
      if (!m.rows.length) throw new AppError('not_found', 'relation.not_found');
      await this.checkMapName(tx, m.rows[0]!.project_id, n, id);
      await this.baseline(tx, id);
      await tx.query('UPDATE relation.maps SET name = $2, updated_at = now() WHERE relation_id = $1', [id, n]);
      await this.recordMap(tx, id, actorId);
    });
    return this.getMap(id);
  }

  async deleteMap(relationId: string): Promise<relationV1.DeleteMapReply> {
    const id = idOrNotFound(relationId, 'relation.not_found');
    const r = await this.db.query('DELETE FROM relation.maps WHERE relation_id = $1', [id]);
    if (!r.rowCount) throw new AppError('not_found', 'relation.not_found');
    return { relationId: id };
  }

  private folderName(name: string): string {
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    return n;
  }

  private async checkMapName(tx: SqlExecutor, projectId: string, name: string, except?: string): Promise<void> {
    const r = await tx.query('SELECT 1 FROM relation.maps WHERE project_id = $1 AND lower(name) = lower($2) AND relation_id <> coalesce($3::uuid, relation_id) LIMIT 1', [projectId, name, except ?? null]);
    if (r.rows.length) throw new AppError('conflict', 'name.used');
  }

  private async writeNodes(tx: SqlExecutor, relationId: string, nodes: readonly RelationNode[]): Promise<void> {
    const charts = [...new Set(nodes.map((n) => n.chartId).filter((c): c is string => !!c))];
    const deleted = charts.length ? new Set((await tx.query<{ chart_id: string }>('SELECT chart_id FROM relation.deleted_charts WHERE chart_id = ANY($1::text[])', [charts])).rows.map((r) => r.chart_id)) : new Set<string>();
    await insertRows(
      tx,
      'relation.nodes (node_id, relation_id, parent_id, sort_order, name, chart_id, relation_source_id, is_concatenate, relation_name, chart_type, formatter, broken)',
      nodes.map((n, i) => [n.nodeId, relationId, n.parentId, i, n.name, n.chartId, n.relationSourceId, n.isConcatenate, n.relationName, n.chartType, JSON.stringify(n.formatter), !!n.chartId && deleted.has(n.chartId)]),
    );
  }
}

function mapRevisions(list: Revision[]): relationV1.MapRevisionsReply {
  return { revisionsJson: JSON.stringify(list.map(entryOf)), objectJson: JSON.stringify({ label: list[0]?.label ?? '' }) };
}
