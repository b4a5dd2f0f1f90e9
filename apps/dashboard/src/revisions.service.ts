import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import type { Cache } from '@bi/cache';
import { AppError } from '@bi/core';
import type { SqlExecutor } from '@bi/persistence';
import type { dashboardV1 } from '@bi/proto';
import { entryOf, isRevisionKind, revisionDiff, RevisionStore, type Revision, type RevisionKind, type SummaryPart } from '@bi/revisions';
import { placeNewChart, type Tab } from '@bi/rules';
import { CACHE, CONFIG, idOrNotFound, tabOrInvalid } from '@bi/service-kit';
import { chartOf, definitionOf } from './chart-schema.js';
import { renewChartStamps } from './chart-stamps.js';
import { DashboardRepository, type ChartRow } from './dashboard.repository.js';

/** The kinds this service owns. */
type OwnKind = Extract<RevisionKind, 'dashboard' | 'chart'>;

interface Place {
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}
/** A chart's row with its definition (the repository's ChartRow and what the revision keeps of it). */
type StoredChart = ChartRow & { definition: unknown };
/** A chart as its revisions keep it: the whole definition (custom option and alerts included) and its dashboard. */
type ChartSnapshot = ReturnType<typeof chartOf> & { dashboardId: string };
/** A deleted chart also keeps its place and hide flag, which a restore brings back. */
type DeletedChart = ChartSnapshot & { place?: Place; hide?: boolean };
interface DashboardSnapshot {
  name: string;
  description: string;
  aspects: (Place & { chartId: string })[];
  hidden: string[];
  globalFilter: unknown[];
  /** chartId → its link settings */
  linkage: Record<string, unknown>;
}
/** A deleted dashboard keeps its folder and charts. */
type DeletedDashboard = DashboardSnapshot & { projectId: string; charts: StoredChart[] };

const SYSTEM = '';

function ownKind(kind: string): OwnKind {
  if (!isRevisionKind(kind) || (kind !== 'dashboard' && kind !== 'chart')) throw new AppError('invalid', 'revision.kind_invalid');
  return kind;
}

const placeOf = (a: Place & { chartId: string }): Place & { chartId: string } => ({ chartId: a.chartId, row: a.row, col: a.col, sizeX: a.sizeX, sizeY: a.sizeY });

/**
 * The history of dashboards and charts (issue 33, docs/api/revisions.md) over @bi/revisions: every
 * write of the dashboard service records the object's new snapshot (after the write, under the
 * store's per-object lock); a delete puts the object in the trash; a restore is a new revision.
 */
@Injectable()
export class DashboardRevisions {
  readonly store: RevisionStore;

  constructor(
    private readonly repo: DashboardRepository,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.store = new RevisionStore('dashboard', config.revisions);
  }

  // ---- snapshots ----

  async chartSnapshot(q: SqlExecutor, tab: string, id: string): Promise<{ snapshot: ChartSnapshot; row: StoredChart } | undefined> {
    const row = (await q.query<StoredChart>('SELECT id, dashboard_id, title, type, data_source_id, hide, definition FROM dashboard.charts WHERE tab = $1 AND id = $2', [tab, id])).rows[0];
    return row && { snapshot: { ...chartOf(row), dashboardId: row.dashboard_id }, row };
  }

  async dashboardSnapshot(q: SqlExecutor, tab: string, id: string): Promise<{ snapshot: DashboardSnapshot; projectId: string; charts: StoredChart[] } | undefined> {
    const row = await this.repo.content(tab, id, q);
    if (!row) return undefined;
    const charts = (await q.query<StoredChart>('SELECT id, dashboard_id, title, type, data_source_id, hide, definition FROM dashboard.charts WHERE dashboard_id = $1 ORDER BY created_at', [id])).rows;
    const ids = new Set(charts.map((c) => c.id));
    const linkage: Record<string, unknown> = {};
    for (const c of charts) {
      const l = (c.definition as { linkage?: unknown } | null)?.linkage;
      if (l) linkage[c.id] = l;
    }
    return {
      snapshot: {
        name: row.name,
        description: row.description,
        aspects: (row.aspects ?? []).filter((a) => ids.has(a.chartId)).map(placeOf),
        hidden: charts.filter((c) => c.hide).map((c) => c.id).sort(),
        globalFilter: row.global_filter ?? [],
        linkage,
      },
      projectId: row.project_id,
      charts,
    };
  }

