import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  checkRelationTree,
  defaultRelationFormatter,
  newRelationNode,
  relationChain,
  relationFilters,
  relationPath,
  RELATION_DEFAULT_NAMES,
  RELATION_LIMITS,
  type DataType,
  type Formatter,
  type RelationLayout,
  type RelationNode,
  type RelationNodeState,
  type RelationNodeView,
  type RelationOptionNode,
} from '@bi/chart-model';
import { chartLocale, formatReadable, EMPTY_VALUE } from '@bi/charts';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { Language } from '@bi/i18n';
import type { chartQueryV1, dashboardV1, dataSourceQueryV1, dataSourceV1, identityV1, relationV1 } from '@bi/proto';
import { type Tab } from '@bi/rules';
import { CONFIG, deadlines } from '@bi/service-kit';
import { z } from 'zod';
import { ChartAnswers, type ChartWithSource } from '../chart/answer-cache.js';
import { tabAccess } from '../dashboard/tab-access.js';
import { isNoSourceAccess, projectView, viewerOf } from '../data-source/source-access.js';
import { dashboardRelationNodes, wireNode } from './relation-generate.js';
import { CHART_QUERY_CLIENT, DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, IDENTITY_CLIENT, RELATION_CLIENT, rpc } from '../grpc-clients.js';
import { canReadRelation, canUseTab, relationTarget } from '@bi/access';
import { CurrentUser, principalOf, type AuthUser } from '../http/auth.guard.js';
import { shareForm } from '../identity/share-form.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';
import { TemplateVisibility } from '../template/template-visibility.js';
import { relationOption } from './relation-option.js';

type Req = { headers: Record<string, string | string[] | undefined> };
const id = z.string().min(1).max(64);
const layout = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const nameBody = z.object({ name: z.string().max(200) });
const createBody = z.object({ projectId: id, name: z.string().max(200), chartType: layout.optional() });
const renameBody = z.object({ relationId: id, tabType: z.string().max(20).optional(), name: z.string().max(200) });
const selection = z.object({ nodeId: id, value: z.union([z.string().max(RELATION_LIMITS.selectionChars), z.number()]) });
const optionBody = z.object({ relationId: id.optional(), chartType: layout.optional(), selections: z.array(selection).max(RELATION_LIMITS.selections).default([]) });
const formatter = z
  .object({
    type: z.number().int().optional(),
    isCustomizeUnit: z.boolean().optional(),
    unit: z.number().int().optional(),
    customUnit: z.string().max(20).nullable().optional(),
    decimalPlaces: z.number().int().optional(),
    useThousandth: z.boolean().optional(),
  })
  .passthrough();
const nodeBody = z
  .object({
    nodeId: z.string().max(64),
    relationId: id,
    parentId: z.string().max(64).nullable().optional(),
    name: z.string().max(200),
    chartId: z.string().max(64).nullable().optional(),
    relationSourceId: z.string().max(64).nullable().optional(),
    isConcatenate: z.boolean().optional(),
    relationName: z.string().max(128).nullable().optional(),
    chartType: layout.optional(),
    formatter: formatter.nullable().optional(),
  })
  .passthrough();
const changeBody = z.array(nodeBody).min(1).max(RELATION_LIMITS.nodes);
const publishBody = z.object({ roleIds: z.array(id).max(500).default([]), userIds: z.array(id).max(500).default([]) });

type NodeInput = z.infer<typeof nodeBody>;

/** A node's chart as the caller sees it. */
interface Resolved {
  state: RelationNodeState;
  read?: ChartWithSource;
}

const target = relationTarget;

function modelNode(n: relationV1.Node, relationId: string): RelationNode {
  let f: Formatter = defaultRelationFormatter();
  try {
    f = { ...f, ...(JSON.parse(n.formatterJson || '{}') as Partial<Formatter>) };
  } catch {
    // stored by the service, always JSON
  }
  return {
    nodeId: n.nodeId,
    relationId,
    parentId: n.parentId || null,
    name: n.name,
    chartId: n.chartId || null,
    relationSourceId: n.relationSourceId || null,
    isConcatenate: n.isConcatenate,
    relationName: n.relationName || null,
    chartType: ([0, 1, 2].includes(n.chartType) ? n.chartType : 0) as RelationLayout,
    formatter: f,
  };
}

