import { CHART_DETAIL_PAGE_ROWS } from '@bi/rules';
import { requestFile } from '../../../shared/api/download';
import { http, ApiError } from '../../../shared/api/http';
import { detailBody, type DetailRoutes } from '../../chart-detail';
import type { DetailPage } from '../../chart-detail/types';
import type { FilterRange, RangeRequest } from '../../dashboard-filters';
import type { ChartAnswer, ChartSummary, RunBody, RunFilters } from '../../chart/types';
import type { DashboardContent } from '../../dashboard/types';

/** Expiry choices of the share dialog (days; the server bounds them by BI_PUBLIC_LINK_MAX_DAYS). */
export const LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;
export const DEFAULT_LINK_DAYS = 30;
export const LINK_PASSWORD_MIN = 8;

export interface PublicLink {
  id: string;
  publicId: string;
  /** the page's path, /public/{publicId} */
  url: string;
  dashboardId: string;
  dashboardName: string;
  chartId: string | null;
  creatorId: string;
  creatorName: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastOpenedAt: string | null;
  hasPassword: boolean;
  allowDetails: boolean;
  allowExport: boolean;
  filters: unknown[];
  filtersEditable: boolean;
  state: 'live' | 'expired' | 'revoked';
}

export interface CreateLinkBody {
  dashboardId: string;
  chartId?: string;
  expiresInDays: number;
  password?: string;
  allowDetails: boolean;
  allowExport: boolean;
  filters?: RunFilters['globalFilters'];
  filtersEditable: boolean;
}

const id = (value: string) => encodeURIComponent(value);

/** The makers' and administrators' calls (docs/api/public-links.md). */
export const publicLinksApi = {
  mine: (dashboardId: string) => http.get<PublicLink[]>('/api/links', { query: { dashboardId } }),
  create: (body: CreateLinkBody) => http.post<PublicLink>('/api/links', body),
  rotate: (link: PublicLink) => http.post<PublicLink>(`/api/links/${id(link.id)}/rotate`),
  revoke: (link: PublicLink) => http.delete<PublicLink>(`/api/links/${id(link.id)}`),
  all: () => http.get<PublicLink[]>('/api/identity/admin/links'),
  revokeAll: () => http.post<{ revoked: number }>('/api/identity/admin/links/revoke_all'),
};

/** The full address of a link's page. */
export const linkAddress = (link: Pick<PublicLink, 'url'>, origin = window.location.origin) => `${origin}${link.url}`;

/** What the public page shows (GET /api/public/links/{publicId}). */
export type PublicView =
  | { needsPassword: true }
  | {
      needsPassword: false;
      kind: 'dashboard' | 'chart';
      chartId: string | null;
      dashboard: DashboardContent;
      charts: ChartSummary[];
      filters: NonNullable<RunFilters['globalFilters']>;
      filtersEditable: boolean;
      allowDetails: boolean;
      allowExport: boolean;
      expiresAt: string;
      creatorName: string;
    };

/**
 * The reader's calls: no account and no stored token — the link's id in the path, the link session
 * (after the password) in memory and in the x-link-session header, the browser's language.
 */
export function publicReader(publicId: string, language: string) {
  let session = '';
  const call = async <T>(path: string, method: 'GET' | 'POST', body?: unknown, signal?: AbortSignal): Promise<T> => {
    const sent: Record<string, string> = { accept: 'application/json', ...headers() };
    if (body !== undefined) sent['content-type'] = 'application/json';
    const res = await fetch(`/api/public/links/${id(publicId)}${path}`, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: 'omit' });
    const parsed = (await res.json().catch(() => undefined)) as { status?: string; data?: unknown } | undefined;
    if (!res.ok || parsed?.status !== 'success') throw new ApiError(typeof parsed?.data === 'string' ? parsed.data : String(res.status), res.status, parsed?.data);
    return parsed.data as T;
  };
  const headers = (): Record<string, string> => ({ currentLanguage: language, ...(session ? { 'x-link-session': session } : {}) });
  /** the detail dialog's and the export's reads, through the link (the routes of docs/api/public-links.md) */
  const details: DetailRoutes = {
    page: (_tab, chartId, r, page, signal) =>
      call<DetailPage>(`/details/${id(chartId)}${r.pointKey ? `?filterKey=${encodeURIComponent(r.pointKey)}` : ''}`, 'POST', { ...detailBody(r), ...(r.filter ? { filter: r.filter } : {}), pageIndex: page, pageSize: CHART_DETAIL_PAGE_ROWS }, signal),
    exportXlsx: (_tab, chartId, r, fallbackName) =>
      requestFile(`/api/public/links/${id(publicId)}/export/${id(chartId)}${r.pointKey ? `?filterKey=${encodeURIComponent(r.pointKey)}` : ''}`, {
        method: 'POST',
        body: { ...detailBody(r), ...(r.filter ? { filter: r.filter } : {}) },
        fallbackName: `${fallbackName}.xlsx`,
        headers: headers(),
      }),
  };
  return {
    open: () => call<PublicView>('', 'GET'),
    details,
    /** a global filter field's values (editable filters only) */
    range: (_tab: string, _dashboardId: string, body: RangeRequest, signal?: AbortSignal) => call<FilterRange>('/range', 'POST', body, signal),
    unlock: async (password: string) => {
      session = (await call<{ session: string }>('/unlock', 'POST', { password })).session;
    },
    run: (_tab: string, chartId: string, body: RunBody, signal?: AbortSignal) => call<ChartAnswer>(`/chart/${id(chartId)}`, 'POST', body, signal),
  };
}
