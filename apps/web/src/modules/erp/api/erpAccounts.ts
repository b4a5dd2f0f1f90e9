import { http } from '../../../shared/api/http';
import type { ErpAccount, ErpAccountBody } from '../types';

/** The ERP account calls (spec 02 §7 "ERP accounts", docs/api/data-source.md "ERP accounts"). */
const base = '/api/e10account';

export const erpAccountKeys = {
  list: ['e10account', 'list'] as const,
  primary: ['e10account', 'primary'] as const,
};

export const erpAccountApi = {
  primary: () => http.get<ErpAccount | null>(`${base}/primary`),
  list: () => http.get<ErpAccount[]>(`${base}/list`),
  /** Creates (no id) or changes an account, or chooses it (isSelected); answers the list. */
  save: (body: ErpAccountBody) => http.post<ErpAccount[]>(`${base}/edit`, body),
  remove: (id: string) => http.delete<ErpAccount[]>(`${base}/delete/${encodeURIComponent(id)}`),
};