function inputNode(n: NodeInput): RelationNode {
  const f = n.formatter ?? {};
  return newRelationNode({
    nodeId: n.nodeId,
    relationId: n.relationId,
    name: n.name.trim(),
    parentId: n.parentId || null,
    chartId: n.chartId || null,
    isConcatenate: !!n.isConcatenate,
    relationName: n.relationName || null,
    chartType: n.chartType ?? 0,
    formatter: { ...defaultRelationFormatter(), ...Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null && v !== undefined)), customUnit: f.customUnit ?? '' } as Formatter,
  });
}

/**
 * Relation maps (spec 02 §7 "Relation maps", docs/api/relation.md): the relation service keeps maps
 * and nodes; this controller checks who may read and change them (tab rights, `relation:{id}` grants,
 * the creator), resolves each node's chart and its visibility, and computes node values with ONE
 * chart-query ChartHeadlines call per map (filters chained from the root: @bi/chart-model relationFilters).
 */
@ApiTags('relation')
@ApiBearerAuth()
@Controller('relation')
export class RelationController {
  private readonly deadlineMs: number;

  constructor(
    @Inject(RELATION_CLIENT) private readonly relations: relationV1.RelationServiceClient,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    private readonly answers: ChartAnswers,
    private readonly templates: TemplateVisibility,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.deadlineMs = deadlines(config).chart;
  }

  // ---- sidebar: folders and maps

  @Get('projects/:tabType')
  @ApiOperation({ summary: 'Relation-map folders of a tab with the maps the caller may read: [{projectId, name, order, relations: [{relationId, name, createdBy, editAuth}]}]' })
  async projects(@Param('tabType') tabType: string, @CurrentUser() user: AuthUser) {
    const tab = tabAccess(user, tabType, 'read');
    const canEdit = this.canEditTab(user, tab);
    const reply = await rpc(this.relations.listFolders({ tab }));
    return reply.folders
      .map((f) => ({
        projectId: f.folder!.projectId,
        name: f.folder!.name,
        order: f.folder!.order,
        relations: f.maps.filter((m) => this.canRead(user, m)).map((m) => ({ relationId: m.relationId, name: m.name, createdBy: m.createdBy, editAuth: canEdit })),
      }))
      .filter((f) => canEdit || f.relations.length > 0);
  }

  @Post('proj/:tabType')
  @ApiOperation({ summary: 'Create a relation-map folder {name}: {projectId, name, order}' })
  async createFolder(@Param('tabType') tabType: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const tab = tabAccess(user, tabType, 'write');
    const f = await rpc(this.relations.createFolder({ tab, name: parseInput(nameBody, body).name }));
    return { projectId: f.projectId, name: f.name, order: f.order };
  }

  @Put('project/:tabType/:projectId')
  @ApiOperation({ summary: 'Rename a relation-map folder {name}: {projectId, name, order}' })
  async renameFolder(@Param('tabType') tabType: string, @Param('projectId') projectId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    await this.folderOf(user, tabType, projectId);
    const f = await rpc(this.relations.renameFolder({ projectId, name: parseInput(nameBody, body).name }));
    return { projectId: f.projectId, name: f.name, order: f.order };
  }

  @Delete('proj/:tabType/:projectId')
  @ApiOperation({ summary: 'Delete an empty relation-map folder: {projectId}' })
  async deleteFolder(@Param('tabType') tabType: string, @Param('projectId') projectId: string, @CurrentUser() user: AuthUser) {
    await this.folderOf(user, tabType, projectId);
    return rpc(this.relations.deleteFolder({ projectId }));
  }

  @Post('create/:tabType')
  @ApiOperation({ summary: 'Create a relation map {projectId, name, chartType?} with one root node: RelationMap' })
  async create(@Param('tabType') tabType: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const tab = tabAccess(user, tabType, 'write');
    const b = parseInput(createBody, body);
    const relationId = randomUUID();
    const root = newRelationNode({ nodeId: randomUUID(), relationId, name: RELATION_DEFAULT_NAMES[requestLanguage(req)].root, chartType: b.chartType ?? 0 });
    const map = await rpc(this.relations.createMap({ tab, projectId: b.projectId, name: b.name, createdBy: user.userId, relationId, nodes: [wireNode(root)] }));
    return this.mapView(user, map);
  }

