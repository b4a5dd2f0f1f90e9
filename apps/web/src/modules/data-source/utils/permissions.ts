import { JOIN_SOURCE_TYPE, SOURCE_TYPE } from '@bi/rules';
import { isAdmin } from '../../auth/utils/permission';
import { buildPath } from '../../../shared/routing/routes';
import type { DataSourceSummary } from '../types';

/** What the caller may do in the data-source area (docs/api/data-source.md "Permissions"). */
export interface DataSourceAuth {
  /** datasource:view: read the area. */
  canView: boolean;
  /** datasource:edit: folders, creating sources, changing the ones the caller has access to. */
  canEdit: boolean;
  /** Role admin: passes every check (free SQL on the analytics store). */
  isAdmin: boolean;
}

export { isAdmin };

/** Indicator imports (1, 5) have no edit screen (spec 02 §2 screen 1). */
const INDICATOR_TYPES = [1, 5];
/** Types with an edit screen: the SQL edit screen's, and joined tables (the designer). */
const EDIT_SCREEN_TYPES: readonly number[] = [SOURCE_TYPE.sqlServer, SOURCE_TYPE.mysql, SOURCE_TYPE.oracle, SOURCE_TYPE.postgres, SOURCE_TYPE.analytics, JOIN_SOURCE_TYPE];

/** Where a source's "edit" goes: the join designer for a joined table, else the SQL edit screen. */
export function editPath(source: Pick<DataSourceSummary, 'dataSourceId' | 'projectId' | 'type'>): string {
  if (source.type === JOIN_SOURCE_TYPE) return buildPath('join_table', { project: source.projectId, data_source: source.dataSourceId });
  return `/data_source_edit/${encodeURIComponent(source.dataSourceId)}`;
}

type SourceFacts = Pick<DataSourceSummary, 'type' | 'isReadOnly' | 'editable'>;

/**
 * The "edit" entry of a source (spec 02 §2 screen 1): hidden for type 1, type 5 and read-only
 * sources; otherwise it needs datasource:edit and access to the source (`editable`), a type the
 * edit screen handles, and for the analytics store (type 8, free SQL) the admin role.
 */
export function canEditSettings(source: SourceFacts, auth: Pick<DataSourceAuth, 'canEdit' | 'isAdmin'>): boolean {
  if (INDICATOR_TYPES.includes(source.type) || source.isReadOnly) return false;
  if (!auth.canEdit || !source.editable) return false;
  if (!EDIT_SCREEN_TYPES.includes(source.type)) return false;
  return source.type !== SOURCE_TYPE.analytics || auth.isAdmin;
}

/** Delete, move and field settings of one source: datasource:edit and access to it. */
export function canChange(source: Pick<DataSourceSummary, 'editable'>, auth: Pick<DataSourceAuth, 'canEdit'>): boolean {
  return auth.canEdit && source.editable;
}

/** The detail page's toolbar (spec 02 §2 screen 2). */
export interface DetailActions {
  export: boolean;
  edit: boolean;
  delete: boolean;
  editFields: boolean;
  /** Add field (a calculated field in the fields tab): only for read-only sources without a reference, for those who may change the source. */
  addField: boolean;
  /** Share (spec 02 §2 screen 2): admin, or datasource:edit with access to the source. */
  share: boolean;
}

export function detailActions(source: SourceFacts & { reference?: string }, auth: DataSourceAuth): DetailActions {
  const change = canChange(source, auth);
  return {
    export: auth.canView,
    edit: canEditSettings(source, auth),
    delete: change,
    editFields: change,
    addField: change && source.isReadOnly && !source.reference,
    share: change,
  };
}
