import type { GlobalFilterItem } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { createContext } from 'react';
import { http } from '../../../shared/api/http';

const id = (value: string) => encodeURIComponent(value);

/** The dashboard's answer to a save (docs/api/dashboard.md: DashboardContent); only `globalFilter` is read here. */
export interface GlobalFilterAnswer {
  dashboardId: string;
  globalFilter: GlobalFilterItem[];
}

/** What a picker offers: a text field's values with their row counts (more: the list was cut), or a number's or date's bounds. */
export interface FilterRange {
  name: string;
  dataType: 'string' | 'number' | 'date';
  values?: { value: string; count: number }[];
  more?: boolean;
  min?: string | number | null;
  max?: string | number | null;
}

export interface RangeRequest {
  dataSourceId: string;
  name: string;
  search?: string;
  limit?: number;
}

/** The calls of docs/api/dashboard.md "Global filters". */
export const globalFilterApi = {
  /** POST /api/global_filter/{tab}/{dashboardId}: stores the list (editAuth). */
  save: (tab: Tab, dashboardId: string, list: GlobalFilterItem[]) => http.post<GlobalFilterAnswer>(`/api/global_filter/${tab}/${id(dashboardId)}`, list),
  /** POST /api/global_filter/range/{tab}/{dashboardId}: the values of a field of a table the dashboard's charts use. */
  range: (tab: Tab, dashboardId: string, body: RangeRequest, signal?: AbortSignal) => http.post<FilterRange>(`/api/global_filter/range/${tab}/${id(dashboardId)}`, body, { signal }),
};

/**
 * Where the filter bar's pickers read a field's values: the product's route (the default), or another
 * reader's — the public link page (modules/public-links) reads through its link.
 */
export type FilterRangeRoute = typeof globalFilterApi.range;
export const FilterRangeContext = createContext<FilterRangeRoute>(globalFilterApi.range);

export const globalFilterKeys = {
  range: (tab: Tab, dashboardId: string, body: RangeRequest) => ['global-filter', 'range', tab, dashboardId, body.dataSourceId, body.name, body.search ?? ''] as const,
};