  @Post('generate/:tabType/:dashboardId')
  @ApiOperation({ summary: "Generate a relation map from a dashboard's charts in layout order {projectId, name, chartType?}: RelationMap (root = the first chart, the others its children)" })
  async generate(@Param('tabType') tabType: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const tab = tabAccess(user, tabType, 'write');
    const b = parseInput(createBody, body);
    const content = await rpc(this.dashboards.getDashboard({ tab, dashboardId: parseInput(id, dashboardId) }));
    const relationId = randomUUID();
    const nodes = await dashboardRelationNodes(this.sources, user, content, relationId, b.chartType ?? 0, requestLanguage(req));
    const map = await rpc(this.relations.createMap({ tab, projectId: b.projectId, name: b.name, createdBy: user.userId, relationId, nodes }));
    return this.mapView(user, map);
  }

  // ---- spec 02 §7

  @Post('relation-option/:tabType/:chartId')
  @ApiOperation({ summary: 'The ECharts option of a relation map with every node value {relationId?, chartType?, selections?}: {relationId, name, chartType, editAuth, option, nodes}' })
  async option(@Param('tabType') tabType: string, @Param('chartId') chartId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const tab = tabAccess(user, tabType, 'read');
    const b = parseInput(optionBody, body);
    let map: relationV1.RelationMap;
    if (b.relationId) {
      map = await this.readable(user, b.relationId);
      if (map.tab !== tab) throw new AppError('not_found', 'relation.not_found');
    } else {
      const found = (await rpc(this.relations.findMapsByChart({ tab, chartId: parseInput(id, chartId) }))).maps.find((m) => this.canRead(user, m));
      if (!found) throw new AppError('not_found', 'relation.not_found');
      map = await this.readable(user, found.relationId);
    }
    const language = requestLanguage(req);
    const nodes = map.nodes.map((n) => modelNode(n, map.relationId));
    const resolved = await this.resolve(user, map);
    const drawn = await this.values(user, map, nodes, resolved, b.selections, language);
    const chartType = b.chartType ?? nodes[0]?.chartType ?? 0;
    return { relationId: map.relationId, name: map.name, chartType, editAuth: this.canEdit(user, map), option: relationOption(drawn, chartType), nodes: drawn };
  }

  @Get('relation-concatenate/:tabType/:relationId')
  @ApiOperation({ summary: 'The drill chain of the relation carousel (?nodeId=): {relationId, name, index, chain: RelationNode[]}' })
  async concatenate(@Param('tabType') tabType: string, @Param('relationId') relationId: string, @Query('nodeId') nodeId: unknown, @CurrentUser() user: AuthUser) {
    const tab = tabAccess(user, tabType, 'read');
    const map = await this.readable(user, relationId);
    if (map.tab !== tab) throw new AppError('not_found', 'relation.not_found');
    const view = await this.nodeViews(user, map);
    const start = typeof nodeId === 'string' && nodeId ? nodeId : undefined;
    if (start && !view.some((n) => n.nodeId === start)) throw new AppError('not_found', 'relation.not_found');
    const { chain, index } = relationChain(view, start);
    return { relationId: map.relationId, name: map.name, index, chain };
  }

  @Get('treedata/:relationId')
  @ApiOperation({ summary: 'A relation map with its nodes (chartName, dashboardId, state): RelationMap' })
  async treedata(@Param('relationId') relationId: string, @CurrentUser() user: AuthUser) {
    const map = await this.readable(user, relationId);
    tabAccess(user, map.tab, 'read');
    return this.mapView(user, map);
  }

