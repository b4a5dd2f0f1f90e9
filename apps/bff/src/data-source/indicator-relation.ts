import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { canUseTab } from '@bi/access';
import type { IndicatorImportPayload } from '@bi/chart-model';
import { AppError, type MessageKey } from '@bi/core';
import type { Language } from '@bi/i18n';
import type { dashboardV1, dataSourceQueryV1, dataSourceV1, relationV1 } from '@bi/proto';
import { checkName, GRID, NAME_MAX } from '@bi/rules';
import { sourceFieldRefs } from '../chart/chart.controller.js';
import { DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, RELATION_CLIENT, rpc } from '../grpc-clients.js';
import { principalOf, type AuthUser } from '../http/auth.guard.js';
import { dashboardRelationNodes } from '../relation/relation-generate.js';
import { TemplateVisibility } from '../template/template-visibility.js';

/** A target of an import's answer (apps/data-source IndicatorService ImportedTarget). */
export interface ImportedTargetView {
  id: string;
  text: string;
  rootText: string;
  importSuccess: boolean;
  dataSourceId: string | null;
}

/** What a generation made: the relation map and the dashboard holding its charts (both of the dashboard tab). */
export interface GeneratedRelation {
  relationId: string;
  relationProjectId: string;
  dashboardId: string;
  dashboardProjectId: string;
  name: string;
}

/** The template dashboard a generation copies, read and checked before anything is imported. */
export interface RelationPattern {
  template: dashboardV1.TreeDashboard;
  chart: dashboardV1.TreeChart;
  aspect: { sizeX: number; sizeY: number };
}

const TAB = 'dashboard';
/** the relation map's layout: a top-bottom tree (spec 02 §3 Relation node chartType 1) */
const TREE_LAYOUT = 1;

/** Whether a payload target is marked as one a relation map can be generated for (the tree's relation 'True'). */
function relationMarked(t: IndicatorImportPayload['targets'][number]): boolean {
  return typeof t !== 'string' && (t.relation === true || t.relation === 'True');
}

/**
 * Relation-map generation of an indicator import (spec 02 §4, §8 generateRelation + relationTemplateId;
 * docs/adr/0016): the template dashboard's first chart is the pattern, copied once per imported target
 * onto that target's new source into a new dashboard of the dashboard tab (the folder named like the
 * sources' folder); the chart fields the new source lacks are dropped (the source-switch rules); then a
 * relation map over those charts (root = the first target marked relation 'True', the others its
 * children) in the relation folder of that name. Everything runs as the importing user: the template must
 * be one they see (@bi/access canSeeTemplate, via TemplateVisibility), writing dashboards needs the
 * dashboard tab's write right (canUseTab), the map is created by them (canReadRelation: its creator).
 */