  // ---- recording ----

  /** Records the object's state before a write when it has no history yet (objects older than issue 33). */
  async baseline(tab: string, kind: OwnKind, id: string): Promise<void> {
    await this.repo.db.transaction(async (tx) => {
      if (await this.store.newest(tx, kind, id)) return;
      await this.recordIn(tx, tab, kind, id, SYSTEM);
    });
  }

  /**
   * Records the object's state after a write by `actorId`. Editor saves fold (the same person within a
   * minute); adding, deleting and restoring never do (`fold: false`): each stays a revision of its own.
   */
  async record(tab: string, kind: OwnKind, id: string, actorId: string, options: { fold?: boolean } = {}): Promise<void> {
    await this.repo.db.transaction((tx) => this.recordIn(tx, tab, kind, id, actorId, options));
  }

  /** A write wrapped by its revisions: the state before (once), the write, the state after. */
  async around<T>(tab: string, objects: readonly [OwnKind, string][], actorId: string, write: () => Promise<T>): Promise<T> {
    for (const [kind, id] of objects) await this.baseline(tab, kind, id);
    const result = await write();
    for (const [kind, id] of objects) await this.record(tab, kind, id, actorId);
    return result;
  }

  private async recordIn(tx: SqlExecutor, tab: string, kind: OwnKind, id: string, actorId: string, extra: { restoredFrom?: number; summary?: SummaryPart[]; fold?: boolean } = {}) {
    const fold = extra.fold !== false && extra.restoredFrom === undefined;
    if (kind === 'chart') {
      const s = await this.chartSnapshot(tx, tab, id);
      if (!s) return undefined;
      return this.store.record(tx, { kind, objectId: id, scope: tab, actorId, snapshot: s.snapshot, label: s.row.title, parentId: s.row.dashboard_id, ...extra, fold });
    }
    const s = await this.dashboardSnapshot(tx, tab, id);
    if (!s) return undefined;
    return this.store.record(tx, { kind, objectId: id, scope: tab, actorId, snapshot: s.snapshot, label: s.snapshot.name, parentId: s.projectId, ...extra, fold });
  }

  /** Before a chart is deleted: its last state, place and hide flag go to the trash. */
  async trashChart(tab: string, id: string, actorId: string): Promise<void> {
    await this.baseline(tab, 'chart', id);
    await this.repo.db.transaction(async (tx) => {
      const s = await this.chartSnapshot(tx, tab, id);
      if (!s) return;
      const aspects = (await this.repo.content(tab, s.row.dashboard_id, tx))?.aspects ?? [];
      const a = aspects.find((x) => x.chartId === id);
      const snapshot: DeletedChart = { ...s.snapshot, hide: s.row.hide, ...(a ? { place: { row: a.row, col: a.col, sizeX: a.sizeX, sizeY: a.sizeY } } : {}) };
      await this.store.record(tx, { kind: 'chart', objectId: id, scope: tab, actorId, snapshot, label: s.row.title, parentId: s.row.dashboard_id, deleted: true, fold: false });
    });
  }

  /** Before a dashboard is deleted: its last state with its charts go to the trash. */
  async trashDashboard(tab: string, id: string, actorId: string): Promise<void> {
    await this.baseline(tab, 'dashboard', id);
    await this.repo.db.transaction(async (tx) => {
      const s = await this.dashboardSnapshot(tx, tab, id);
      if (!s) return;
      const snapshot: DeletedDashboard = { ...s.snapshot, projectId: s.projectId, charts: s.charts };
      await this.store.record(tx, { kind: 'dashboard', objectId: id, scope: tab, actorId, snapshot, label: s.snapshot.name, parentId: s.projectId, deleted: true, fold: false });
    });
  }

  // ---- reading ----

