import { http } from '../../../shared/api/http';
import type { AdminRole, AdminUser, AuditEntry, CreateUserBody, UserGrants } from '../types';

/** The calls of docs/api/identity-admin.md (role admin only). */
const base = '/api/identity/admin';
const id = (value: string) => encodeURIComponent(value);

export const adminApi = {
  users: () => http.get<AdminUser[]>(`${base}/users`),
  roles: () => http.get<AdminRole[]>(`${base}/roles`),
  createUser: (body: CreateUserBody) => http.post<AdminUser>(`${base}/users`, body),
  setDisabled: (userId: string, disabled: boolean) => http.put<AdminUser>(`${base}/users/${id(userId)}/disabled`, { disabled }),
  resetPassword: (userId: string, password: string) => http.post<AdminUser>(`${base}/users/${id(userId)}/password`, { password }),
  setRoles: (userId: string, roleIds: string[]) => http.put<AdminUser>(`${base}/users/${id(userId)}/roles`, { roleIds }),
  grants: (userId: string) => http.get<UserGrants>(`${base}/users/${id(userId)}/grants`),
  /** Newest first; `before` pages on (entries with a smaller id). */
  audit: (limit: number, before?: number) => http.get<AuditEntry[]>(`${base}/audit`, { query: { limit, before } }),
  /** the embedding secret (docs/api/embedding.md) and where it comes from */
  embedSecret: () => http.get<EmbedSecret>(`${base}/embed-secret`),
  rotateEmbedSecret: () => http.post<EmbedSecret>(`${base}/embed-secret/rotate`, {}),
  /** joins across stores through Trino (docs/api/data-source.md): the federation setting */
  federation: () => http.get<FederationSetting>('/api/data_source/federation'),
  setFederation: (body: FederationSetting) => http.put<FederationSetting>('/api/data_source/federation', body),
  /** the database sources by folder (the join designer's list), for the setting's choices */
  joinableSources: () => http.get<{ projectId: string; name: string; dataSources: { dataSourceId: string; name: string; type: number }[] }[]>('/api/data_source/join_table_projs'),
};

export interface FederationSetting {
  trinoSourceId: string;
  mappings: { dataSourceId: string; catalog: string; schema: string }[];
}

export interface EmbedSecret {
  secret: string;
  /** env: BI_EMBED_SECRET (rotated there); file: generated at the first start */
  source: 'env' | 'file';
}

/** POST /api/identity/password: any signed-in user changes their own password. */
export const changeOwnPassword = (oldPassword: string, newPassword: string) => http.post<{ changed: boolean }>('/api/identity/password', { oldPassword, newPassword });

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  roles: ['admin', 'roles'] as const,
  grants: (userId: string) => ['admin', 'grants', userId] as const,
  audit: ['admin', 'audit'] as const,
  embedSecret: ['admin', 'embed-secret'] as const,
  federation: ['admin', 'federation'] as const,
  joinable: ['admin', 'joinable-sources'] as const,
};
