import { http } from '../../../shared/api/http';

/** The scopes of docs/api/api-keys.md. */
export const API_KEY_SCOPES = ['read', 'dashboards:write', 'sources:manage', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const EXPIRY_DAYS = [30, 90, 180, 365] as const;
export const DEFAULT_EXPIRY_DAYS = 90;

export interface ApiKey {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  hint: string;
  userId: string;
  userName: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

export interface CreateApiKeyBody {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: number;
}

const id = (value: string) => encodeURIComponent(value);

/** A user's own keys; administrators' view of every key (docs/api/api-keys.md). */
export const apiKeysApi = {
  mine: () => http.get<ApiKey[]>('/api/identity/api-keys'),
  all: () => http.get<ApiKey[]>('/api/identity/admin/api-keys'),
  create: (body: CreateApiKeyBody) => http.post<{ key: ApiKey; secret: string }>('/api/identity/api-keys', body),
  revoke: (key: ApiKey, asAdmin: boolean) => http.delete<ApiKey>(`/api/identity/${asAdmin ? 'admin/' : ''}api-keys/${id(key.id)}`),
};

/** active, expired or revoked, as of now. */
export function keyStatus(key: ApiKey, now = Date.now()): 'active' | 'expired' | 'revoked' {
  if (key.revokedAt) return 'revoked';
  return Date.parse(key.expiresAt) <= now ? 'expired' : 'active';
}
