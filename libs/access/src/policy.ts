import { parseRowRules, rowRuleFingerprint, type RowRuleSet, type RowViewer } from '@bi/query';
import type { Tab } from '@bi/rules';

/**
 * The one access policy (issue 26, docs/api/sharing.md "Who runs what as whom"): every read or write
 * made on someone's behalf — a request, an alert, and later a schedule, a sync, a public link, an
 * embedding token or an API key — asks these functions with that principal, at run time. Pure: the
 * caller brings the principal (from a verified token, or from identity's GetUserGrants for work done
 * in the background) and the object's owner fields, and acts on the answer.
 */

/** A signed-in user, or a user some work runs as (an alert's owner). */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  isAdmin: boolean;
  /** effective permissions: the areas (datasource:view, dashboard:edit, …) and targets (datasource:{id}, template:{id}, relation:{id}) of the user and their roles */
  permissions: readonly string[];
  /** the user's roles, for the row-level rules of sources */
  roleIds: readonly string[];
}

/**
 * An API key (issue 32, docs/api/api-keys.md): a service account acting for the user who made the key,
 * limited to the key's scopes. Its permissions are the creator's current ones that the scopes cover
 * (apiKeyPrincipal), so a key never has more than its creator, and loses what the creator loses.
 */
export interface ApiKeyPrincipal extends Omit<UserPrincipal, 'kind'> {
  kind: 'apikey';
  keyId: string;
  scopes: readonly ApiKeyScope[];
}

/** Who an action is for. Further kinds (link, embedding token) act for a user and add limits of their own. */
export type Principal = UserPrincipal | ApiKeyPrincipal | EmbedPrincipal | LinkPrincipal;

