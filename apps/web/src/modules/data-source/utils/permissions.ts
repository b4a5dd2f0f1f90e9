import { API_SOURCE_REFERENCE, sourceKind, sourceKindEntryOfCode } from '@bi/rules';
import { isAdmin } from '../../auth/utils/permission';
import { buildPath, type RouteName } from '../../../shared/routing/routes';
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

/**
 * Where a source's "edit" goes: the edit route of its kind (libs/rules source-kinds.ts): the join
 * designer for a joined table, else the SQL edit screen.
 */
export function editPath(source: Pick<DataSourceSummary, 'dataSourceId' | 'projectId' | 'type'>): string {
  const route = sourceKindEntryOfCode(source.type)?.edit ?? { name: 'data_source_edit' };
  // the ERP report wizard's edit mode and the e10 edit route take the source's id in `project` (spec 02 §2)
  const project = route.name === 'data_source_e10_report' || route.name === 'data_source_e10_edit' ? source.dataSourceId : source.projectId;
  return buildPath(route.name as RouteName, { ...route.params, project, data_source: source.dataSourceId });
}

type SourceFacts = Pick<DataSourceSummary, 'type' | 'isReadOnly' | 'editable'> & { reference?: string };

/**
 * The "edit" entry of a source (spec 02 §2 screen 1): hidden for read-only sources and for the kinds
 * without an edit route (the indicator imports, types 1 and 5, and every kind not built); otherwise it
 * needs datasource:edit and access to the source (`editable`), and for a kind of free SQL on the
 * analytics store (type 8, `adminOnly`) the admin role.
 */
export function canEditSettings(source: SourceFacts, auth: Pick<DataSourceAuth, 'canEdit' | 'isAdmin'>): boolean {
  if (source.isReadOnly) return false;
  if (!auth.canEdit || !source.editable) return false;
  // an HTTP API source is type 8 like the analytics store, told apart by its reference: its settings are not admin-only
  const kind = source.reference === API_SOURCE_REFERENCE ? sourceKind('api') : sourceKindEntryOfCode(source.type);
  if (!kind?.available || !kind.edit) return false;
  return !kind.adminOnly || auth.isAdmin;
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
