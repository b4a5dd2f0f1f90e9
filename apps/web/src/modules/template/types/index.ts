/** Shapes of the template calls (spec 02 §3 Template form, §7 Templates; docs/api/template.md). */

export type PublishKind = 'dash' | 'proj';

/** GET /api/template/publish_menu: the caller's folders and dashboards that may be published (spec 02 §3 Template form). */
export interface PublishMenuFolder {
  projectId: string;
  name: string;
  dashboards: { dashboardId: string; name: string; published?: { templateId: string; version: number } }[];
  published?: { templateId: string; version: number };
}

export interface Principal {
  id: string;
  name: string;
}

/** GET /api/template/roles_users. */
export interface RolesUsers {
  roles: Principal[];
  users: Principal[];
  selectRoles: string[];
  selectUsers: string[];
}

export interface PublishBody {
  roleIds: string[];
  userIds: string[];
}

export type FieldType = 'string' | 'number' | 'date';

export interface SourceField {
  name: string;
  dataType: FieldType;
}

/** One source of the caller's that could stand in for a template's source; `missing`: used fields it lacks (only [] may be chosen). */
export interface SourceCandidate {
  dataSourceId: string;
  name: string;
  projectName: string;
  missing: string[];
}

/** One source the template's charts and global filters use (GET /api/template/sources/…, POST import/sources). */
export interface TemplateSource {
  /** the publisher's source id (in an imported file: the file's key) */
  dataSourceId: string;
  name: string;
  fields: SourceField[];
  charts: number;
  candidates: SourceCandidate[];
  /** the proposed target ('' when none fits) */
  match: string;
}

/** TemplateSource.dataSourceId → a source of the caller's. */
export interface SourceMap {
  from: string;
  to: string;
}

export type TargetTab = 'dashboard' | 'template';

/** GET /api/template/templates, GET /api/template/info/{dashboardId}. */
export interface TemplateInfo {
  templateId: string;
  kind: PublishKind;
  name: string;
  publisherId: string;
  publisherName: string;
  publishedAt: string;
  version: number;
  originId: string;
  projectId: string;
  dashboardIds: string[];
  roleIds?: string[];
  userIds?: string[];
  versions?: { version: number; publishedAt: string; publisherName: string }[];
}

/** A portable template (export / import); the web treats it as opaque JSON apart from its name and kind. */
export interface TemplateFile {
  format: 'bi-template';
  formatVersion: number;
  kind: PublishKind;
  name: string;
  [key: string]: unknown;
}
