import { http } from '../../../shared/api/http';
import type { JoinDefinition, JoinNode, JoinPreview, JoinProject, JoinTable } from '../types';

/** The REST calls of docs/api/join-table.md (spec 02 §7 "Joined tables"). */
const base = '/api/data_source';
const id = (value: string) => encodeURIComponent(value);

export const joinTableApi = {
  projects: () => http.get<JoinProject[]>(`${base}/join_table_projs`),
  join: (dataSourceId: string) => http.get<JoinTable>(`${base}/join_table/${id(dataSourceId)}`),
  fields: (showName: string, dataSourceId: string) => http.get<JoinNode>(`${base}/join_table_fields/${id(showName)}/${id(dataSourceId)}`),
  preview: (body: JoinDefinition, signal?: AbortSignal) => http.post<JoinPreview>(`${base}/join_table_preview`, body, { signal }),
  create: (projectId: string, body: JoinDefinition) => http.post<JoinTable>(`${base}/join_table_add/${id(projectId)}`, body),
  update: (dataSourceId: string, body: JoinDefinition) => http.post<JoinTable>(`${base}/join_table_update`, { ...body, dataSourceId }),
};

export const joinTableKeys = {
  projects: ['join-table', 'projects'] as const,
  join: (dataSourceId: string) => ['join-table', 'join', dataSourceId] as const,
  fields: (dataSourceId: string) => ['join-table', 'fields', dataSourceId] as const,
  preview: (body: JoinDefinition) => ['join-table', 'preview', body] as const,
};