  @Post('change')
  @ApiOperation({ summary: "Save a relation map's whole node array (one transaction; tree rules checked): RelationMap" })
  async change(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const input = parseInput(changeBody, body).map(inputNode);
    const relationId = input[0]!.relationId;
    const map = await this.editable(user, relationId);
    const problem = checkRelationTree(input, relationId);
    if (problem) throw new AppError('invalid', problem.key, problem.params);
    const stored = new Map(map.nodes.map((n) => [n.nodeId, n]));
    const checked = await Promise.all(
      input.map(async (n): Promise<RelationNode> => {
        if (!n.chartId) return { ...n, isConcatenate: false, relationName: null, relationSourceId: null };
        const before = stored.get(n.nodeId.toLowerCase());
        const unchanged = before?.chartId === n.chartId;
        let read: ChartWithSource | undefined;
        try {
          read = await this.answers.chartWithSource(user, map.tab, n.chartId);
        } catch (e) {
          // a chart the caller cannot see or that was deleted stays only where it already was
          if (unchanged && (isNoSourceAccess(e) || isMissing(e))) return { ...n, relationSourceId: before.relationSourceId || null, relationName: n.isConcatenate ? n.relationName : null };
          if (isNoSourceAccess(e) || isMissing(e)) throw new AppError('invalid', 'relation.chart_unknown', { name: n.name });
          throw e;
        }
        if (n.isConcatenate && n.relationName && read.source && !read.source.fields.some((f) => f.name === n.relationName))
          throw new AppError('invalid', 'relation.field_unknown', { name: n.name, field: n.relationName });
        return { ...n, relationSourceId: read.record.dataSourceId || null, relationName: n.isConcatenate ? n.relationName : null };
      }),
    );
    const saved = await rpc(this.relations.saveNodes({ relationId, nodes: checked.map(wireNode), actorId: user.userId }));
    return this.mapView(user, saved);
  }

  @Get('relation-charts/:type')
  @ApiOperation({ summary: 'The charts a node can be bound to in tab {type}: [{projectId, name, dashboards: [{dashboardId, name, charts: [{chartId, title, type, dataSourceId, fields: [{name, title, dataType}]}]}]}]' })
  async relationCharts(@Param('type') type: string, @CurrentUser() user: AuthUser) {
    const tab = tabAccess(user, type, 'read');
    const [listed, sourceProjects] = await Promise.all([rpc(this.dashboards.listProjects({ tab })), rpc(this.sources.listProjects({}))]);
    // on the template tab only the dashboards of templates published to the caller (docs/api/template.md "Model")
    const projects = tab === 'template' ? await this.templates.filterProjects(user, listed.projects) : listed.projects;
    const usable = new Set(sourceProjects.projects.flatMap((p) => projectView(user, p).dataSources.map((s) => s.dataSourceId)));
    // the fields of each source once (the editor picks a concatenated node's field among them)
    const fields = new Map<string, Promise<{ name: string; title: string; dataType: string }[]>>();
    const fieldsOf = (dataSourceId: string) => {
      if (!fields.has(dataSourceId))
        fields.set(
          dataSourceId,
          rpc(this.queries.describe({ dataSourceId })).then(
            (d) => d.fields.map((f) => ({ name: f.name, title: f.title || f.name, dataType: f.dataType })),
            () => [],
          ),
        );
      return fields.get(dataSourceId)!;
    };
    const folders = await Promise.all(
      projects.map(async (p) => ({
        projectId: p.projectId,
        name: p.name,
        dashboards: await Promise.all(
          p.dashboards.map(async (d) => ({
            dashboardId: d.dashboardId,
            name: d.name,
            charts: await Promise.all(
              (await rpc(this.dashboards.listCharts({ tab, dashboardId: d.dashboardId }))).charts
                .filter((c) => c.dataSourceId && usable.has(c.dataSourceId))
                .map(async (c) => ({ chartId: c.chartId, title: c.title, type: c.type, dataSourceId: c.dataSourceId, fields: await fieldsOf(c.dataSourceId) })),
            ),
          })),
        ),
      })),
    );
    return folders.map((f) => ({ ...f, dashboards: f.dashboards.filter((d) => d.charts.length > 0) })).filter((f) => f.dashboards.length > 0);
  }

