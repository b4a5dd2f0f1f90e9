import type { Aggregator, Chart, ChartField, ChartType, DataType, FieldFilter, FilterCondition, Formatter, Granularity, SortOrder } from '@bi/chart-model';
import type { EditorTab, SourceField } from '../panels/contract';

export type { Aggregator, Chart, ChartField, ChartType, DataType, EditorTab, FieldFilter, FilterCondition, Formatter, Granularity, SortOrder, SourceField };

/** The four field zones of the editor's centre (spec 01 §2): dimension, compare, values, second values. */
export const ZONES = ['points', 'secondPoints', 'values', 'secondValues'] as const;
export type ZoneKey = (typeof ZONES)[number];

/** A field of the chart's source as GET /api/dashboard/schema/{apiName}/{chartId} answers it. */
export interface SchemaField {
  name: string;
  title: string;
  dataType: DataType;
  /** the source's default aggregator ('' none) */
  aggregator: '' | Aggregator;
  calculated: boolean;
}

/** One source of GET /api/chart-edit/dataSources. */
export interface SourceItem {
  dataSourceId: string;
  projectId: string;
  name: string;
  type: number;
  isReadOnly: boolean;
  updateTime: string;
  editable: boolean;
}

/** A data-source folder with the sources the caller may use in charts. */
export interface SourceFolder {
  projectId: string;
  name: string;
  order: number;
  dataSources: SourceItem[];
}

/** Route parameters of /dashboard/chart_edit/:project/:dashboard/:chart (and the template one). */
export interface ChartEditRouteParams {
  project?: string;
  dashboard?: string;
  chart?: string;
}