  async list(req: dashboardV1.RevisionRequest): Promise<dashboardV1.RevisionsReply> {
    const { tab, kind, id } = this.target(req);
    const revisions = await this.store.list(this.repo.db, kind, id, req.limit > 0 ? req.limit : 200);
    const newest = revisions[0];
    if (!newest) {
      // an object older than its history: its current state, if it exists, is the first revision
      await this.baseline(tab, kind, id);
      const first = await this.store.list(this.repo.db, kind, id, 1);
      if (first.length === 0) throw new AppError('not_found', kind === 'chart' ? 'chart.not_found' : 'dashboard.not_found');
      return this.reply(first);
    }
    if (newest.scope !== tab) throw new AppError('not_found', kind === 'chart' ? 'chart.not_found' : 'dashboard.not_found');
    return this.reply(revisions);
  }

  async diff(req: dashboardV1.RevisionRequest): Promise<dashboardV1.RevisionDiffReply> {
    const { tab, kind, id } = this.target(req);
    const r = await this.revision(tab, kind, id, req.rev);
    const against = await this.store.against(this.repo.db, kind, id, r.rev, req.against);
    const titles = new Map<string, string>();
    if (kind === 'dashboard') {
      // deleted charts keep their titles in their revisions
      for (const [chartId, title] of await this.store.labelsByParent(this.repo.db, 'chart', id)) titles.set(chartId, title);
      for (const c of (await this.repo.db.query<{ id: string; title: string }>('SELECT id, title FROM dashboard.charts WHERE dashboard_id = $1', [id])).rows) titles.set(c.id, c.title);
      for (const c of [...chartsOfSnapshot(r.snapshot), ...chartsOfSnapshot(against?.snapshot)]) if (!titles.has(c.id)) titles.set(c.id, c.title);
    }
    const diff = revisionDiff(kind, id, r.rev, against?.rev ?? 0, comparable(against), comparable(r), { titles });
    return { diffJson: JSON.stringify({ ...diff, dataSourceIds: [...new Set([...sourcesOf(kind, r.snapshot), ...sourcesOf(kind, against?.snapshot)])] }) };
  }

  async trash(req: dashboardV1.TrashRequest): Promise<dashboardV1.TrashReply> {
    const tab = tabOrInvalid(req.tab);
    const entries = await this.store.trash(this.repo.db, tab, ['dashboard', 'chart']);
    return {
      entriesJson: JSON.stringify(
        entries.map(({ snapshot, ...e }) => ({ ...e, dataSourceIds: sourcesOf(e.kind as OwnKind, snapshot) })),
      ),
    };
  }

  // ---- restoring ----

  /** Brings an existing object back to a revision's state; the restore is a new revision. */
  async restore(req: dashboardV1.RevisionRequest): Promise<dashboardV1.RevisionsReply> {
    const { tab, kind, id } = this.target(req);
    const r = await this.revision(tab, kind, id, req.rev);
    const newest = await this.store.newest(this.repo.db, kind, id);
    if (newest?.deleted) throw new AppError('invalid', 'revision.restore_deleted');
    const chartIds: string[] = [];
    await this.repo.db.transaction(async (tx) => {
      if (kind === 'chart') {
        const s = r.snapshot as DeletedChart;
        const row = await this.chartSnapshot(tx, tab, id);
        if (!row) throw new AppError('not_found', 'chart.not_found');
        const chart = { ...chartOf({ id, title: s.title, type: s.type, data_source_id: s.dataSourceId, definition: s }) };
        await tx.query('UPDATE dashboard.charts SET title = $3, type = $4, data_source_id = $5, definition = $6 WHERE tab = $1 AND id = $2', [tab, id, chart.title, chart.type, chart.dataSourceId, JSON.stringify(definitionOf(stripSnapshotFields(chart)))]);
        chartIds.push(id);
      } else {
        chartIds.push(...(await this.applyDashboard(tx, tab, id, r.snapshot as DashboardSnapshot)));
      }
      await this.recordIn(tx, tab, kind, id, req.actorId, { restoredFrom: r.rev, summary: [{ key: 'revision.restored', params: { rev: r.rev } }] });
      if (kind === 'chart') {
        const s = await this.chartSnapshot(tx, tab, id);
        if (s) await this.recordIn(tx, tab, 'dashboard', s.row.dashboard_id, req.actorId, { fold: false });
      }
    });
    await renewChartStamps(this.cache, chartIds);
    return this.reply(await this.store.list(this.repo.db, kind, id, 200));
  }