  @Delete('delete/:relationId')
  @ApiOperation({ summary: 'Delete a relation map, its nodes and its grants: {relationId}' })
  async delete(@Param('relationId') relationId: string, @CurrentUser() user: AuthUser) {
    const map = await this.editable(user, relationId);
    await rpc(this.relations.deleteMap({ relationId: map.relationId }));
    await rpc(this.identity.changeGrants({ targets: [target(map.relationId)], roleIds: [], userIds: [], mode: 'set', actor: { userId: user.userId, userName: user.userName } }));
    return { relationId: map.relationId };
  }

  @Post('relation-rename')
  @ApiOperation({ summary: 'Rename a relation map {relationId, tabType, name}: {relationId, name}' })
  async rename(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(renameBody, body);
    const map = await this.editable(user, b.relationId);
    if (b.tabType && b.tabType !== map.tab) throw new AppError('not_found', 'relation.not_found');
    const renamed = await rpc(this.relations.renameMap({ relationId: map.relationId, name: b.name, actorId: user.userId }));
    return { relationId: renamed.relationId, name: renamed.name };
  }

  @Get('roles_users/:relationId')
  @ApiOperation({ summary: 'The share form of a relation map: {roles, users, selectRoles, selectUsers}' })
  async rolesUsers(@Param('relationId') relationId: string, @CurrentUser() user: AuthUser) {
    const map = await this.editable(user, relationId);
    return shareForm(this.identity, target(map.relationId));
  }

  @Post('publish/:relationId/:name')
  @ApiOperation({ summary: "Share a relation map with exactly these roles and users {roleIds, userIds}: '' (shared)" })
  async publish(@Param('relationId') relationId: string, @Param('name') _name: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const map = await this.editable(user, relationId);
    const b = parseInput(publishBody, body);
    await rpc(this.identity.changeGrants({ targets: [target(map.relationId)], roleIds: b.roleIds, userIds: b.userIds, mode: 'set', actor: { userId: user.userId, userName: user.userName } }));
    return '';
  }

  // ---- access

  private canEditTab(user: AuthUser, tab: Tab): boolean {
    return canUseTab(principalOf(user), tab, 'write');
  }

  private canRead(user: AuthUser, m: { relationId: string; createdBy: string }): boolean {
    return canReadRelation(principalOf(user), m);
  }

  private canEdit(user: AuthUser, m: relationV1.RelationMap): boolean {
    return this.canRead(user, m) && this.canEditTab(user, m.tab as Tab);
  }

  private async readable(user: AuthUser, relationId: string): Promise<relationV1.RelationMap> {
    const map = await rpc(this.relations.getMap({ relationId: parseInput(id, relationId) }));
    tabAccess(user, map.tab, 'read');
    if (!this.canRead(user, map)) throw new AppError('forbidden', 'relation.no_access');
    return map;
  }

  private async editable(user: AuthUser, relationId: string): Promise<relationV1.RelationMap> {
    const map = await this.readable(user, relationId);
    tabAccess(user, map.tab, 'write');
    if (!this.canEdit(user, map)) throw new AppError('forbidden', 'relation.no_edit');
    return map;
  }

  private async folderOf(user: AuthUser, tabType: string, projectId: string): Promise<void> {
    const tab = tabAccess(user, tabType, 'write');
    const folders = await rpc(this.relations.listFolders({ tab }));
    if (!folders.folders.some((f) => f.folder?.projectId === projectId)) throw new AppError('not_found', 'relation.folder_not_found');
  }

  // ---- nodes as the caller sees them

  /** Each node's chart read and checked once per chart: ok, empty (no chart), broken (deleted), noPermission. */
  private async resolve(user: AuthUser, map: relationV1.RelationMap): Promise<Map<string, Resolved>> {
    const chartIds = [...new Set(map.nodes.filter((n) => n.chartId && !n.broken).map((n) => n.chartId))];
    const byChart = new Map<string, Resolved>();
    await Promise.all(
      chartIds.map(async (chartId) => {
        try {
          byChart.set(chartId, { state: 'ok', read: await this.answers.chartWithSource(user, map.tab, chartId) });
        } catch (e) {
          if (isNoSourceAccess(e)) byChart.set(chartId, { state: 'noPermission' });
          else if (isMissing(e)) byChart.set(chartId, { state: 'broken' });
          else throw e;
        }
      }),
    );
    return new Map(map.nodes.map((n) => [n.nodeId, !n.chartId ? { state: 'empty' } : n.broken ? { state: 'broken' } : byChart.get(n.chartId)!]));
  }

