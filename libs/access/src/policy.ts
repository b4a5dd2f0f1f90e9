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

/** Who an action is for. Further kinds (link, embedding token, API key) act for a user and add limits of their own. */
export type Principal = UserPrincipal;

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
  return { userId: p.userId, roleIds: p.roleIds, isAdmin: p.isAdmin };
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
  return source.rowRulesJson ? rowRuleFingerprint(rowRulesOf(source), rowViewer(p)) : '';
}

/** Rows of the source are limited for this principal (previews and exports of the whole source are then refused). */
export function isRowRestricted(p: Principal, source: { rowRulesJson: string }): boolean {
  return rowRulesFingerprint(p, source) !== '';
}
