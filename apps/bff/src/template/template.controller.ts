import { Body, Controller, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@bi/core';
import { translate } from '@bi/i18n';
import type { dashboardV1, dataSourceV1, identityV1, templateV1 } from '@bi/proto';
import { checkName, isReserved } from '@bi/rules';
import type { DataType } from '@bi/chart-model';
import { z } from 'zod';
import { DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, IDENTITY_CLIENT, TEMPLATE_CLIENT, rpc } from '../grpc-clients.js';
import { canUseTab, templateTarget } from '@bi/access';
import { allows, CurrentUser, principalOf, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { shareForm } from '../identity/share-form.js';
import { parseInput } from '../http/validation.js';
import { canAccessSource, readSources } from '../data-source/source-access.js';
import { missingFields, proposeMatch, remapTree, usedSources, type FieldTypeOf, type TreeDashboardLike, type UsedSource } from './remap.js';
import { canSeeTemplate, TemplateVisibility } from './template-visibility.js';

const MAX_HOLDERS = 1000;
const MAX_CANDIDATES = 500;
const id = z.string().min(1).max(64);
const publishBody = z.object({ roleIds: z.array(id).max(MAX_HOLDERS).default([]), userIds: z.array(id).max(MAX_HOLDERS).default([]) });
const sourceMaps = z.array(z.object({ from: id, to: id })).max(200).default([]);
const copyBody = z.object({ projectId: id, name: z.string().max(100).optional(), targetTab: z.enum(['dashboard', 'template']).default('dashboard'), sources: sourceMaps });
const projCopyBody = z.object({ name: z.string().max(100), targetTab: z.enum(['dashboard', 'template']).default('dashboard'), sources: sourceMaps });
const kindSchema = z.enum(['dash', 'proj']);
const sourceKey = z.string().min(1).max(64);
/** A template file (docs/api/template.md TemplateFile): portable, no credentials, sources by name and field list. */
const templateFile = z.object({
  format: z.literal('bi-template'),
  formatVersion: z.literal(1),
  kind: kindSchema,
  name: z.string().max(100),
  exportedAt: z.string().max(40).optional(),
  sources: z.array(z.object({ key: sourceKey, name: z.string().max(200), fields: z.array(z.object({ name: z.string().min(1).max(128), dataType: z.enum(['string', 'number', 'date']) })).max(1000) })).max(200),
  dashboards: z
    .array(
      z.object({
        name: z.string().max(100),
        description: z.string().max(200).default(''),
        aspects: z.array(z.record(z.string(), z.unknown())).max(200).default([]),
        globalFilter: z.array(z.record(z.string(), z.unknown())).max(20).default([]),
        charts: z.array(z.object({ key: sourceKey, title: z.string().max(50), type: z.string().max(20), sourceKey: z.string().max(64), hide: z.boolean().default(false), definition: z.record(z.string(), z.unknown()) })).max(200),
      }),
    )
    .min(1)
    .max(50),
});
type TemplateFile = z.infer<typeof templateFile>;
const importPlanBody = z.object({ file: z.unknown() });
const importBody = z.object({ file: z.unknown(), projectId: z.string().max(64).default(''), name: z.string().max(100), targetTab: z.enum(['dashboard', 'template']).default('dashboard'), sources: sourceMaps });

/** The file inside a request, or 400 "This is not a template file". */
function parseFile(file: unknown): TemplateFile {
  const r = templateFile.safeParse(file);
  if (!r.success) throw new AppError('invalid', 'template.bad_file');
  return r.data;
}

/** The dashboards of a template file as trees whose source ids are the file's source keys. */
function treeOfFile(file: TemplateFile): Tree[] {
  return file.dashboards.map((d, i) => ({
    dashboardId: `file-${i}`,
    projectId: '',
    name: d.name,
    description: d.description,
    aspectsJson: JSON.stringify(d.aspects),
    globalFilterJson: JSON.stringify(d.globalFilter.map((g) => ({ ...g, dataSourceId: typeof g.dataSourceId === 'string' ? g.dataSourceId : '' }))),
    charts: d.charts.map((c) => ({ key: c.key, title: c.title, type: c.type, dataSourceId: c.sourceKey, hide: c.hide, definitionJson: JSON.stringify(c.definition) })),
  }));
}

type Req = { headers: Record<string, string | string[] | undefined> };
type Tree = dashboardV1.TreeDashboard;

/** A name of the template form (3–20, SBEP reserved), as the dashboard names are checked. */
export function templateName(name: unknown): string {
  const problem = checkName(name);
  if (problem) throw new AppError('invalid', `name.${problem}`);
  const n = (name as string).trim();
  if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
  return n;
}

const DATA_TYPES = new Set(['string', 'number', 'date']);
function typeOfName(s: dataSourceV1.DataSource | undefined, name: string): DataType | undefined {
  return s ? typeOfSource(s)(name) : undefined;
}
function typeOfSource(s: dataSourceV1.DataSource): FieldTypeOf {
  const types = new Map(s.fields.filter((f) => DATA_TYPES.has(f.dataType)).map((f) => [f.name, f.dataType as DataType]));
  return (name) => types.get(name);
}

/**
 * The template library (docs/api/template.md): publishing dashboards and folders of the dashboard tab
 * as templates (a frozen copy in the template tab + the template service's record and version), who
 * sees them (template:{id}), and copying them into the caller's dashboards with their sources remapped.
 * Services never call each other: this controller reads from one and hands to the other.
 */
@ApiTags('template')
@ApiBearerAuth()
@RequirePermission('template:view')
@Controller('template')
export class TemplateController {
  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(TEMPLATE_CLIENT) private readonly templates: templateV1.TemplateServiceClient,
    private readonly visibility: TemplateVisibility,
  ) {}

  @Get('publish_menu')
  @RequirePermission('template:edit')
  @ApiOperation({ summary: 'What the caller may publish: the dashboard tab folders and dashboards, with the template each was published as' })
  async publishMenu() {
    const [projects, templates] = await Promise.all([rpc(this.dashboards.listProjects({ tab: 'dashboard' })), rpc(this.templates.list({}))]);
    const published = (kind: string, originId: string) => {
      const t = templates.templates.find((x) => x.kind === kind && x.originId === originId);
      return t ? { published: { templateId: t.templateId, version: t.version } } : {};
    };
    return projects.projects.map((p) => ({
      projectId: p.projectId,
      name: p.name,
      ...published('proj', p.projectId),
      dashboards: p.dashboards.map((d) => ({ dashboardId: d.dashboardId, name: d.name, ...published('dash', d.dashboardId) })),
    }));
  }

  @Get('roles_users')
  @RequirePermission('template:edit')
  @ApiOperation({ summary: 'Roles and users to publish to {roles, users, selectRoles, selectUsers}; ?kind=dash|proj&id= preselects the holders of the template published from it' })
  async rolesUsers(@Query('kind') kind?: string, @Query('id') originId?: string) {
    const t = kind && originId ? (await rpc(this.templates.findByOrigin({ kind: parseInput(kindSchema, kind), originId: parseInput(id, originId) }))).template : undefined;
    return shareForm(this.identity, t && templateTarget(t.templateId));
  }

  @Post('publish/:kind/:id/:name/:extra')
  @RequirePermission('template:edit')
  @ApiOperation({ summary: 'Publish a dashboard (dash) or folder (proj) of the dashboard tab as a template to {roleIds, userIds}; again = next version. Answers a message text' })
  @ApiBody({ schema: { type: 'object', properties: { roleIds: { type: 'array', items: { type: 'string' } }, userIds: { type: 'array', items: { type: 'string' } } } } })
  async publish(@Param('kind') kindText: string, @Param('id') originText: string, @Param('name') nameText: string, @Param('extra') extra: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req): Promise<string> {
    const kind = parseInput(kindSchema, kindText);
    const originId = parseInput(id, originText);
    const name = templateName(nameText);
    const folderName = kind === 'dash' ? templateName(extra) : name;
    const b = parseInput(publishBody, body);
    let dashboardIds: string[];
    if (kind === 'dash') dashboardIds = [(await rpc(this.dashboards.getDashboard({ tab: 'dashboard', dashboardId: originId }))).dashboardId];
    else {
      const p = (await rpc(this.dashboards.listProjects({ tab: 'dashboard' }))).projects.find((x) => x.projectId === originId);
      if (!p) throw new AppError('not_found', 'project.not_found');
      dashboardIds = p.dashboards.map((d) => d.dashboardId);
      if (!dashboardIds.length) throw new AppError('invalid', 'template.empty_folder');
    }
    const tree = (await rpc(this.dashboards.readTree({ tab: 'dashboard', dashboardIds }))).dashboards;
    // The publisher must be able to open what is published: every chart's source readable.
    const names = new Map<string, string>();
    const sourceOf = await readSources(this.sources, tree.flatMap((d) => d.charts.map((c) => c.dataSourceId)));
    for (const d of tree)
      for (const c of d.charts) {
        if (!c.dataSourceId || names.has(c.dataSourceId)) continue;
        const s = sourceOf(c.dataSourceId);
        if (!s) throw new AppError('invalid', 'template.source_gone', { name: c.dataSourceId });
        if (!canAccessSource(user, s)) throw new AppError('forbidden', 'template.publish_forbidden', { title: c.title });
        names.set(s.dataSourceId, s.name);
      }
    const existing = (await rpc(this.templates.findByOrigin({ kind, originId }))).template;
    const templateProjects = (await rpc(this.dashboards.listProjects({ tab: 'template' }))).projects;
    const keepFolder = kind === 'proj' && existing && templateProjects.some((p) => p.projectId === existing.projectId);
    const copy = await rpc(
      this.dashboards.importTree({
        tab: 'template',
        projectId: keepFolder ? existing.projectId : '',
        newProjectName: keepFolder ? '' : folderName,
        reuseProject: kind === 'dash',
        replaceDashboardIds: existing?.dashboardIds ?? [],
        dashboards: kind === 'dash' ? tree.map((d) => ({ ...d, name })) : tree,
        userId: user.userId,
      }),
    );
    const t = await rpc(
      this.templates.publish({
        kind,
        originId,
        name,
        folderName,
        publisherId: user.userId,
        publisherName: user.userName,
        projectId: copy.projectId,
        dashboardIds: copy.dashboards.map((d) => d.dashboardId),
        roleIds: b.roleIds,
        userIds: b.userIds,
        snapshotJson: JSON.stringify(tree),
        sources: [...names].map(([dataSourceId, n]) => ({ dataSourceId, name: n })),
      }),
    );
    await rpc(this.identity.changeGrants({ targets: [templateTarget(t.templateId)], roleIds: b.roleIds, userIds: b.userIds, mode: 'set', actor: { userId: user.userId, userName: user.userName } }));
    return translate('template.published', requestLanguage(req), { name, version: t.version });
  }

  @Get('templates')
  @ApiOperation({ summary: 'The templates the caller sees (TemplateInfo[], newest first)' })
  async list(@CurrentUser() user: AuthUser) {
    const [all, tab] = await Promise.all([rpc(this.templates.list({})), rpc(this.dashboards.listProjects({ tab: 'template' }))]);
    // a copy deleted in the template tab since: the template is left out (its dashboards are gone)
    const live = new Set(tab.projects.flatMap((p) => p.dashboards.map((d) => d.dashboardId)));
    return all.templates
      .filter((t) => user.isAdmin || canSeeTemplate(user, t))
      .map((t) => ({ ...t, dashboardIds: t.dashboardIds.filter((d) => live.has(d)) }))
      .filter((t) => t.dashboardIds.length > 0)
      .map((t) => this.info(user, t));
  }

  @Get('info/:dashboardId')
  @ApiOperation({ summary: 'The template holding a template-tab dashboard, with its versions; null when it belongs to none' })
  async infoOf(@Param('dashboardId') dashboardId: string, @CurrentUser() user: AuthUser) {
    const found = await rpc(this.templates.findByItem({ itemId: parseInput(id, dashboardId) }));
    if (!found.template) return null;
    if (!user.isAdmin && !canSeeTemplate(user, found.template)) throw new AppError('not_found', 'template.not_found');
    return { ...this.info(user, found.template), versions: found.versions };
  }

  @Get('sources/:kind/:id')
  @ApiOperation({ summary: 'The sources a template-tab dashboard (dash) or folder (proj) uses, with the caller\'s candidate sources and the proposed match' })
  async sourcesOf(@Param('kind') kind: string, @Param('id') itemId: string, @CurrentUser() user: AuthUser) {
    const tree = await this.templateTree(user, parseInput(kindSchema, kind), parseInput(id, itemId));
    return this.remapPlan(user, usedSources(tree), await this.sourceNames(tree));
  }

  @Post('copy/:dashboardId')
  @ApiOperation({ summary: "Copy a template-tab dashboard into folder projectId of targetTab (default dashboard) with the sources remapped; answers the target folder" })
  @ApiBody({ schema: { type: 'object', required: ['projectId'], properties: { projectId: { type: 'string' }, name: { type: 'string' }, targetTab: { type: 'string', enum: ['dashboard', 'template'] }, sources: { type: 'array' } } } })
  async copy(@Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(copyBody, body);
    this.checkTarget(user, b.targetTab);
    const tree = await this.templateTree(user, 'dash', parseInput(id, dashboardId));
    const name = b.name === undefined || b.name === '' ? tree[0]!.name : templateName(b.name);
    const mapped = await this.remapped(user, tree, b.sources);
    const copy = await rpc(this.dashboards.importTree({ tab: b.targetTab, projectId: b.projectId, newProjectName: '', reuseProject: false, replaceDashboardIds: [], dashboards: mapped.map((d) => ({ ...d, name })), userId: user.userId }));
    return this.projectAfter(b.targetTab, copy);
  }

  @Post('projCopy/:projectId')
  @ApiOperation({ summary: 'Copy a template folder into a new folder {name} (3–20) of targetTab (default dashboard) with the sources remapped' })
  @ApiBody({ schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, targetTab: { type: 'string', enum: ['dashboard', 'template'] }, sources: { type: 'array' } } } })
  async projCopy(@Param('projectId') projectId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(projCopyBody, body);
    const name = templateName(b.name);
    this.checkTarget(user, b.targetTab);
    const tree = await this.templateTree(user, 'proj', parseInput(id, projectId));
    const mapped = await this.remapped(user, tree, b.sources);
    const copy = await rpc(this.dashboards.importTree({ tab: b.targetTab, projectId: '', newProjectName: name, reuseProject: false, replaceDashboardIds: [], dashboards: mapped, userId: user.userId }));
    return this.projectAfter(b.targetTab, copy);
  }

  @Get('export/:kind/:id')
  @ApiOperation({ summary: 'A template-tab dashboard (dash) or folder (proj) as a portable template file (no credentials; sources by name and field list)' })
  async exportFile(@Param('kind') kindText: string, @Param('id') itemId: string, @CurrentUser() user: AuthUser): Promise<TemplateFile> {
    const kind = parseInput(kindSchema, kindText);
    const itemIdOk = parseInput(id, itemId);
    const tree = await this.templateTree(user, kind, itemIdOk);
    const recorded = await this.sourceNames(tree);
    const used = usedSources(tree as TreeDashboardLike[]);
    const keys = new Map([...used.keys()].map((sourceId, i) => [sourceId, `s${i + 1}`]));
    const sources = [];
    const sourceOf = await readSources(this.sources, used.keys());
    for (const u of used.values()) {
      const s = sourceOf(u.dataSourceId);
      sources.push({ key: keys.get(u.dataSourceId)!, name: s?.name ?? recorded.get(u.dataSourceId) ?? u.dataSourceId, fields: [...u.fields].map(([name, t]) => ({ name, dataType: (t === 'any' ? typeOfName(s, name) : t) ?? 'number' })) });
    }
    const name = kind === 'dash' ? tree[0]!.name : ((await rpc(this.dashboards.listProjects({ tab: 'template' }))).projects.find((p) => p.projectId === itemIdOk)?.name ?? tree[0]!.name);
    return {
      format: 'bi-template',
      formatVersion: 1,
      kind,
      name,
      exportedAt: new Date().toISOString(),
      sources,
      dashboards: tree.map((d) => ({
        name: d.name,
        description: d.description,
        aspects: JSON.parse(d.aspectsJson || '[]'),
        globalFilter: (JSON.parse(d.globalFilterJson || '[]') as Record<string, unknown>[]).map((g) => ({ ...g, dataSourceId: keys.get(String(g.dataSourceId ?? '')) ?? '' })),
        charts: d.charts.map((c) => {
          // another installation's ids mean nothing there: the map line source is left out
          const { mapLineSourceId: _line, ...definition } = JSON.parse(c.definitionJson || '{}') as Record<string, unknown>;
          return { key: c.key, title: c.title, type: c.type, sourceKey: keys.get(c.dataSourceId) ?? '', hide: c.hide, definition };
        }),
      })),
    };
  }

  @Post('import/sources')
  @ApiOperation({ summary: "The sources a template file uses, with the caller's candidate sources and the proposed match (TemplateSource[], dataSourceId = the file's key)" })
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'object' } } } })
  async importPlan(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const file = parseFile(parseInput(importPlanBody, body).file);
    const tree = treeOfFile(file);
    const used = usedSources(tree);
    // sources the file lists but no chart uses still get a line (nothing to match)
    for (const s of file.sources) if (!used.has(s.key)) used.set(s.key, { dataSourceId: s.key, fields: new Map(s.fields.map((f) => [f.name, f.dataType])), charts: 0 });
    return this.remapPlan(user, used, new Map(file.sources.map((s) => [s.key, s.name])), true);
  }

  @Post('import')
  @ApiOperation({ summary: 'Import a template file into the caller\'s dashboards (or, with template:edit, the template tab) with its sources remapped: kind dash into folder projectId, kind proj as a new folder {name}' })
  @ApiBody({ schema: { type: 'object', required: ['file', 'name'], properties: { file: { type: 'object' }, projectId: { type: 'string' }, name: { type: 'string' }, targetTab: { type: 'string', enum: ['dashboard', 'template'] }, sources: { type: 'array' } } } })
  async importFile(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(importBody, body);
    const file = parseFile(b.file);
    const name = templateName(b.name);
    this.checkTarget(user, b.targetTab);
    if (file.kind === 'dash' && !b.projectId) throw new AppError('invalid', 'project.required');
    const mapped = await this.remapped(user, treeOfFile(file), b.sources, new Map(file.sources.map((s) => [s.key, s.name])));
    const copy = await rpc(
      this.dashboards.importTree({
        tab: b.targetTab,
        projectId: file.kind === 'dash' ? b.projectId : '',
        newProjectName: file.kind === 'dash' ? '' : name,
        reuseProject: false,
        replaceDashboardIds: [],
        dashboards: file.kind === 'dash' ? mapped.slice(0, 1).map((d) => ({ ...d, name })) : mapped,
        userId: user.userId,
      }),
    );
    return this.projectAfter(b.targetTab, copy);
  }

  /** Copying into the template tab needs template:edit (spec 01 §5), into the dashboard tab dashboard:edit. */
  private checkTarget(user: AuthUser, tab: 'dashboard' | 'template') {
    if (!canUseTab(principalOf(user), tab, 'write')) throw new AppError('forbidden', tab === 'template' ? 'template.copy_template_forbidden' : 'dashboard.edit_forbidden');
  }

  private async projectAfter(tab: string, copy: dashboardV1.Project) {
    const p = (await rpc(this.dashboards.listProjects({ tab }))).projects.find((x) => x.projectId === copy.projectId);
    return p ?? copy;
  }

  private info(user: AuthUser, t: templateV1.Template) {
    const full = user.isAdmin || t.publisherId === user.userId || allows(user, 'template:edit');
    const { roleIds, userIds, sources: _sources, folderName: _folder, ...rest } = t;
    return { ...rest, ...(full ? { roleIds, userIds } : {}) };
  }

  /** The template-tab dashboards of a template dashboard or folder the caller sees (404 otherwise), as trees. */
  private async templateTree(user: AuthUser, kind: 'dash' | 'proj', itemId: string): Promise<Tree[]> {
    const v = await this.visibility.view(user);
    const visible = (dashboardId: string) => user.isAdmin || v.canSeeDashboard(dashboardId);
    let ids: string[];
    if (kind === 'dash') {
      if (!visible(itemId)) throw new AppError('not_found', 'dashboard.not_found');
      ids = [itemId];
    } else {
      const p = (await rpc(this.dashboards.listProjects({ tab: 'template' }))).projects.find((x) => x.projectId === itemId);
      if (!p) throw new AppError('not_found', 'project.not_found');
      ids = p.dashboards.map((d) => d.dashboardId).filter(visible);
      if (!ids.length) throw new AppError(p.dashboards.length ? 'not_found' : 'invalid', p.dashboards.length ? 'project.not_found' : 'template.empty_folder');
    }
    return (await rpc(this.dashboards.readTree({ tab: 'template', dashboardIds: ids }))).dashboards;
  }

  /** Names of the sources a tree uses as the templates recorded them (for sources deleted since). */
  private async sourceNames(tree: Tree[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const d of tree.slice(0, 1)) {
      const found = await rpc(this.templates.findByItem({ itemId: d.dashboardId }));
      for (const s of found.template?.sources ?? []) out.set(s.dataSourceId, s.name);
    }
    return out;
  }

  /** The caller's readable sources with their fields (bounded), and the template's own sources (not for a file), from one GetSources call. */
  private async readableSources(user: AuthUser, alsoIds: Iterable<string> = []): Promise<{ mine: dataSourceV1.DataSource[]; sourceOf: (id: string) => dataSourceV1.DataSource | undefined }> {
    const projects = (await rpc(this.sources.listProjects({}))).projects;
    const summaries = projects.flatMap((p) => p.dataSources).filter((s) => canAccessSource(user, s)).slice(0, MAX_CANDIDATES);
    const sourceOf = await readSources(this.sources, [...summaries.map((s) => s.dataSourceId), ...alsoIds]);
    return { mine: summaries.map((s) => sourceOf(s.dataSourceId)).filter((s): s is dataSourceV1.DataSource => !!s), sourceOf };
  }

  private async remapPlan(user: AuthUser, used: Map<string, UsedSource>, recorded: Map<string, string>, fromFile = false) {
    const { mine, sourceOf } = await this.readableSources(user, fromFile ? [] : used.keys());
    const out = [];
    for (const u of used.values()) {
      const own = fromFile ? undefined : (mine.find((s) => s.dataSourceId === u.dataSourceId) ?? sourceOf(u.dataSourceId));
      const name = own?.name ?? recorded.get(u.dataSourceId) ?? u.dataSourceId;
      const candidates = mine.map((s) => ({ dataSourceId: s.dataSourceId, name: s.name, projectName: s.projectName, missing: missingFields(u, typeOfSource(s)).map((m) => m.name) }));
      out.push({
        dataSourceId: u.dataSourceId,
        name,
        exists: !!own,
        fields: [...u.fields].map(([n, t]) => ({ name: n, dataType: t === 'any' ? 'number' : t })),
        charts: u.charts,
        candidates,
        match: proposeMatch({ dataSourceId: u.dataSourceId, name }, candidates),
      });
    }
    return out;
  }

  /**
   * The tree with each used source moved to the caller's choice (default: the template's own source),
   * everything checked before anything is written: the target exists, the caller may read it, it has
   * every used field with the same type.
   */
  private async remapped(user: AuthUser, tree: Tree[], pairs: { from: string; to: string }[], file?: Map<string, string>): Promise<Tree[]> {
    const chosen = new Map(pairs.map((p) => [p.from, p.to]));
    const used = usedSources(tree as TreeDashboardLike[]);
    // a file's sources are keys of another installation: they exist here only as the caller maps them
    const recorded = file ?? (await this.sourceNames(tree));
    const mapping = new Map<string, { to: string; typeOf: FieldTypeOf }>();
    const targets = [...used.keys()].filter((from) => !file || chosen.has(from)).map((from) => chosen.get(from) ?? from);
    const sourceOf = await readSources(this.sources, targets);
    for (const u of used.values()) {
      const to = chosen.get(u.dataSourceId) ?? u.dataSourceId;
      const s = file && !chosen.has(u.dataSourceId) ? undefined : sourceOf(to);
      if (!s) {
        if (to === u.dataSourceId) throw new AppError('invalid', 'template.source_gone', { name: recorded.get(u.dataSourceId) ?? u.dataSourceId });
        throw new AppError('not_found', 'datasource.not_found');
      }
      if (!canAccessSource(user, s)) throw new AppError('forbidden', 'chart.source_forbidden');
      const typeOf = typeOfSource(s);
      const missing = missingFields(u, typeOf)[0];
      if (missing) throw new AppError('invalid', 'template.field_missing', { name: s.name, field: missing.name, type: missing.type === 'any' ? 'number' : missing.type });
      mapping.set(u.dataSourceId, { to, typeOf });
    }
    return remapTree(tree, mapping);
  }
}
