import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from '@bi/cache';
import { AppError } from '@bi/core';
import type { dashboardV1 } from '@bi/proto';
import { LINKAGE_LIMITS, chartLinkageSchema, checkLinkage, copiedWarnConfig, isChartType, type ChartLinkage, type DashboardLinkage } from '@bi/chart-model';
import { checkGlobalFilters, globalFilterMessage, parseGlobalFilters, type GlobalFilterProblem } from '@bi/query';
import { chartOf, definitionOf } from './chart-schema.js';
import { GRID, charLength, hasLineBreak, isReserved, placeNewChart, type Tab } from '@bi/rules';
import { CACHE, idOrNotFound, isUuid, tabOrInvalid, validName } from '@bi/service-kit';
import { renewChartStamps } from './chart-stamps.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardRevisions } from './revisions.service.js';

const MAX_CHARTS_PER_DASHBOARD = 200;

/** Link settings as SaveLinkage receives them: the wire schema of @bi/chart-model (bounded; the rules are checkLinkage's). */
const linkageSchema = chartLinkageSchema;

/** A definition's linkage with the targets still on the dashboard (a deleted chart's links are left out). */
function liveLinkage(definition: unknown, chartIds: ReadonlySet<string>): ChartLinkage | undefined {
  const l = (definition as { linkage?: ChartLinkage } | null)?.linkage;
  if (!l || !Array.isArray(l.targets)) return undefined;
  const targets = l.targets.filter((t) => chartIds.has(t.chartId));
  return targets.length > 0 ? { targets } : undefined;
}

/** A refused global filter list as the message of libs/i18n. */
function globalFilterError(problem: GlobalFilterProblem): AppError {
  const { key, params } = globalFilterMessage(problem);
  return new AppError('invalid', key, params);
}