  private async nodeViews(user: AuthUser, map: relationV1.RelationMap): Promise<RelationNodeView[]> {
    const resolved = await this.resolve(user, map);
    return map.nodes.map((n) => {
      const r = resolved.get(n.nodeId)!;
      const node = modelNode(n, map.relationId);
      const relationDataType = node.relationName ? (r.read?.source?.fields.find((f) => f.name === node.relationName)?.dataType as DataType | undefined) : undefined;
      return { ...node, chartName: chartTitle(r.read), dashboardId: r.read?.record.dashboardId ?? null, state: r.state, ...(relationDataType ? { relationDataType } : {}) };
    });
  }

  private async mapView(user: AuthUser, map: relationV1.RelationMap) {
    const nodes = await this.nodeViews(user, map);
    return { relationId: map.relationId, name: map.name, tabType: map.tab, projectId: map.projectId, chartType: nodes[0]?.chartType ?? 0, createdBy: map.createdBy, editAuth: this.canEdit(user, map), nodes };
  }

  /** Every node's value from ONE ChartHeadlines call, each under the filters chained from the root. */
  private async values(user: AuthUser, map: relationV1.RelationMap, nodes: RelationNode[], resolved: Map<string, Resolved>, selections: { nodeId: string; value: string | number }[], language: Language): Promise<RelationOptionNode[]> {
    const views: RelationNodeView[] = nodes.map((n) => {
      const r = resolved.get(n.nodeId)!;
      const t = n.relationName ? r.read?.source?.fields.find((f) => f.name === n.relationName)?.dataType : undefined;
      return { ...n, ...(t ? { relationDataType: t as DataType } : {}) };
    });
    const items: chartQueryV1.HeadlineItem[] = [];
    for (const v of views) {
      const r = resolved.get(v.nodeId)!;
      if (r.state !== 'ok' || !r.read) continue;
      const path = relationPath(views, v.nodeId);
      const filters = relationFilters(path, path.length - 1, selections);
      items.push({ key: v.nodeId, tab: map.tab, chartId: r.read.record.chartId, chartJson: r.read.record.chartJson, source: r.read.source, filtersJson: filters.length ? JSON.stringify(filters) : '' });
    }
    const reply = items.length ? await rpc(this.charts.chartHeadlines({ items, language, viewer: viewerOf(user) }), this.deadlineMs) : { headlines: [] };
    const byKey = new Map(reply.headlines.map((h) => [h.key, h]));
    const locale = chartLocale(language);
    return nodes.map((n) => {
      const r = resolved.get(n.nodeId)!;
      const h = byKey.get(n.nodeId);
      const value = h?.hasValue ? h.value : null;
      const chartFormatter = h?.formatterJson ? (JSON.parse(h.formatterJson) as Formatter) : undefined;
      const f: Formatter = n.formatter.type === 0 ? (chartFormatter ?? { ...n.formatter, type: 1 }) : n.formatter;
      return {
        nodeId: n.nodeId,
        parentId: n.parentId,
        name: n.name,
        chartId: n.chartId,
        chartName: chartTitle(r.read),
        dashboardId: r.read?.record.dashboardId ?? null,
        state: r.state,
        value,
        // written as the chart writes it (a ratio as its percent; no unit chosen: the reader's 万/亿, K/M/B)
        text: value === null ? EMPTY_VALUE : formatReadable(value, f, locale),
        ...(h?.error ? { error: h.error } : {}),
      };
    });
  }
}

/** The title of a node's chart ('' when it cannot be read). */
function chartTitle(read: ChartWithSource | undefined): string {
  if (!read) return '';
  try {
    return String((JSON.parse(read.record.chartJson) as { title?: unknown }).title ?? '');
  } catch {
    return '';
  }
}

/** A chart that no longer exists (or an id that cannot be one). */
function isMissing(e: unknown): boolean {
  return e instanceof AppError && (e.kind === 'not_found' || (e.kind === 'invalid' && e.key !== 'chart.no_source_permission'));
}

