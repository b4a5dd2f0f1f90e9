import { http } from '../../../shared/api/http';
import type { BatchPublishBody, Principal, PublishBody, PublishFailure, RowRuleSet, ShareForm } from '../types';
import { normalizeRuleSet } from '../utils/rowRules';
import { normalizeFailures, normalizeShareForm } from '../utils/shape';

/** The sharing calls of docs/api/sharing.md (spec 02 §7 "Sharing"). */
const base = '/api/data_source';
const id = (value: string) => encodeURIComponent(value);

export const sharingApi = {
  /** Roles and users to choose from; with a source id also who it is shared with now. */
  rolesUsers: async (dataSourceId?: string): Promise<ShareForm> =>
    normalizeShareForm(await http.get<unknown>(dataSourceId ? `${base}/roles_users/${id(dataSourceId)}` : `${base}/roles_users`)),
  /** Shares one source with exactly these roles and users; answers the failure log (empty: success). */
  publish: async (dataSourceId: string, body: PublishBody): Promise<PublishFailure[]> =>
    normalizeFailures(await http.post<unknown>(`${base}/publish/${id(dataSourceId)}`, body)),
  /** Adds or removes the roles and users on several sources of a folder; answers the failure log. */
  batchPublish: async (body: BatchPublishBody): Promise<PublishFailure[]> => normalizeFailures(await http.post<unknown>(`${base}/batch_publish`, body)),
  /** The source's row-level rules (admins only). */
  rowRules: async (dataSourceId: string): Promise<RowRuleSet> => normalizeRuleSet(await http.get<unknown>(`${base}/row_rules/${id(dataSourceId)}`)),
  /** Replaces the source's row-level rules; answers them as stored. */
  saveRowRules: async (dataSourceId: string, body: RowRuleSet): Promise<RowRuleSet> =>
    normalizeRuleSet(await http.put<unknown>(`${base}/row_rules/${id(dataSourceId)}`, body)),
};

export const sharingKeys = {
  all: ['sharing'] as const,
  form: (dataSourceId: string | undefined) => ['sharing', 'roles-users', dataSourceId ?? ''] as const,
  rowRules: (dataSourceId: string) => ['sharing', 'row-rules', dataSourceId] as const,
};

export type { Principal };