/** Folders, dashboards, layout and chart placement of both tabs (spec 01 §3–§5). */
@Injectable()
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    @Inject(CACHE) private readonly cache: Cache,
    private readonly revisions: DashboardRevisions,
  ) {}

  listProjects(tab: string) {
    return this.repo.listProjects(tabOrInvalid(tab));
  }

  async createProject(tab: string, name: string, userId: string): Promise<dashboardV1.Project> {
    const t = tabOrInvalid(tab);
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    if (await this.repo.projectNameTaken(t, n)) throw new AppError('conflict', 'name.used');
    const id = randomUUID();
    const order = await this.repo.nextProjectOrder(t);
    await this.repo.insertProject(t, id, n, order, isUuid(userId) ? userId : null).catch((e) => {
      // Two creates racing past the check meet the unique index.
      if (String(e).includes('projects_tab_name')) throw new AppError('conflict', 'name.used');
      throw e;
    });
    return { projectId: id, name: n, order, dashboards: [] };
  }

  async renameProject(tab: string, projectId: string, name: string): Promise<dashboardV1.Project> {
    const t = tabOrInvalid(tab);
    const project = await this.project(t, projectId);
    if (isReserved(project.name)) throw new AppError('invalid', 'name.reserved');
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    if (await this.repo.projectNameTaken(t, n, projectId)) throw new AppError('conflict', 'name.used');
    await this.repo.renameProject(t, projectId, n).catch((e) => {
      // a rename racing past the check meets the unique index
      if (String(e).includes('projects_tab_name')) throw new AppError('conflict', 'name.used');
      throw e;
    });
    return { ...project, name: n };
  }

  /** Deletes the folder with every dashboard and chart in it (the web confirms first). */
  async deleteProject(tab: string, projectId: string): Promise<dashboardV1.DeleteProjectReply> {
    const t = tabOrInvalid(tab);
    const project = await this.project(t, projectId);
    if (isReserved(project.name)) throw new AppError('invalid', 'name.reserved');
    const deleted = await this.repo.deleteProject(t, projectId);
    await renewChartStamps(this.cache, deleted.chartIds);
    return { projectId, deletedDashboards: deleted.dashboards };
  }

  async createDashboard(req: dashboardV1.CreateDashboardRequest): Promise<dashboardV1.Dashboard> {
    const t = tabOrInvalid(req.tab);
    if (!req.projectId) throw new AppError('invalid', 'project.required');
    const n = validName(req.name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    await this.project(t, req.projectId);
    const description = (req.description ?? '').slice(0, 500);
    const id = randomUUID();
    const order = await this.repo.nextDashboardOrder(req.projectId);
    await this.repo.insertDashboard(this.repo.db, { id, tab: t, projectId: req.projectId, name: n, description, order, userId: isUuid(req.userId) ? req.userId : null });
    await this.revisions.record(t, 'dashboard', id, req.userId);
    return { dashboardId: id, projectId: req.projectId, name: n, description, order };
  }

  async renameDashboard(tab: string, dashboardId: string, name: string, actorId = ''): Promise<dashboardV1.Dashboard> {
    const t = tabOrInvalid(tab);
    const d = await this.dashboard(t, dashboardId);
    if (isReserved(d.name)) throw new AppError('invalid', 'name.reserved');
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    await this.revisions.around(t, [['dashboard', dashboardId]], actorId, () => this.repo.updateDashboard(t, dashboardId, { name: n }));
    return { ...d, name: n };
  }

  async deleteDashboard(tab: string, dashboardId: string, actorId = ''): Promise<void> {
    const t = tabOrInvalid(tab);
    const d = await this.dashboard(t, dashboardId);
    if (isReserved(d.name)) throw new AppError('invalid', 'name.reserved');
    // into the trash first (issue 33): restorable for BI_TRASH_DAYS with its charts
    await this.revisions.trashDashboard(t, dashboardId, actorId);
    await renewChartStamps(this.cache, await this.repo.deleteDashboard(t, dashboardId));
  }

  async moveDashboard(tab: string, dashboardId: string, projectId: string): Promise<dashboardV1.Dashboard> {
    const t = tabOrInvalid(tab);
    if (!projectId) throw new AppError('invalid', 'project.required');
    const d = await this.dashboard(t, dashboardId);
    await this.project(t, projectId);
    if (d.projectId === projectId) return d;
    const order = await this.repo.nextDashboardOrder(projectId);
    await this.repo.updateDashboard(t, dashboardId, { projectId, order });
    return { ...d, projectId, order };
  }

  /** A new dashboard with copies of the charts and their placements. */
  async copyDashboard(req: dashboardV1.CopyDashboardRequest): Promise<dashboardV1.Dashboard> {
    const t = tabOrInvalid(req.tab);
    const source = await this.dashboard(t, req.dashboardId);
    if (isReserved(source.name)) throw new AppError('invalid', 'name.reserved');
    const n = validName(req.name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    const projectId = req.projectId || source.projectId;
    await this.project(t, projectId);
    const id = randomUUID();
    return this.repo.db.transaction(async (tx) => {
      const content = await this.repo.content(t, source.dashboardId, tx);
      const charts = await this.repo.chartsWithDefinitions(source.dashboardId, tx);
      const newIds = new Map(charts.map((c) => [c.id, randomUUID()]));
      const order = await this.repo.nextDashboardOrder(projectId, tx);
      const aspects = (content.aspects ?? []).filter((a) => newIds.has(a.chartId)).map((a) => ({ ...a, chartId: newIds.get(a.chartId)! }));
      await this.repo.insertDashboard(tx, { id, tab: t, projectId, name: n, description: source.description, order, userId: null, aspects, globalFilter: content.global_filter });
      await this.repo.insertCharts(
        tx,
        charts.map((c) => ({ id: newIds.get(c.id)!, dashboardId: id, tab: t, title: c.title, type: c.type, dataSourceId: c.data_source_id, hide: c.hide, definition: withCopiedWarnings(withCopiedLinkage(c.definition, newIds), req.userId) })),
      );
      return { dashboardId: id, projectId, name: n, description: source.description, order };
    });
  }

  async sort(tab: string, id: string, order: number): Promise<dashboardV1.SortReply> {
    const t = tabOrInvalid(tab);
    if (!Number.isFinite(order) || Math.abs(order) > 1e12) throw new AppError('invalid', 'order.invalid');
    idOrNotFound(id, 'dashboard.not_found');
    if (await this.repo.setProjectOrder(t, id, order)) return { id, kind: 'project', order };
    if (await this.repo.setDashboardOrder(t, id, order)) return { id, kind: 'dashboard', order };
    throw new AppError('not_found', 'dashboard.not_found');
  }

  async content(tab: string, dashboardId: string): Promise<dashboardV1.DashboardContent> {
    const t = tabOrInvalid(tab);
    idOrNotFound(dashboardId, 'dashboard.not_found');
    const row = await this.repo.content(t, dashboardId);
    if (!row) throw new AppError('not_found', 'dashboard.not_found');
    const charts = await this.repo.charts(dashboardId);
    const ids = new Set(charts.map((c) => c.chartId));
    const linkage: DashboardLinkage[] = [];
    for (const c of await this.repo.chartLinkages(dashboardId)) {
      const live = ids.has(c.id) ? liveLinkage(c.definition, ids) : undefined;
      if (live) linkage.push({ chartId: c.id, dimensions: chartOf({ ...c, title: '', type: 'bar', data_source_id: '' }).points.map(({ name, dataType, granularity }) => ({ name, dataType, granularity })), ...live });
    }
    return {
      dashboardId: row.id,
      projectId: row.project_id,
      projectName: row.project_name,
      name: row.name,
      description: row.description,
      // A chart without a stored placement (layout never saved) gets the default one.
      aspects: withPlacements(row.aspects.filter((a) => ids.has(a.chartId)), charts),
      charts,
      globalFilterJson: JSON.stringify(row.global_filter ?? []),
      linkageJson: JSON.stringify(linkage),
    };
  }

  async saveLayout(tab: string, dashboardId: string, aspects: dashboardV1.GridItem[], actorId = ''): Promise<dashboardV1.DashboardContent> {
    const t = tabOrInvalid(tab);
    await this.dashboard(t, dashboardId);
    const charts = new Set((await this.repo.charts(dashboardId)).map((c) => c.chartId));
    const seen = new Set<string>();
    for (const a of aspects) {
      if (!charts.has(a.chartId)) throw new AppError('invalid', 'layout.invalid', { detail: `chart ${a.chartId} is not on this dashboard` });
      if (seen.has(a.chartId)) throw new AppError('invalid', 'layout.invalid', { detail: `chart ${a.chartId} placed twice` });
      seen.add(a.chartId);
      const ints = [a.row, a.col, a.sizeX, a.sizeY].every((v) => Number.isInteger(v));
      if (!ints || a.row < 0 || a.row >= GRID.maxRows || a.col < 0 || a.sizeX < 1 || a.sizeY < 1 || a.sizeY > 100 || a.col + a.sizeX > GRID.cols)
        throw new AppError('invalid', 'layout.invalid', { detail: `chart ${a.chartId} does not fit the 12-column grid` });
    }
    await this.revisions.around(t, [['dashboard', dashboardId]], actorId, () => this.repo.saveAspects(t, dashboardId, aspects.map(normaliseItem)));
    return this.content(t, dashboardId);
  }

  async listCharts(tab: string, dashboardId: string) {
    const t = tabOrInvalid(tab);
    await this.dashboard(t, dashboardId);
    return this.repo.charts(dashboardId);
  }

  async saveHideSettings(tab: string, items: dashboardV1.HideSetting[], actorId = '') {
    const t = tabOrInvalid(tab);
    const changed: dashboardV1.ChartSummary[] = [];
    const dashboards = new Set<string>();
    for (const item of items) {
      idOrNotFound(item.chartId, 'chart.not_found');
      const before = await this.repo.findChart(t, item.chartId);
      if (!before) throw new AppError('not_found', 'chart.not_found');
      if (!dashboards.has(before.dashboardId)) await this.revisions.baseline(t, 'dashboard', before.dashboardId);
      dashboards.add(before.dashboardId);
      const c = await this.repo.setChartHidden(t, item.chartId, item.hide);
      if (!c) throw new AppError('not_found', 'chart.not_found');
      changed.push(c);
    }
    for (const id of dashboards) await this.revisions.record(t, 'dashboard', id, actorId);
    return changed;
  }

  async createChart(req: dashboardV1.CreateChartRequest): Promise<dashboardV1.ChartSummary> {
    const t = tabOrInvalid(req.tab);
    const title = (req.title ?? '').trim();
    if (charLength(title) < 1 || charLength(title) > 50) throw new AppError('invalid', 'chart.title_length');
    if (hasLineBreak(title)) throw new AppError('invalid', 'chart.title_line_break');
    const type = req.type || 'bar';
    if (!isChartType(type)) throw new AppError('invalid', 'request.invalid', { detail: `type ${type}` });
    await this.dashboard(t, req.dashboardId);
    await this.revisions.baseline(t, 'dashboard', req.dashboardId);
    const id = randomUUID();
    await this.repo.db.transaction(async (tx) => {
      const row = await this.repo.content(t, req.dashboardId, tx);
      const charts = await this.repo.charts(req.dashboardId, tx);
      if (charts.length >= MAX_CHARTS_PER_DASHBOARD) throw new AppError('invalid', 'layout.invalid', { detail: `at most ${MAX_CHARTS_PER_DASHBOARD} charts` });
      await this.repo.insertChart(tx, { id, dashboardId: req.dashboardId, tab: t, title, type, dataSourceId: (req.dataSourceId ?? '').slice(0, 64) });
      const aspects = withPlacements(row.aspects, charts);
      aspects.push(normaliseItem({ chartId: id, ...placeNewChart(aspects) } as dashboardV1.GridItem));
      await this.repo.saveAspects(t, req.dashboardId, aspects, tx);
    });
    await this.revisions.record(t, 'chart', id, req.actorId);
    await this.revisions.record(t, 'dashboard', req.dashboardId, req.actorId, { fold: false });
    return { chartId: id, dashboardId: req.dashboardId, title, type, dataSourceId: req.dataSourceId ?? '', hide: false };
  }

  async deleteChart(tab: string, chartId: string, actorId = ''): Promise<void> {
    const t = tabOrInvalid(tab);
    idOrNotFound(chartId, 'chart.not_found');
    const chart = await this.repo.findChart(t, chartId);
    if (!chart) throw new AppError('not_found', 'chart.not_found');
    // into the trash first (issue 33): restorable with its place for BI_TRASH_DAYS
    await this.revisions.baseline(t, 'dashboard', chart.dashboardId);
    await this.revisions.trashChart(t, chartId, actorId);
    await this.repo.deleteChart(t, chartId);
    await this.revisions.record(t, 'dashboard', chart.dashboardId, actorId, { fold: false });
    await renewChartStamps(this.cache, [chartId]);
  }

  /**
   * A copy of a chart (new id, same definition without its link settings, whose targets are charts of
   * its own dashboard) placed at the end of the target dashboard's grid, in the same or the other tab.
   */
  async copyChart(req: dashboardV1.CopyChartRequest): Promise<dashboardV1.ChartSummary> {
    const t = tabOrInvalid(req.tab);
    const target = tabOrInvalid(req.targetTab || req.tab);
    idOrNotFound(req.chartId, 'chart.not_found');
    await this.dashboard(target, req.targetDashboardId);
    await this.revisions.baseline(target, 'dashboard', req.targetDashboardId);
    const id = randomUUID();
    return this.repo.db.transaction(async (tx) => {
      const source = await this.repo.chartWithDefinition(t, req.chartId, tx);
      if (!source) throw new AppError('not_found', 'chart.not_found');
      const row = await this.repo.content(target, req.targetDashboardId, tx);
      const charts = await this.repo.charts(req.targetDashboardId, tx);
      if (charts.length >= MAX_CHARTS_PER_DASHBOARD) throw new AppError('invalid', 'layout.invalid', { detail: `at most ${MAX_CHARTS_PER_DASHBOARD} charts` });
      const { linkage: _links, ...definition } = (source.definition && typeof source.definition === 'object' ? source.definition : {}) as { linkage?: unknown };
      await this.repo.insertChart(tx, { id, dashboardId: req.targetDashboardId, tab: target, title: source.title, type: source.type, dataSourceId: source.data_source_id, definition: withCopiedWarnings(definition, req.userId) });
      const aspects = withPlacements(row.aspects, charts);
      aspects.push(normaliseItem({ chartId: id, ...placeNewChart(aspects) } as dashboardV1.GridItem));
      await this.repo.saveAspects(target, req.targetDashboardId, aspects, tx);
      return { chartId: id, dashboardId: req.targetDashboardId, title: source.title, type: source.type, dataSourceId: source.data_source_id, hide: false };
    }).then(async (copy) => {
      await this.revisions.record(target, 'chart', id, req.userId);
      await this.revisions.record(target, 'dashboard', req.targetDashboardId, req.userId, { fold: false });
      return copy;
    });
  }

  /**
   * Sets the charts a chart's click filters (docs/api/dashboard.md "Link settings"): other charts of
   * its dashboard, each mapping dimensions of the chart to fields of the target's source (the BFF sends
   * those fields, read from data-source). No targets removes the settings.
   */
  async saveLinkage(req: dashboardV1.SaveLinkageRequest): Promise<dashboardV1.DashboardContent> {
    const t = tabOrInvalid(req.tab);
    idOrNotFound(req.chartId, 'chart.not_found');
    let raw: unknown;
    try {
      raw = JSON.parse(req.linkageJson || '{"targets":[]}');
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'linkage: expected JSON' });
    }
    const parsed = linkageSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.code === 'too_big' && issue.path.length <= 3) throw new AppError('invalid', 'linkage.too_many', { targets: LINKAGE_LIMITS.targets, fields: LINKAGE_LIMITS.fields });
      throw new AppError('invalid', 'request.invalid', { detail: `${issue.path.join('.') || 'linkage'}: ${issue.message}` });
    }
    const linkage: ChartLinkage = parsed.data;
    const owner = await this.repo.findChart(t, req.chartId);
    if (owner) await this.revisions.baseline(t, 'dashboard', owner.dashboardId);
    await this.revisions.baseline(t, 'chart', req.chartId);
    const dashboardId = await this.repo.db.transaction(async (tx) => {
      const source = await this.repo.chartWithDefinition(t, req.chartId, tx);
      if (!source) throw new AppError('not_found', 'chart.not_found');
      const chart = chartOf(source);
      const onDashboard = new Map((await this.repo.charts(source.dashboard_id, tx)).map((c) => [c.chartId, c]));
      const fields = new Map(req.targetFields.map((f) => [f.chartId, f.fields.map((x) => x.name)]));
      const dims = chart.points.map((p) => p.name);
      if (linkage.targets.length > 0 && dims.length === 0) throw new AppError('invalid', 'linkage.no_dimension');
      const problem = checkLinkage(req.chartId, linkage, dims, (id) => (onDashboard.has(id) ? (fields.get(id) ?? []) : undefined));
      if (problem) {
        const title = 'chartId' in problem ? (onDashboard.get(problem.chartId)?.title ?? '') : '';
        throw new AppError('invalid', `linkage.${problem.kind}`, { ...problem, title, targets: LINKAGE_LIMITS.targets, fields: LINKAGE_LIMITS.fields });
      }
      if (linkage.targets.length > 0) chart.linkage = linkage;
      else delete chart.linkage;
      await tx.query('UPDATE dashboard.charts SET definition = $3 WHERE tab = $1 AND id = $2', [t, req.chartId, JSON.stringify(definitionOf(chart))]);
      return source.dashboard_id;
    });
    await this.revisions.record(t, 'chart', req.chartId, req.actorId);
    await this.revisions.record(t, 'dashboard', dashboardId, req.actorId);
    await renewChartStamps(this.cache, [req.chartId]);
    return this.content(t, dashboardId);
  }

  /**
   * Stores the dashboard's global filter list (docs/api/dashboard.md "Global filters") after the rules
   * of @bi/query checkGlobalFilters: each item's field in its table, every chart it lists on this
   * dashboard with a mapped field of the same type (the BFF sends the fields of the sources it read).
   * Charts whose answers depend on the list are the web's to rerun; nothing cached here changes.
   */
  async saveGlobalFilter(req: dashboardV1.SaveGlobalFilterRequest): Promise<dashboardV1.DashboardContent> {
    const t = tabOrInvalid(req.tab);
    await this.dashboard(t, req.dashboardId);
    let raw: unknown;
    try {
      raw = JSON.parse(req.globalFilterJson || '[]');
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'globalFilter: expected JSON' });
    }
    const parsed = parseGlobalFilters(raw);
    if ('problem' in parsed) throw globalFilterError(parsed.problem);
    const charts = new Map((await this.repo.charts(req.dashboardId)).map((c) => [c.chartId, c.dataSourceId]));
    const fields = new Map(req.sources.map((s) => [s.dataSourceId, s.fields.map((f) => ({ name: f.name, dataType: f.dataType as 'string' | 'number' | 'date' }))]));
    const problem = checkGlobalFilters(parsed.items, { sourceFields: (id) => fields.get(id), chartSource: (id) => charts.get(id) });
    if (problem) throw globalFilterError(problem);
    await this.revisions.around(t, [['dashboard', req.dashboardId]], req.actorId, () =>
      this.repo.db.query('UPDATE dashboard.dashboards SET global_filter = $3 WHERE tab = $1 AND id = $2', [t, req.dashboardId, JSON.stringify(parsed.items)]),
    );
    return this.content(t, req.dashboardId);
  }

  private async project(tab: Tab, projectId: string) {
    idOrNotFound(projectId, 'project.not_found');
    const p = await this.repo.findProject(tab, projectId);
    if (!p) throw new AppError('not_found', 'project.not_found');
    return p;
  }

  private async dashboard(tab: Tab, dashboardId: string) {
    idOrNotFound(dashboardId, 'dashboard.not_found');
    const d = await this.repo.findDashboard(tab, dashboardId);
    if (!d) throw new AppError('not_found', 'dashboard.not_found');
    return d;
  }
}

