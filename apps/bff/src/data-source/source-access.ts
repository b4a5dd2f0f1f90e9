import { AppError } from '@bi/core';
import type { chartQueryV1, dataSourceV1 } from '@bi/proto';
import { embedRowRulesJson, canEditSource as policyCanEditSource, canReadSource, canUseSourceArea, isRowRestricted, rowRulesFingerprint as policyFingerprint, rowViewer } from '@bi/access';
import { rpc } from '../grpc-clients.js';
import { principalOf, type AuthUser } from '../http/auth.guard.js';

/**
 * Access to one source (spec 02 §6): admin, the grant datasource:{id} (sharing), or its creator.
 * Reading also needs datasource:view, changing datasource:edit.
 */
export function canAccessSource(user: AuthUser, source: { dataSourceId: string; createdById: string }): boolean {
  return canReadSource(principalOf(user), source);
}

export function canEditSource(user: AuthUser, source: { dataSourceId: string; createdById: string }): boolean {
  return policyCanEditSource(principalOf(user), source);
}

/** Sharing a source (docs/api/sharing.md): admin, or datasource:edit with access to it. */
export const canShareSource = canEditSource;

/** A chart read on a source the caller may not see: the chart run answers the no-permission state with it. */
export function noSourceAccess(): AppError {
  return new AppError('forbidden', 'chart.no_source_permission');
}

export function isNoSourceAccess(e: unknown): e is AppError {
  return e instanceof AppError && e.key === 'chart.no_source_permission';
}

export function checkSourceAccess(user: AuthUser, source: { dataSourceId: string; createdById: string }, access: 'read' | 'write'): void {
  const principal = principalOf(user);
  if (!canUseSourceArea(principal, access) || !canReadSource(principal, source)) throw new AppError('forbidden', 'auth.forbidden');
}

/** The data-source service's GetSources reads at most this many at once. */
const SOURCES_PER_CALL = 1000;

/**
 * Several sources read in one GetSources call (instead of one GetSource each): a lookup by id that
 * answers undefined for an id of no source (or not an id at all), as GetSource's not-found would.
 */
export async function readSources(client: dataSourceV1.DataSourceServiceClient, ids: Iterable<string>): Promise<(dataSourceId: string) => dataSourceV1.DataSource | undefined> {
  const wanted = [...new Set([...ids].filter(Boolean))];
  const found = new Map<string, dataSourceV1.DataSource>();
  for (let i = 0; i < wanted.length; i += SOURCES_PER_CALL)
    for (const s of (await rpc(client.getSources({ dataSourceIds: wanted.slice(i, i + SOURCES_PER_CALL) }))).dataSources) found.set(s.dataSourceId.toLowerCase(), s);
  return (dataSourceId) => found.get(dataSourceId.toLowerCase());
}

export function actorOf(user: AuthUser): dataSourceV1.Actor {
  return { userId: user.userId, userName: user.userName, isAdmin: user.isAdmin };
}

/** A source summary as the REST API shows it: with editable, without the creator id. */
export function summaryView(user: AuthUser, s: dataSourceV1.DataSourceSummary) {
  const { createdById: _createdById, ...rest } = s;
  return { ...rest, editable: canEditSource(user, s) };
}

export function sourceView(user: AuthUser, s: dataSourceV1.DataSource) {
  const { createdById: _createdById, connection, ...rest } = s;
  return { ...rest, connection: connection ?? null, editable: canEditSource(user, s) };
}

/** A folder with only the sources the caller may read. */
export function projectView(user: AuthUser, p: dataSourceV1.Project) {
  return { projectId: p.projectId, name: p.name, order: p.order, dataSources: p.dataSources.filter((s) => canAccessSource(user, s)).map((s) => summaryView(user, s)) };
}

/** Who a chart runs for, as chart-query applies the source's row-level rules (docs/api/sharing.md "Row-level rules"). */
export function viewerOf(user: AuthUser): chartQueryV1.Viewer {
  const v = rowViewer(principalOf(user));
  // the BFF checks source access itself: permissions travel only with work on someone's behalf (ChartValues' check_access)
  return { userId: v.userId, roleIds: [...v.roleIds], isAdmin: v.isAdmin, permissions: [] };
}

/** The source description a query runs on for this caller: an embedding token's row conditions join the rules (@bi/access embedRowRulesJson). */
export function querySource<S extends { rowRulesJson: string }>(user: AuthUser, source: S): S;
export function querySource<S extends { rowRulesJson: string }>(user: AuthUser, source: S | undefined): S | undefined;
export function querySource<S extends { rowRulesJson: string }>(user: AuthUser, source: S | undefined): S | undefined {
  if (!source || !user.embed) return source;
  return { ...source, rowRulesJson: embedRowRulesJson(principalOf(user), source) };
}

/** What tells this caller's rows of the source from another caller's: '' when no row-level rule restricts them. */
export function rowRulesFingerprint(user: AuthUser, source: { rowRulesJson: string }): string {
  return policyFingerprint(principalOf(user), source);
}

/** The whole source (preview, export) is refused to a caller row-level rules restrict: they see its rows through charts only. */
export function checkWholeSource(user: AuthUser, source: { rowRulesJson: string }): void {
  if (isRowRestricted(principalOf(user), source)) throw new AppError('forbidden', 'row_rules.whole_source_refused');
}