@Injectable()
export class IndicatorRelationGenerator {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(RELATION_CLIENT) private readonly relations: relationV1.RelationServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    private readonly templates: TemplateVisibility,
  ) {}

  /** Before the import: the template chosen, visible to the user, with a chart; the user may write dashboards. */
  async pattern(user: AuthUser, p: IndicatorImportPayload): Promise<RelationPattern> {
    if (!p.relationTemplateId) throw new AppError('invalid', 'indicator.relation_template_required');
    const principal = principalOf(user);
    if (!canUseTab(principal, 'template', 'read') || !canUseTab(principal, TAB, 'write')) throw new AppError('forbidden', 'auth.forbidden');
    await this.templates.checkDashboard(user, p.relationTemplateId);
    const template = (await rpc(this.dashboards.readTree({ tab: 'template', dashboardIds: [p.relationTemplateId] }))).dashboards[0];
    if (!template) throw new AppError('not_found', 'dashboard.not_found');
    const aspects = parseAspects(template.aspectsJson);
    const place = new Map(aspects.map((a) => [a.chartId, a]));
    const charts = [...template.charts].sort((x, y) => {
      const a = place.get(x.key);
      const c = place.get(y.key);
      if (!a || !c) return a ? -1 : c ? 1 : 0;
      return a.row - c.row || a.col - c.col;
    });
    const chart = charts[0];
    if (!chart) throw new AppError('invalid', 'relation.dashboard_empty');
    const at = place.get(chart.key);
    return { template, chart, aspect: { sizeX: clampSize(at?.sizeX, GRID.defaultSizeX, GRID.cols), sizeY: clampSize(at?.sizeY, GRID.defaultSizeY, 24) } };
  }

  /** After the import: the dashboard and the relation map over the imported targets (none imported: nothing made). */
  async generate(user: AuthUser, p: IndicatorImportPayload, pattern: RelationPattern, imported: ImportedTargetView[], language: Language): Promise<GeneratedRelation | null> {
    const ok = imported.filter((t): t is ImportedTargetView & { dataSourceId: string } => t.importSuccess && !!t.dataSourceId);
    if (!ok.length) return null;
    const marked = new Set(p.targets.filter(relationMarked).map((t) => (typeof t === 'string' ? t : t.id)));
    const root = ok.find((t) => marked.has(t.id)) ?? ok[0]!;
    const ordered = [root, ...ok.filter((t) => t !== root)];
    const folder = await rpc(this.sources.getProject({ projectId: p.projectId }));
    const name = [p.name.trim(), root.text, pattern.template.name].find((n) => n && !checkName(n)) ?? pattern.template.name;

    const perRow = Math.max(1, Math.floor(GRID.cols / pattern.aspect.sizeX));
    const charts: dashboardV1.TreeChart[] = ordered.map((t, i) => ({ ...pattern.chart, key: `c${i}`, title: t.text || pattern.chart.title, dataSourceId: t.dataSourceId, hide: false }));
    const aspects = charts.map((c, i) => ({ chartId: c.key, row: Math.floor(i / perRow) * pattern.aspect.sizeY, col: (i % perRow) * pattern.aspect.sizeX, sizeX: pattern.aspect.sizeX, sizeY: pattern.aspect.sizeY }));
    const project = await rpc(
      this.dashboards.importTree({
        tab: TAB,
        projectId: '',
        newProjectName: folder.name,
        reuseProject: true,
        replaceDashboardIds: [],
        dashboards: [{ dashboardId: '', projectId: '', name, description: pattern.template.description, aspectsJson: JSON.stringify(aspects), globalFilterJson: '[]', charts }],
        userId: user.userId,
      }),
    );
    const dashboardId = project.dashboards[0]!.dashboardId;
    // each copied chart keeps only the fields its new source has (the source-switch rules of @bi/chart-model)
    for (const t of ordered) {
      const source = await rpc(this.queries.describe({ dataSourceId: t.dataSourceId }));
      await rpc(this.dashboards.followSourceFields({ dataSourceId: t.dataSourceId, sourceFields: sourceFieldRefs(source) }));
    }

    const relationFolders = (await rpc(this.relations.listFolders({ tab: TAB }))).folders;
    const lower = folder.name.trim().toLowerCase();
    const existing = relationFolders.find((f) => f.folder?.name.trim().toLowerCase() === lower);
    const relationProjectId = existing?.folder?.projectId ?? (await rpc(this.relations.createFolder({ tab: TAB, name: folder.name }))).projectId;
    // map names are unique in their folder: a second import of the same targets gets "name 2", "name 3", ...
    const mapName = uniqueName(name, new Set((existing?.maps ?? []).map((m) => m.name.trim().toLowerCase())));
    const content = await rpc(this.dashboards.getDashboard({ tab: TAB, dashboardId }));
    const relationId = randomUUID();
    const nodes = await dashboardRelationNodes(this.sources, user, content, relationId, TREE_LAYOUT, language);
    await rpc(this.relations.createMap({ tab: TAB, projectId: relationProjectId, name: mapName, createdBy: user.userId, relationId, nodes }));
    return { relationId, relationProjectId, dashboardId, dashboardProjectId: project.projectId, name: mapName };
  }
}

/** The failure of a generation after the import succeeded, as the answer names it. */
export const RELATION_FAILED: MessageKey = 'indicator.relation_failed';

/** `name`, or `name n` (cut to the name length) for the first n from 2 not taken (lower-cased names). */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = [...name].slice(0, NAME_MAX - suffix.length).join('') + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function parseAspects(json: string): { chartId: string; row: number; col: number; sizeX?: number; sizeY?: number }[] {
  try {
    const v = JSON.parse(json || '[]') as unknown;
    return Array.isArray(v) ? (v as { chartId: string; row: number; col: number; sizeX?: number; sizeY?: number }[]).filter((a) => a && typeof a.chartId === 'string') : [];
  } catch {
    return [];
  }
}

function clampSize(n: number | undefined, fallback: number, max: number): number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}