  /** Brings a deleted chart (to its dashboard and place) or dashboard (to its folder, with its charts) back from the trash. */
  async restoreFromTrash(req: dashboardV1.RevisionRequest): Promise<dashboardV1.RevisionsReply> {
    const { tab, kind, id } = this.target(req);
    const chartIds: string[] = [];
    await this.repo.db.transaction(async (tx) => {
      const t = await this.store.inTrash(tx, kind, id);
      if (!t || t.scope !== tab) throw new AppError('not_found', 'trash.not_found');
      if (kind === 'chart') {
        const s = t.snapshot as DeletedChart;
        const d = await this.repo.content(tab, s.dashboardId, tx);
        if (!d) throw new AppError('not_found', 'trash.parent_missing');
        const chart = stripSnapshotFields(chartOf({ id, title: s.title, type: s.type, data_source_id: s.dataSourceId, definition: s }));
        const charts = await this.repo.charts(s.dashboardId, tx);
        const ids = new Set(charts.map((c) => c.chartId));
        const definition = definitionOf(chart) as { linkage?: { targets: { chartId: string }[] } };
        if (definition.linkage) {
          const targets = definition.linkage.targets.filter((x) => ids.has(x.chartId));
          if (targets.length) definition.linkage = { ...definition.linkage, targets };
          else delete definition.linkage;
        }
        await this.repo.insertChart(tx, { id, dashboardId: s.dashboardId, tab, title: chart.title, type: chart.type, dataSourceId: chart.dataSourceId, hide: s.hide ?? false, definition });
        const aspects = (d.aspects ?? []).filter((a) => ids.has(a.chartId)).map(placeOf);
        const place = s.place && !aspects.some((a) => overlaps(a, s.place!)) ? s.place : placeNewChart(aspects);
        aspects.push({ chartId: id, ...place });
        await this.repo.saveAspects(tab, s.dashboardId, aspects.map(gridItem), tx);
        chartIds.push(id);
        await this.recordIn(tx, tab, 'chart', id, req.actorId, { restoredFrom: t.rev, summary: [{ key: 'revision.restored_from_trash' }] });
        await this.recordIn(tx, tab, 'dashboard', s.dashboardId, req.actorId, { fold: false });
      } else {
        const s = t.snapshot as DeletedDashboard;
        if (!(await this.repo.findProject(tab, s.projectId, tx))) throw new AppError('not_found', 'trash.parent_missing');
        const order = await this.repo.nextDashboardOrder(s.projectId, tx);
        await this.repo.insertDashboard(tx, { id, tab, projectId: s.projectId, name: s.name, description: s.description, order, userId: null, aspects: s.aspects.map(gridItem), globalFilter: s.globalFilter });
        // charts deleted with the dashboard come back with it; a chart id in use again (restored alone meanwhile) is skipped
        const taken = new Set((await tx.query<{ id: string }>('SELECT id FROM dashboard.charts WHERE id = ANY($1::uuid[])', [s.charts.map((c) => c.id)])).rows.map((r) => r.id));
        const charts = s.charts.filter((c) => !taken.has(c.id));
        if (charts.length) await this.repo.insertCharts(tx, charts.map((c) => ({ id: c.id, dashboardId: id, tab, title: c.title, type: c.type, dataSourceId: c.data_source_id, hide: c.hide, definition: c.definition })));
        chartIds.push(...charts.map((c) => c.id));
        await this.recordIn(tx, tab, 'dashboard', id, req.actorId, { restoredFrom: t.rev, summary: [{ key: 'revision.restored_from_trash' }] });
      }
    });
    await renewChartStamps(this.cache, chartIds);
    return this.reply(await this.store.list(this.repo.db, kind, id, 200));
  }

