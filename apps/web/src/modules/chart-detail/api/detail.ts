import type { Tab } from '@bi/rules';
import { createContext } from 'react';
import { CHART_DETAIL_PAGE_ROWS } from '@bi/rules';
import { requestFile } from '../../../shared/api/download';
import { http } from '../../../shared/api/http';
import type { DetailPage, DetailRequest, FieldRange } from '../types';

const id = (value: string) => encodeURIComponent(value);

/** The body of a detail read: the view's filters, the dialog's filter and search (absent keys are not sent). */
export function detailBody(r: DetailRequest) {
  return {
    ...(r.filters.globalFilters ? { globalFilters: r.filters.globalFilters } : {}),
    ...(r.filters.innerFilters ? { innerFilters: r.filters.innerFilters } : {}),
    ...(r.filters.drill?.length ? { drill: r.filters.drill } : {}),
    ...(r.search ? { search: r.search } : {}),
  };
}

/** The calls of docs/api/chart.md behind the inner filter bar and the detail dialog. */
export const detailApi = {
  /**
   * One page of detail rows: POST /api/dashboard/all_details/{tab}/{chartId}, or — for the rows behind
   * one point — POST /api/dashboard/detail/{tab}/{chartId}?filterKey= (the detail filter is the body).
   */
  page: (tab: Tab, chartId: string, r: DetailRequest, page: number, signal?: AbortSignal) => {
    const paging = { pageIndex: page, pageSize: CHART_DETAIL_PAGE_ROWS };
    if (r.pointKey) {
      return http.post<DetailPage>(`/api/dashboard/detail/${tab}/${id(chartId)}`, { ...detailBody(r), ...(r.filter ?? {}), ...paging }, { signal, query: { filterKey: r.pointKey } });
    }
    return http.post<DetailPage>(`/api/dashboard/all_details/${tab}/${id(chartId)}`, { ...detailBody(r), ...(r.filter ? { filter: r.filter } : {}), ...paging }, { signal });
  },
  /** The rows as .xlsx (every filter of the view, the dialog's filter and search, the point): refused above 9999 rows with the server's hint. */
  exportXlsx: (tab: Tab, chartId: string, r: DetailRequest, fallbackName: string) =>
    requestFile(`/api/dashboard/export_details/${tab}/${id(chartId)}${r.pointKey ? `?filterKey=${encodeURIComponent(r.pointKey)}` : ''}`, {
      method: 'POST',
      body: { ...detailBody(r), ...(r.filter ? { filter: r.filter } : {}) },
      fallbackName: `${fallbackName}.xlsx`,
    }),
  /** Values of an inner filter field: a text field's values (with a search), a number or date field's min and max. */
  innerRange: (tab: Tab, chartId: string, name: string, search: string, signal?: AbortSignal) =>
    http.post<FieldRange>('/api/field/inner_range', { tab, chartId, name, ...(search ? { search } : {}) }, { signal }),
};

/**
 * Where the detail dialog and the rows' export read: the product's routes (the default), or another
 * reader's routes with the same answers — the public link page (modules/public-links) reads through its link.
 */
export type DetailRoutes = Pick<typeof detailApi, 'page' | 'exportXlsx'>;
export const DetailRoutesContext = createContext<DetailRoutes>(detailApi);

export const detailKeys = {
  all: ['chart-detail'] as const,
  page: (tab: Tab, chartId: string, r: DetailRequest, page: number, language: string) => ['chart-detail', 'page', tab, chartId, JSON.stringify(r), page, language] as const,
  range: (tab: Tab, chartId: string, name: string, search: string) => ['chart-detail', 'range', tab, chartId, name, search] as const,
};
