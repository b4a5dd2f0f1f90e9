import type { DataType, FilterCondition, RangeFilter } from '@bi/chart-model';

/** A column of the detail rows (docs/api/chart.md Details). */
export interface DetailColumn {
  key: string;
  name: string;
  title: string;
  dataType: DataType;
}

export type DetailCell = string | number | null;

/** One page of detail rows. */
export interface DetailPage {
  columns: DetailColumn[];
  rows: Record<string, DetailCell>[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** the rows in all under the filters (the first page tells it) */
  total?: number;
}

/** The detail filter as sent: logic 0 all, 1 any. */
export interface DetailFilterBody {
  logic: 0 | 1;
  filterItems: (Omit<FilterCondition, 'field'> & { field: { name: string; dataType: DataType } })[];
}

/** The filters of the view a detail read honours (chartFilters of @bi/chart-model). */
export interface ViewFilters {
  globalFilters?: RangeFilter[];
  innerFilters?: RangeFilter[];
  /** the chart's drill path: the rows at the drilled level (a point key names the drilled dimension's value) */
  drill?: string[];
}

/** What the detail dialog reads: the view's filters, the dialog's own filter and search, and the point clicked. */
export interface DetailRequest {
  filters: ViewFilters;
  filter?: DetailFilterBody;
  search?: string;
  /** the point's category as the chart names it ('' / absent: every row) */
  pointKey?: string;
}

/** Values a text filter field offers (POST /api/field/inner_range); numbers and dates answer their range. */
export type FieldRange =
  | { name: string; dataType: 'string'; values: { value: string; count: number }[]; more: boolean }
  | { name: string; dataType: 'number' | 'date'; min: string | number | null; max: string | number | null };