  /** Sets a dashboard to a snapshot: name, layout, hide flags, global filters and link settings (of the charts still on it). */
  private async applyDashboard(tx: SqlExecutor, tab: Tab, id: string, s: DashboardSnapshot): Promise<string[]> {
    const current = await this.dashboardSnapshot(tx, tab, id);
    if (!current) throw new AppError('not_found', 'dashboard.not_found');
    const ids = new Set(current.charts.map((c) => c.id));
    const aspects = s.aspects.filter((a) => ids.has(a.chartId));
    await tx.query('UPDATE dashboard.dashboards SET name = $3, description = $4, aspects = $5, global_filter = $6 WHERE tab = $1 AND id = $2', [
      tab,
      id,
      s.name,
      s.description,
      JSON.stringify(aspects.map(gridItem)),
      JSON.stringify(s.globalFilter ?? []),
    ]);
    const hidden = new Set(s.hidden);
    const changed: string[] = [];
    for (const c of current.charts) {
      const def = { ...((c.definition && typeof c.definition === 'object' ? c.definition : {}) as Record<string, unknown>) };
      const link = s.linkage?.[c.id] as { targets?: { chartId: string }[] } | undefined;
      const targets = link?.targets?.filter((x) => ids.has(x.chartId)) ?? [];
      if (targets.length) def.linkage = { ...link, targets };
      else delete def.linkage;
      const hide = hidden.has(c.id);
      if (hide !== c.hide || JSON.stringify(def.linkage ?? null) !== JSON.stringify((c.definition as { linkage?: unknown } | null)?.linkage ?? null)) {
        await tx.query('UPDATE dashboard.charts SET hide = $2, definition = $3 WHERE id = $1', [c.id, hide, JSON.stringify(def)]);
        changed.push(c.id);
      }
    }
    return changed;
  }

  // ---- helpers ----

  private target(req: dashboardV1.RevisionRequest): { tab: Tab; kind: OwnKind; id: string } {
    const kind = ownKind(req.kind);
    const tab = tabOrInvalid(req.tab);
    idOrNotFound(req.objectId, kind === 'chart' ? 'chart.not_found' : 'dashboard.not_found');
    return { tab, kind, id: req.objectId };
  }

  private async revision(tab: string, kind: OwnKind, id: string, rev: number): Promise<Revision> {
    const r = Number.isInteger(rev) && rev > 0 ? await this.store.get(this.repo.db, kind, id, rev) : undefined;
    if (!r || r.scope !== tab) throw new AppError('not_found', 'revision.not_found');
    return r;
  }

  private reply(revisions: Revision[]): dashboardV1.RevisionsReply {
    const newest = revisions[0]!;
    return {
      revisionsJson: JSON.stringify(revisions.map(entryOf)),
      objectJson: JSON.stringify({ label: newest.label, parentId: newest.parentId, deleted: newest.deleted, dataSourceIds: sourcesOf(newest.kind as OwnKind, newest.snapshot) }),
    };
  }
}

/** A revision's snapshot as a diff compares it (a deleted one without what only the trash needs). */
function comparable(r: Revision | undefined): unknown {
  if (!r) return undefined;
  const { charts: _charts, projectId: _project, place: _place, hide: _hide, ...rest } = r.snapshot as Record<string, unknown>;
  return rest;
}

function chartsOfSnapshot(snapshot: unknown): { id: string; title: string }[] {
  const charts = (snapshot as { charts?: unknown } | undefined)?.charts;
  return Array.isArray(charts) ? (charts as StoredChart[]).map((c) => ({ id: c.id, title: c.title })) : [];
}

/** The sources an object's snapshot uses (the BFF checks the reader's access to each). */
function sourcesOf(kind: OwnKind, snapshot: unknown): string[] {
  if (!snapshot || typeof snapshot !== 'object') return [];
  if (kind === 'chart') {
    const id = (snapshot as { dataSourceId?: unknown }).dataSourceId;
    return typeof id === 'string' && id ? [id] : [];
  }
  return [...new Set(chartsOfSnapshot(snapshot).length ? ((snapshot as DeletedDashboard).charts.map((c) => c.data_source_id).filter(Boolean)) : [])];
}

function stripSnapshotFields<T extends object>(chart: T): T {
  const { dashboardId: _d, place: _p, hide: _h, ...rest } = chart as T & { dashboardId?: unknown; place?: unknown; hide?: unknown };
  return rest as T;
}

function overlaps(a: Place, b: Place): boolean {
  return a.col < b.col + b.sizeX && b.col < a.col + a.sizeX && a.row < b.row + b.sizeY && b.row < a.row + a.sizeY;
}

function gridItem(a: Place & { chartId: string }): dashboardV1.GridItem {
  return { chartId: a.chartId, row: a.row, col: a.col, sizeX: a.sizeX, sizeY: a.sizeY, minSizeX: 0, minSizeY: 0, maxSizeX: 0, maxSizeY: 0 };
}
