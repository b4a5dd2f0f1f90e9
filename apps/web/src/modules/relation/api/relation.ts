import { http } from '../../../shared/api/http';
import type { ShareForm } from '../../sharing/types';
import type {
  RelationChainAnswer,
  RelationChartFolder,
  RelationFolder,
  RelationLayout,
  RelationMap,
  RelationNodeView,
  RelationOptionAnswer,
  RelationOptionBody,
  RelationTab,
} from '../types';

/** The REST calls of docs/api/relation.md (spec 02 §7 "Relation maps"). */
const base = '/api/relation';
const id = (value: string) => encodeURIComponent(value);

export const relationApi = {
  projects: (tab: RelationTab) => http.get<RelationFolder[]>(`${base}/projects/${tab}`),
  createProject: (tab: RelationTab, name: string) => http.post<{ projectId: string; name: string; order: number }>(`${base}/proj/${tab}`, { name }),
  renameProject: (tab: RelationTab, projectId: string, name: string) => http.put<{ projectId: string; name: string }>(`${base}/project/${tab}/${id(projectId)}`, { name }),
  deleteProject: (tab: RelationTab, projectId: string) => http.delete<{ projectId: string }>(`${base}/proj/${tab}/${id(projectId)}`),

  create: (tab: RelationTab, body: { projectId: string; name: string; chartType?: RelationLayout }) => http.post<RelationMap>(`${base}/create/${tab}`, body),
  generate: (tab: RelationTab, dashboardId: string, body: { projectId: string; name: string; chartType?: RelationLayout }) =>
    http.post<RelationMap>(`${base}/generate/${tab}/${id(dashboardId)}`, body),
  treeData: (relationId: string, signal?: AbortSignal) => http.get<RelationMap>(`${base}/treedata/${id(relationId)}`, { signal }),
  option: (tab: RelationTab, chartId: string, body: RelationOptionBody, signal?: AbortSignal) =>
    http.post<RelationOptionAnswer>(`${base}/relation-option/${tab}/${id(chartId)}`, body, { signal }),
  chain: (tab: RelationTab, relationId: string, nodeId?: string) =>
    http.get<RelationChainAnswer>(`${base}/relation-concatenate/${tab}/${id(relationId)}`, nodeId ? { query: { nodeId } } : {}),
  change: (nodes: RelationNodeView[]) => http.post<RelationMap>(`${base}/change`, nodes),
  charts: (tab: RelationTab) => http.get<RelationChartFolder[]>(`${base}/relation-charts/${tab}`),
  remove: (relationId: string) => http.delete<{ relationId: string }>(`${base}/delete/${id(relationId)}`),
  rename: (tab: RelationTab, relationId: string, name: string) => http.post<{ relationId: string; name: string }>(`${base}/relation-rename/`, { relationId, tabType: tab, name }),
  shareForm: (relationId: string) => http.get<ShareForm>(`${base}/roles_users/${id(relationId)}`),
  publish: (relationId: string, name: string, body: { roleIds: string[]; userIds: string[] }) =>
    http.post<string>(`${base}/publish/${id(relationId)}/${id(name)}`, body),
};

/** Query keys of the module (every write invalidates the matching ones). */
export const relationKeys = {
  all: ['relation'] as const,
  projects: (tab: RelationTab) => ['relation', 'projects', tab] as const,
  tree: (relationId: string) => ['relation', 'tree', relationId] as const,
  options: (relationId: string) => ['relation', 'option', relationId] as const,
  option: (tab: RelationTab, relationId: string, body: RelationOptionBody) => ['relation', 'option', relationId, tab, body] as const,
  chain: (tab: RelationTab, relationId: string, nodeId: string | undefined) => ['relation', 'chain', relationId, tab, nodeId ?? ''] as const,
  charts: (tab: RelationTab) => ['relation', 'charts', tab] as const,
  shareForm: (relationId: string) => ['relation', 'share', relationId] as const,
};