/** What an API key may do: read dashboards, charts and their data; write dashboards; manage sources; administer. */
export const API_KEY_SCOPES = ['read', 'dashboards:write', 'sources:manage', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const isTarget = (p: string, kinds: readonly string[]) => kinds.some((k) => p.startsWith(`${k}:`) && !['view', 'edit'].includes(p.slice(k.length + 1)));
/** The permissions of the creator each scope passes on to the key. */
const SCOPE_PERMISSIONS: Record<ApiKeyScope, (permission: string) => boolean> = {
  read: (p) => p === 'datasource:view' || p === 'template:view' || isTarget(p, ['datasource', 'template', 'relation']),
  'dashboards:write': (p) => p === 'dashboard:edit',
  'sources:manage': (p) => p === 'datasource:view' || p === 'datasource:edit' || isTarget(p, ['datasource']),
  admin: () => true,
};

/** The principal of an API key: the creator's principal (as of now) cut down to the key's scopes. */
export function apiKeyPrincipal(creator: UserPrincipal, key: { keyId: string; scopes: readonly string[] }): ApiKeyPrincipal {
  const scopes = API_KEY_SCOPES.filter((s) => key.scopes.includes(s));
  return {
    kind: 'apikey',
    keyId: key.keyId,
    scopes,
    userId: creator.userId,
    isAdmin: creator.isAdmin && scopes.includes('admin'),
    permissions: creator.permissions.filter((p) => scopes.some((s) => SCOPE_PERMISSIONS[s](p))),
    roleIds: creator.roleIds,
  };
}

/** The scopes a user may put on a key they make: admin only for administrators. */
export function canGrantScope(p: Principal, scope: ApiKeyScope): boolean {
  return p.kind === 'user' && (scope !== 'admin' || p.isAdmin);
}

/** REST calls that only read although they are POSTs (chart runs, details, ranges, exports). */
const READ_POSTS = [
  /^\/api\/dashboard\/(chart|all_details|detail|export_details|first_screen)\//,
  /^\/api\/dashboard\/charts\//,
  /^\/api\/chart-edit\/chart\//,
  /^\/api\/global_filter\/range\//,
  /^\/api\/field\/inner_range$/,
  /^\/api\/relation\/relation-option\//,
];
const SOURCE_AREAS = /^\/api\/(data_source|excel_upload|e10account)(\/|$)/;

/**
 * The scope a REST route needs from an API key (method and route template, e.g.
 * 'POST /api/dashboard/chart/{tab}/{chartId}'); undefined: no key may call it (a key's own account:
 * sign-out, password, language, and the API keys themselves — only a person makes and revokes keys; and
 * report subscriptions, which run later with their owner's full rights).
 */
export function apiKeyRouteScope(method: string, path: string): ApiKeyScope | undefined {
  const m = method.toUpperCase();
  // embedding (docs/api/embedding.md): the embed routes take embedding tokens only, and the signing secret is for people
  if (path.startsWith('/api/embed/') || path.startsWith('/api/identity/admin/embed-secret')) return undefined;
  if (path.startsWith('/api/identity/admin/')) return 'admin';
  if (path.startsWith('/api/identity/')) return path === '/api/identity/get-shipment-modules-data/datasource' ? 'read' : undefined;
  if (SOURCE_AREAS.test(path)) return 'sources:manage';
  // report subscriptions run later, in the warning service, as their owner with the owner's full rights:
  // no key may make, change, send or read one (ADR 0023 addendum; a key's scopes would not travel with the runs)
  if (/^\/api\/subscription(\/|$)/.test(path)) return undefined;
  if (path === '/api/robots/choices') return 'read';
  if (/^\/api\/robots(\/|$)/.test(path)) return 'admin';
  if (m === 'GET' || (m === 'POST' && READ_POSTS.some((r) => r.test(path)))) return 'read';
  return 'dashboards:write';
}

/** May this principal call this REST route at all (a user: yes; a key: its scopes cover the route). Permissions are checked after. */
export function canCallRoute(p: Principal, method: string, path: string): boolean {
  if (p.kind === 'user') return true;
  // an embedding token reaches only the embed routes, which check it themselves (canEmbedRead)
  if (p.kind === 'embed') return false;
  if (p.kind === 'link') return false; // a public link reaches its own /api/public routes only
  const needed = apiKeyRouteScope(method, path);
  return needed !== undefined && (p.scopes.includes(needed) || p.scopes.includes('admin'));
}

export function userPrincipal(u: { userId: string; isAdmin: boolean; permissions: readonly string[]; roleIds?: readonly string[] }): UserPrincipal {
  return { kind: 'user', userId: u.userId, isAdmin: u.isAdmin, permissions: u.permissions, roleIds: u.roleIds ?? [] };
}

/** The role every check lets through. */
export const ADMIN_ROLE = 'admin';

/** An area permission or a grant target; admins hold every one. */
export function allows(p: Pick<Principal, 'isAdmin' | 'permissions'>, permission: string): boolean {
  return p.isAdmin || p.permissions.includes(permission);
}

export const sourceTarget = (dataSourceId: string) => `datasource:${dataSourceId}`;
export const templateTarget = (templateId: string) => `template:${templateId}`;
export const relationTarget = (relationId: string) => `relation:${relationId}`;

/** What a source check needs of a source. */
export interface SourceOwnership {
  dataSourceId: string;
  createdById: string;
}

/** A source's data (spec 02 §6): admin, the grant datasource:{id} (sharing, directly or through a role), or its creator. */
export function canReadSource(p: Principal, s: SourceOwnership): boolean {
  return allows(p, sourceTarget(s.dataSourceId)) || (!!s.createdById && s.createdById === p.userId);
}

/** Changing a source: datasource:edit and access to it. */
export function canEditSource(p: Principal, s: SourceOwnership): boolean {
  return allows(p, 'datasource:edit') && canReadSource(p, s);
}

/** Sharing a source: as changing it. */
export const canShareSource = canEditSource;

/** The data-source area: datasource:view to read (lists, details, previews), datasource:edit to change. */
export function canUseSourceArea(p: Principal, access: 'read' | 'write'): boolean {
  return allows(p, access === 'write' ? 'datasource:edit' : 'datasource:view');
}

/** A template (docs/api/template.md "Model"): admin, its publisher, the holders of template:{id}. */
export function canSeeTemplate(p: Principal, t: { templateId: string; publisherId: string }): boolean {
  return allows(p, templateTarget(t.templateId)) || (!!t.publisherId && t.publisherId === p.userId);
}

/** A relation map: admin, its creator, the holders of relation:{id}. */
export function canReadRelation(p: Principal, m: { relationId: string; createdBy: string }): boolean {
  return allows(p, relationTarget(m.relationId)) || (!!m.createdBy && m.createdBy === p.userId);
}

/**
 * The permission a tab needs (docs/api/sharing.md "Edit rights"): reading the template tab needs
 * template:view, writing it template:edit; writing the dashboard tab needs dashboard:edit; reading the
 * dashboard tab needs none (each chart's data is checked on its own). undefined: nothing beyond sign-in.
 */
export function tabPermission(tab: Tab, access: 'read' | 'write'): string | undefined {
  if (tab === 'template') return access === 'write' ? 'template:edit' : 'template:view';
  return access === 'write' ? 'dashboard:edit' : undefined;
}

export function canUseTab(p: Principal, tab: Tab, access: 'read' | 'write'): boolean {
  const needed = tabPermission(tab, access);
  return needed === undefined || allows(p, needed);
}

/**
 * Changing or deleting a chart (docs/architecture.md "Chart writes"): the tab's write permission and,
 * when the chart is on a source that still exists, access to that source (who cannot read a chart's
 * data may not rewrite, re-point or delete it). Deleting a dashboard or folder deletes its charts: the
 * same check for each of them.
 */
export function canWriteChart(p: Principal, tab: Tab, currentSource: SourceOwnership | undefined): boolean {
  return canUseTab(p, tab, 'write') && (!currentSource || canReadSource(p, currentSource));
}

/** Who a query runs for, as the row-level rules see them. */
export function rowViewer(p: Principal): RowViewer {
  // an embedding token's row conditions restrict even an administrator maker (embedRowRulesJson)
  return { userId: p.userId, roleIds: p.roleIds, isAdmin: p.isAdmin && !(p.kind === 'embed' && p.rows.length > 0) };
}

/** A source description's rules, parsed once per description object. */
const parsedRules = new WeakMap<object, RowRuleSet>();
export function rowRulesOf(source: { rowRulesJson: string }): RowRuleSet {
  let rules = parsedRules.get(source);
  if (!rules) parsedRules.set(source, (rules = parseRowRules(source.rowRulesJson)));
  return rules;
}

/** What tells this principal's rows of the source from another's: '' when no row-level rule restricts them. */
export function rowRulesFingerprint(p: Principal, source: { rowRulesJson: string }): string {
  if (p.kind === 'embed' && p.rows.length > 0) return rowRuleFingerprint(parseRowRules(embedRowRulesJson(p, source)), rowViewer(p));
  return source.rowRulesJson ? rowRuleFingerprint(rowRulesOf(source), rowViewer(p)) : '';
}

/** Rows of the source are limited for this principal (previews and exports of the whole source are then refused). */
export function isRowRestricted(p: Principal, source: { rowRulesJson: string }): boolean {
  return rowRulesFingerprint(p, source) !== '';
}

// ---- embedding tokens (issue 32, docs/api/embedding.md, ADR 0025) ----

/** A row condition of an embedding token: a row rule's condition (field, compare, values), for the embedding application's user. */
export interface EmbedRowCondition {
  field: string;
  compare: string;
  compareValue?: string | number | null;
  compareValueLeft?: string | number | null;
  compareValueRight?: string | number | null;
}

/**
 * A verified embedding token: it acts for the product user who signed it (the maker), reads only the
 * one dashboard or chart it names, writes nothing, and ANDs its row conditions to the maker's row rules
 * on every data path (embedRowRulesJson, rowViewer, rowRulesFingerprint).
 */
export interface EmbedPrincipal extends Omit<UserPrincipal, 'kind'> {
  kind: 'embed';
  resource: { type: 'chart' | 'dashboard'; id: string };
  rows: readonly EmbedRowCondition[];
}

/** The permissions an embedding passes on: reading sources, templates and relation maps; no area edit right. */
const embedKeeps = (p: string) => !['datasource:edit', 'dashboard:edit', 'template:edit'].includes(p);

/** The principal of a verified embedding token: the maker's principal (as of now) limited to reading the token's resource. */
export function embedPrincipal(maker: UserPrincipal, token: { resource: EmbedPrincipal['resource']; rows?: readonly EmbedRowCondition[] }): EmbedPrincipal {
  return { kind: 'embed', userId: maker.userId, isAdmin: maker.isAdmin, permissions: maker.permissions.filter(embedKeeps), roleIds: maker.roleIds, resource: token.resource, rows: token.rows ?? [] };
}

/** May an embedding read this chart (its own, or one of its dashboard's)? Users and keys: not asked here (true). */
export function canEmbedRead(p: Principal, chart: { chartId: string; dashboardId: string }): boolean {
  if (p.kind !== 'embed') return true;
  return p.resource.type === 'chart' ? p.resource.id === chart.chartId : p.resource.id === chart.dashboardId;
}

/**
 * The row rules a query of the source runs under for this principal, as stored JSON: the source's own
 * for users and keys; for an embedding with row conditions, the maker's rules with the token's conditions
 * added as rules of the maker (so both apply, ANDed) — an administrator maker's own rules are none, a
 * maker whom deny-by-default leaves no row keeps none.
 */
export function embedRowRulesJson(p: Principal, source: { rowRulesJson: string }): string {
  if (p.kind !== 'embed' || p.rows.length === 0) return source.rowRulesJson;
  const set: RowRuleSet = p.isAdmin ? { denyByDefault: false, rules: [] } : parseRowRules(source.rowRulesJson);
  const makerRules = p.isAdmin ? [] : set.rules.filter((r) => r.userId === p.userId || (r.roleId !== undefined && p.roleIds.includes(r.roleId)));
  if (set.denyByDefault && makerRules.length === 0) return JSON.stringify(set);
  const added = p.rows.map((c) => ({ userId: p.userId, field: c.field, compare: c.compare, compareValue: c.compareValue, compareValueLeft: c.compareValueLeft, compareValueRight: c.compareValueRight }));
  return JSON.stringify({ ...set, rules: [...set.rules, ...added] });
}

// ---- Public links (issue 32, docs/api/public-links.md, docs/adr/0024-public-links.md) ----

/**
 * A public link: a reader without an account who sees one dashboard or chart as the link's creator
 * would, now. Its permissions are the creator's current read permissions (no area edit right, no admin
 * edit: a link only reads), its row rules the creator's; the link's own limits say which read paths it
 * has (runs always; details and export only when the creator allowed them; the filter values' ranges
 * only when the filters are editable).
 */
export interface LinkPrincipal extends Omit<UserPrincipal, 'kind'> {
  kind: 'link';
  linkId: string;
  paths: readonly LinkPath[];
}

/** The read paths of a public link. */
export const LINK_PATHS = ['run', 'details', 'export', 'range'] as const;
export type LinkPath = (typeof LINK_PATHS)[number];

/** What the policy needs of a link. */
export interface LinkGrant {
  linkId: string;
  expiresAt: string;
  /** '' or absent: not revoked */
  revokedAt?: string;
  allowDetails: boolean;
  allowExport: boolean;
  filtersEditable: boolean;
}

/** Why a link shows nothing now, or 'live'. */
export type LinkState = 'live' | 'expired' | 'revoked';
export function linkState(link: Pick<LinkGrant, 'expiresAt' | 'revokedAt'>, now = Date.now()): LinkState {
  if (link.revokedAt) return 'revoked';
  const expires = Date.parse(link.expiresAt);
  return Number.isFinite(expires) && expires > now ? 'live' : 'expired';
}

/** The principal of a public link: the creator's principal (as of now, read permissions only) with the link's paths. */
export function linkPrincipal(creator: UserPrincipal, link: LinkGrant): LinkPrincipal {
  const paths: LinkPath[] = ['run'];
  if (link.allowDetails) paths.push('details');
  if (link.allowExport) paths.push('export');
  if (link.filtersEditable) paths.push('range');
  return {
    kind: 'link',
    linkId: link.linkId,
    paths,
    userId: creator.userId,
    isAdmin: creator.isAdmin,
    permissions: creator.permissions.filter((p) => SCOPE_PERMISSIONS.read(p)),
    roleIds: creator.roleIds,
  };
}

/** May this link's reader take this read path (a live link's principal; the source checks follow as for its creator). */
export function canUseLinkPath(p: Principal, path: LinkPath): boolean {
  return p.kind === 'link' && p.paths.includes(path);
}