function normaliseItem(a: dashboardV1.GridItem): dashboardV1.GridItem {
  return {
    chartId: a.chartId,
    row: a.row,
    col: a.col,
    sizeX: a.sizeX,
    sizeY: a.sizeY,
    minSizeX: a.minSizeX ?? 0,
    minSizeY: a.minSizeY ?? 0,
    maxSizeX: a.maxSizeX ?? 0,
    maxSizeY: a.maxSizeY ?? 0,
  };
}

/** A copied dashboard's chart definition: its link settings point at the copies of their targets. */
export function withCopiedLinkage(definition: unknown, newIds: ReadonlyMap<string, string>): unknown {
  const live = liveLinkage(definition, new Set(newIds.keys()));
  const { linkage: _old, ...rest } = (definition && typeof definition === 'object' ? definition : {}) as { linkage?: unknown };
  return live ? { ...rest, linkage: { targets: live.targets.map((t) => ({ ...t, chartId: newIds.get(t.chartId)! })) } } : rest;
}

/**
 * A copied chart's alerts (issue 26): new alert ids and the copier as their owner — a copy never runs
 * with the rights of the original's owner, nor shares its firing state.
 */
export function withCopiedWarnings(definition: unknown, copierId: string): unknown {
  if (!definition || typeof definition !== 'object' || !('warnConfigData' in definition)) return definition;
  const d = definition as { warnConfigData?: unknown };
  return { ...d, warnConfigData: copiedWarnConfig(d.warnConfigData, isUuid(copierId) ? copierId : '', randomUUID) };
}

/** The stored placements plus a default one for each chart that has none. */
function withPlacements(aspects: dashboardV1.GridItem[], charts: dashboardV1.ChartSummary[]): dashboardV1.GridItem[] {
  const out = aspects.map(normaliseItem);
  for (const c of charts) if (!out.some((a) => a.chartId === c.chartId)) out.push(normaliseItem({ chartId: c.chartId, ...placeNewChart(out) } as dashboardV1.GridItem));
  return out;
}
