import { http } from '../../../shared/api/http';
import type { Project } from '../../dashboard/types';
import { normalizeShareForm } from '../../sharing';
import type { PublishBody, PublishKind, PublishMenuFolder, RolesUsers, SourceMap, TargetTab, TemplateFile, TemplateInfo, TemplateSource } from '../types';

/** The REST calls of docs/api/template.md (spec 02 §7 "Templates"). */
const base = '/api/template';
const id = (value: string) => encodeURIComponent(value);

export const templateApi = {
  publishMenu: () => http.get<PublishMenuFolder[]>(`${base}/publish_menu`),
  /** Roles and users to choose from; with a dashboard or folder, who its template is published to now. */
  rolesUsers: async (origin?: { kind: PublishKind; id: string }): Promise<RolesUsers> =>
    normalizeShareForm(await http.get<unknown>(`${base}/roles_users`, { query: origin ? { kind: origin.kind, id: origin.id } : undefined })),
  /** Publishes; answers the text shown as a message. `extra`: the template folder of a dashboard ('-' for a folder). */
  publish: (kind: PublishKind, originId: string, name: string, extra: string, body: PublishBody) =>
    http.post<unknown>(`${base}/publish/${kind}/${id(originId)}/${id(name)}/${id(extra || '-')}`, body),
  templates: () => http.get<TemplateInfo[]>(`${base}/templates`),
  info: (dashboardId: string) => http.get<TemplateInfo | null>(`${base}/info/${id(dashboardId)}`),
  sources: (kind: PublishKind, templateTabId: string) => http.get<TemplateSource[]>(`${base}/sources/${kind}/${id(templateTabId)}`),
  copy: (dashboardId: string, body: { projectId: string; name?: string; targetTab?: TargetTab; sources: SourceMap[] }) =>
    http.post<Project>(`${base}/copy/${id(dashboardId)}`, body),
  projCopy: (projectId: string, body: { name: string; targetTab?: TargetTab; sources?: SourceMap[] }) => http.post<Project>(`${base}/projCopy/${id(projectId)}`, body),
  exportFile: (kind: PublishKind, templateTabId: string) => http.get<TemplateFile>(`${base}/export/${kind}/${id(templateTabId)}`),
  importSources: (file: TemplateFile) => http.post<TemplateSource[]>(`${base}/import/sources`, { file }),
  importFile: (body: { file: TemplateFile; projectId?: string; name: string; targetTab?: TargetTab; sources: SourceMap[] }) => http.post<Project>(`${base}/import`, body),
};

export const templateKeys = {
  all: ['template'] as const,
  publishMenu: ['template', 'publish-menu'] as const,
  rolesUsers: (kind?: PublishKind, originId?: string) => ['template', 'roles-users', kind ?? '', originId ?? ''] as const,
  templates: ['template', 'templates'] as const,
  info: (dashboardId: string) => ['template', 'info', dashboardId] as const,
  sources: (kind: PublishKind, templateTabId: string) => ['template', 'sources', kind, templateTabId] as const,
};
