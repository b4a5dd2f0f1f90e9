import { Controller, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canEditSource, canReadRelation, canReadSource, isRowRestricted } from '@bi/access';
import { AppError } from '@bi/core';
import { hasMessage, translate, type Language } from '@bi/i18n';
import type { dashboardV1, dataSourceQueryV1, dataSourceV1, identityV1, relationV1, templateV1 } from '@bi/proto';
import type { RevisionDiff, RevisionEntry, SummaryPart, TrashEntry } from '@bi/revisions';
import type { Tab } from '@bi/rules';
import { z } from 'zod';
import { ChartWriteAccess } from '../chart/chart-write-access.js';
import { sourceFieldRefs } from '../chart/chart.controller.js';
import { tabAccess } from '../dashboard/tab-access.js';
import { DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, IDENTITY_CLIENT, RELATION_CLIENT, TEMPLATE_CLIENT, rpc } from '../grpc-clients.js';
import { canSeeTemplate } from '../template/template-visibility.js';
import { actorOf } from '../data-source/source-access.js';
import { CurrentUser, principalOf, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';

/** The kinds whose history the BFF serves (issue 33): the dashboard service's and a source's (data-source). */
const kindParam = z.enum(['dashboard', 'chart', 'fields', 'rowRules', 'relation', 'join', 'template']);
type Kind = z.infer<typeof kindParam>;
/** a source's settings and a joined table's definition (`join`, `{id}` the joined table's source id) */
type SourceKind = 'fields' | 'rowRules' | 'join';
const isSourceKind = (k: Kind): k is SourceKind => k === 'fields' || k === 'rowRules' || k === 'join';
const idParam = z.string().uuid();
const sourceIdParam = z.string().min(1).max(64);
const revParam = z.coerce.number().int().min(1).max(1_000_000_000);
const tabQuery = z.enum(['dashboard', 'template']);
const againstQuery = z.coerce.number().int().min(0).max(1_000_000_000);

type Headers = { headers: Record<string, string | string[] | undefined> };
interface ObjectNow {
  label: string;
  parentId: string;
  deleted: boolean;
  dataSourceIds: string[];
}
/** A trash entry as the dashboard service lists it (@bi/revisions TrashEntry without its snapshot) with the sources its charts read. */
type TrashRow = Omit<TrashEntry, 'kind' | 'scope' | 'snapshot'> & { kind: 'dashboard' | 'chart'; dataSourceIds: string[] };

/** A summary in the reader's language: its parts joined; an aggregator named in its own words. */
export function summaryText(parts: readonly SummaryPart[], lang: Language): string {
  return parts
    .map((p) => {
      const params = { ...(p.params ?? {}) };
      const agg = `chart.aggregator.${String(params.to ?? '')}`;
      if (p.key === 'revision.changed_aggregator' && hasMessage(agg)) params.to = translate(agg, lang);
      return hasMessage(p.key) ? translate(p.key, lang, params) : '';
    })
    .filter(Boolean)
    .join(lang === 'en' ? '; ' : '；');
}

/**
 * History, diff, restore and trash of dashboards and charts (issue 33, docs/api/revisions.md).
 * Reading follows reading the object (the tab's read permission; a chart's history also its sources,
 * canReadSource); restoring follows writing it (ChartWriteAccess, the one check of chart writes).
 */
@ApiTags('revisions')
@ApiBearerAuth()
@Controller()
export class RevisionsController {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    @Inject(RELATION_CLIENT) private readonly relations: relationV1.RelationServiceClient,
    private readonly writes: ChartWriteAccess,
    @Inject(TEMPLATE_CLIENT) private readonly templates: templateV1.TemplateServiceClient,
  ) {}

  @Get('revisions/:kind/:id')
  @ApiOperation({ summary: "An object's history, newest first (?tab=dashboard|template): [{rev, actorId, actorName, at, summary, deleted, restoredFrom}]" })
  async list(@Param('kind') kind: string, @Param('id') id: string, @Query('tab') tab: string | undefined, @CurrentUser() user: AuthUser, @Req() req: Headers) {
    const k = parseInput(kindParam, kind);
    if (isSourceKind(k)) {
      const dataSourceId = await this.sourceReader(user, k, id);
      const r = await rpc(this.sources.listSourceRevisions({ kind: k, dataSourceId, rev: 0, against: 0, actor: actorOf(user), limit: 200, maskRuleValues: false }));
      return { kind: k, objectId: dataSourceId, ...(JSON.parse(r.objectJson) as object), revisions: await this.view(JSON.parse(r.revisionsJson) as RevisionEntry[], requestLanguage(req)) };
    }
    if (k === 'template') {
      const templateId = await this.templateFor(user, id);
      const r = await rpc(this.templates.listTemplateRevisions({ templateId, rev: 0, against: 0, limit: 200 }));
      return { kind: k, objectId: templateId, ...(JSON.parse(r.objectJson) as object), revisions: await this.view(JSON.parse(r.revisionsJson) as RevisionEntry[], requestLanguage(req)) };
    }
    if (k === 'relation') {
      const relationId = await this.mapFor(user, id, 'read');
      const r = await rpc(this.relations.listMapRevisions({ relationId, rev: 0, against: 0, actorId: '', limit: 200 }));
      return { kind: k, objectId: relationId, ...(JSON.parse(r.objectJson) as object), revisions: await this.view(JSON.parse(r.revisionsJson) as RevisionEntry[], requestLanguage(req)) };
    }
    const t = tabAccess(user, parseInput(tabQuery, tab ?? 'dashboard'), 'read');
    const reply = await rpc(this.dashboards.listRevisions({ kind: k, tab: t, objectId: parseInput(idParam, id), rev: 0, against: 0, actorId: '', limit: 200 }));
    const object = JSON.parse(reply.objectJson) as ObjectNow;
    await this.readable(user, object.dataSourceIds);
    const revisions = JSON.parse(reply.revisionsJson) as RevisionEntry[];
    return { kind: k, objectId: id, ...object, revisions: await this.view(revisions, requestLanguage(req)) };
  }

  @Get('revisions/:kind/:id/:rev/diff')
  @ApiOperation({ summary: 'What a revision changed against another (?against=, default the one before): {changes: [{path, before, after}], layout?}' })
  async diff(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Param('rev') rev: string,
    @Query('against') against: string | undefined,
    @Query('tab') tab: string | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    const k = parseInput(kindParam, kind);
    if (isSourceKind(k)) {
      const dataSourceId = await this.sourceReader(user, k, id);
      // a reader bound by the source's row rules (or who may not edit rules) sees none of their values
      const maskRuleValues = k === 'rowRules' && !(await this.seesRuleValues(user, dataSourceId));
      const r = await rpc(this.sources.diffSourceRevision({ kind: k, dataSourceId, rev: parseInput(revParam, rev), against: parseInput(againstQuery, against ?? '0'), actor: actorOf(user), limit: 0, maskRuleValues }));
      const { inputIds: _inputs, ...diff } = JSON.parse(r.diffJson) as RevisionDiff & { inputIds?: string[] };
      return diff;
    }
    if (k === 'template') {
      const templateId = await this.templateFor(user, id);
      return JSON.parse((await rpc(this.templates.diffTemplateRevision({ templateId, rev: parseInput(revParam, rev), against: parseInput(againstQuery, against ?? '0'), limit: 0 }))).diffJson) as RevisionDiff;
    }
    if (k === 'relation') {
      const relationId = await this.mapFor(user, id, 'read');
      return JSON.parse((await rpc(this.relations.diffMapRevision({ relationId, rev: parseInput(revParam, rev), against: parseInput(againstQuery, against ?? '0'), actorId: '', limit: 0 }))).diffJson) as RevisionDiff;
    }
    const t = tabAccess(user, parseInput(tabQuery, tab ?? 'dashboard'), 'read');
    const reply = await rpc(this.dashboards.diffRevision({ kind: k, tab: t, objectId: parseInput(idParam, id), rev: parseInput(revParam, rev), against: parseInput(againstQuery, against ?? '0'), actorId: '', limit: 0 }));
    const { dataSourceIds, ...diff } = JSON.parse(reply.diffJson) as RevisionDiff & { dataSourceIds: string[] };
    await this.readable(user, dataSourceIds);
    return diff;
  }

  @Post('revisions/:kind/:id/:rev/restore')
  @ApiOperation({ summary: 'Restore an object to a revision: a new revision (history is never rewritten); answers the history' })
  async restore(@Param('kind') kind: string, @Param('id') id: string, @Param('rev') rev: string, @Query('tab') tab: string | undefined, @CurrentUser() user: AuthUser, @Req() req: Headers) {
    const k = parseInput(kindParam, kind);
    if (isSourceKind(k)) {
      const dataSourceId = await this.sourceReader(user, k, id, 'write');
      if (k === 'join') {
        // as a save of the join: the caller may read every input the revision joins
        const r = parseInput(revParam, rev);
        const d = JSON.parse((await rpc(this.sources.diffSourceRevision({ kind: k, dataSourceId, rev: r, against: 0, actor: actorOf(user), limit: 0, maskRuleValues: false }))).diffJson) as { inputIds?: string[] };
        await this.readable(user, d.inputIds ?? []);
      }
      const answer = await rpc(this.sources.restoreSourceRevision({ kind: k, dataSourceId, rev: parseInput(revParam, rev), against: 0, actor: actorOf(user), limit: 0, maskRuleValues: false }));
      if (k === 'join') {
        // as after an edit of the join (join_table_update): charts on it drop the fields the restored join no longer has
        const described = await rpc(this.queries.describe({ dataSourceId }));
        await rpc(this.dashboards.followSourceFields({ dataSourceId, sourceFields: sourceFieldRefs(described) }));
      }
      return { kind: k, objectId: dataSourceId, ...(JSON.parse(answer.objectJson) as object), revisions: await this.view(JSON.parse(answer.revisionsJson) as RevisionEntry[], requestLanguage(req)) };
    }
    if (k === 'template') {
      // a template's version is its frozen copy: a new version comes from publishing again (docs/api/template.md)
      await this.templateFor(user, id);
      throw new AppError('invalid', 'revision.template_restore');
    }
    if (k === 'relation') {
      const relationId = await this.mapFor(user, id, 'write', parseInput(revParam, rev));
      const answer = await rpc(this.relations.restoreMapRevision({ relationId, rev: parseInput(revParam, rev), against: 0, actorId: user.userId, limit: 0 }));
      return { kind: k, objectId: relationId, ...(JSON.parse(answer.objectJson) as object), revisions: await this.view(JSON.parse(answer.revisionsJson) as RevisionEntry[], requestLanguage(req)) };
    }
    const objectId = parseInput(idParam, id);
    const r = parseInput(revParam, rev);
    const t = await this.mayWrite(user, k, parseInput(tabQuery, tab ?? 'dashboard'), objectId, r);
    const reply = await rpc(this.dashboards.restoreRevision({ kind: k, tab: t, objectId, rev: r, against: 0, actorId: user.userId, limit: 0 }));
    const object = JSON.parse(reply.objectJson) as ObjectNow;
    return { kind: k, objectId, ...object, revisions: await this.view(JSON.parse(reply.revisionsJson) as RevisionEntry[], requestLanguage(req)) };
  }

  @Get('trash')
  @ApiOperation({ summary: 'Deleted dashboards and charts still restorable (?tab=): [{kind, objectId, label, deletedAt, actorName, daysLeft}]' })
  async trash(@Query('tab') tab: string | undefined, @CurrentUser() user: AuthUser) {
    const t = tabAccess(user, parseInput(tabQuery, tab ?? 'dashboard'), 'read');
    const rows = JSON.parse((await rpc(this.dashboards.listTrash({ tab: t }))).entriesJson) as TrashRow[];
    const principal = principalOf(user);
    const sources = await this.sourcesOf(rows.flatMap((r) => r.dataSourceIds));
    const visible = rows.filter((r) => r.dataSourceIds.every((s) => { const src = sources.get(s); return !src || canReadSource(principal, src); }));
    const names = await this.names(visible.map((r) => r.actorId));
    return visible.map(({ dataSourceIds: _s, ...r }) => ({ ...r, actorName: names.get(r.actorId) ?? '' }));
  }

  @Post('trash/:kind/:id/restore')
  @ApiOperation({ summary: 'Bring a deleted chart (to its dashboard and place) or dashboard (with its charts) back from the trash' })
  async restoreFromTrash(@Param('kind') kind: string, @Param('id') id: string, @Query('tab') tab: string | undefined, @CurrentUser() user: AuthUser, @Req() req: Headers) {
    const k = parseInput(kindParam, kind);
    const objectId = parseInput(idParam, id);
    const t = tabAccess(user, parseInput(tabQuery, tab ?? 'dashboard'), 'write');
    const entry = (JSON.parse((await rpc(this.dashboards.listTrash({ tab: t }))).entriesJson) as TrashRow[]).find((r) => r.kind === k && r.objectId === objectId);
    if (!entry) throw new AppError('not_found', 'trash.not_found');
    // what writing those charts anew needs: the caller may use each one's source
    await this.readable(user, entry.dataSourceIds, 'chart.write_forbidden', entry.label);
    const reply = await rpc(this.dashboards.restoreFromTrash({ kind: k, tab: t, objectId, rev: 0, against: 0, actorId: user.userId, limit: 0 }));
    const object = JSON.parse(reply.objectJson) as ObjectNow;
    return { kind: k, objectId, ...object, revisions: await this.view(JSON.parse(reply.revisionsJson) as RevisionEntry[], requestLanguage(req)) };
  }

  /**
   * A source's settings history: whoever may change the source (canEditSource) reads it; row rules are
   * written by administrators only (docs/api/sharing.md "Row-level rules"), so only they restore them.
   */
  private async sourceReader(user: AuthUser, kind: SourceKind, id: string, access: 'read' | 'write' = 'read'): Promise<string> {
    const dataSourceId = parseInput(sourceIdParam, id);
    const source = await rpc(this.sources.getSource({ dataSourceId }));
    const principal = principalOf(user);
    if (!canEditSource(principal, source)) throw new AppError('forbidden', 'auth.forbidden');
    if (access === 'write' && kind === 'rowRules' && !principal.isAdmin) throw new AppError('forbidden', 'auth.forbidden');
    return dataSourceId;
  }

  /** A template's versions: whoever sees the template (canSeeTemplate of @bi/access); 404 for one not seen. */
  private async templateFor(user: AuthUser, id: string): Promise<string> {
    const templateId = parseInput(idParam, id);
    const t = (await rpc(this.templates.list({}))).templates.find((x) => x.templateId === templateId);
    if (!t || !canSeeTemplate(user, t)) throw new AppError('not_found', 'revision.not_found');
    return templateId;
  }

  /**
   * A relation map's history: who may read the map (canReadRelation, the tab's read permission) reads
   * it; a restore needs what saving the map needs (the tab's write permission) and, as a save, read
   * access to every chart the revision binds that the map does not bind now.
   */
  private async mapFor(user: AuthUser, id: string, access: 'read' | 'write', rev?: number): Promise<string> {
    const map = await rpc(this.relations.getMap({ relationId: parseInput(idParam, id) }));
    const t = tabAccess(user, map.tab, access);
    if (!canReadRelation(principalOf(user), map)) throw new AppError('forbidden', 'relation.no_access');
    if (access === 'write' && rev !== undefined) {
      const snapshot = JSON.parse((await rpc(this.relations.diffMapRevision({ relationId: map.relationId, rev, against: 0, actorId: '', limit: 0 }))).snapshotJson) as { nodes?: { chartId?: string }[] };
      const bound = new Set(map.nodes.map((n) => n.chartId).filter(Boolean));
      const added = [...new Set((snapshot.nodes ?? []).map((n) => n.chartId ?? '').filter((c) => c && !bound.has(c)))];
      // the charts read at once (a deleted chart comes back as a broken node: no source to check)
      const sources = await Promise.all(
        added.map((chartId) =>
          rpc(this.dashboards.getChart({ tab: t, chartId })).then(
            (c) => c.dataSourceId,
            (e: unknown) => {
              if (e instanceof AppError && e.kind === 'not_found') return '';
              throw e;
            },
          ),
        ),
      );
      await this.readable(user, sources, 'chart.source_forbidden');
    }
    return map.relationId;
  }

  /** Whether the reader may see the values of a source's row rules: an administrator (who edits them) not bound by them. */
  private async seesRuleValues(user: AuthUser, dataSourceId: string): Promise<boolean> {
    const principal = principalOf(user);
    if (!principal.isAdmin) return false;
    return !isRowRestricted(principal, await rpc(this.queries.describe({ dataSourceId })));
  }

  /** A restore writes the object: a chart as a chart write onto the revision's source, a dashboard as writing each of its charts. */
  private async mayWrite(user: AuthUser, kind: Exclude<Kind, SourceKind>, tab: Tab, id: string, rev: number): Promise<Tab> {
    if (kind === 'dashboard') return this.writes.dashboard(user, tab, id);
    const t = tabAccess(user, tab, 'write');
    const diff = JSON.parse((await rpc(this.dashboards.diffRevision({ kind, tab: t, objectId: id, rev, against: rev, actorId: '', limit: 0 }))).diffJson) as { dataSourceIds: string[] };
    await this.writes.chart(user, t, id);
    await this.readable(user, diff.dataSourceIds, 'chart.source_forbidden');
    return t;
  }

  /** The caller may read every one of these sources (a deleted source is no one's to guard). */
  private async readable(user: AuthUser, ids: readonly string[], key: 'auth.forbidden' | 'chart.write_forbidden' | 'chart.source_forbidden' = 'auth.forbidden', title = ''): Promise<void> {
    const principal = principalOf(user);
    for (const source of (await this.sourcesOf(ids)).values()) if (!canReadSource(principal, source)) throw new AppError('forbidden', key, { title });
  }

  private async sourcesOf(ids: readonly string[]): Promise<Map<string, { dataSourceId: string; createdById: string }>> {
    const out = new Map<string, { dataSourceId: string; createdById: string }>();
    await Promise.all(
      [...new Set(ids)].filter(Boolean).map(async (dataSourceId) => {
        try {
          out.set(dataSourceId, await rpc(this.sources.getSource({ dataSourceId })));
        } catch (e) {
          if (!(e instanceof AppError && e.kind === 'not_found')) throw e;
        }
      }),
    );
    return out;
  }

  private async names(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.some(Boolean)) return new Map();
    const users = (await rpc(this.identity.listRolesUsers({}))).users;
    return new Map(users.map((u) => [u.id, u.name]));
  }

  private async view(revisions: readonly RevisionEntry[], lang: Language) {
    const names = await this.names(revisions.map((r) => r.actorId));
    return revisions.map((r) => ({ ...r, actorName: names.get(r.actorId) ?? '', summaryText: summaryText(r.summary, lang) }));
  }
}
