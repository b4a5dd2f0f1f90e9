/** Shapes of docs/api/excel-upload.md (spec 02 §3 "Excel sheet", §4, §7 "Excel"). */
import type { ColumnChoice, UploadAction } from '@bi/rules';
import type { DataSource } from '../../data-source/types';

export type { ColumnChoice, UploadAction };
export type InferredType = 'string' | 'number' | 'date';

/** spec 02 §4: ready → uploading → success | fail (a failed file leaves the list). */
export type FileStatus = 'ready' | 'uploading' | 'success' | 'fail';

export interface SheetColumn {
  name: string;
  dataTypeDisp: InferredType;
}

export interface Sheet {
  name: string;
  index: number;
  columns: SheetColumn[];
  rows: Record<string, string | number | boolean | null>[];
  /** Why the sheet cannot be imported (empty, merged cells, not a plain table, duplicate headers), or null. */
  problem: string | null;
}

export interface UploadResult {
  uploadId: string;
  fileName: string;
  kind: 'xlsx' | 'csv';
  size: number;
  sheets: Sheet[];
}

/** One column of the mapping step: the file's column, the chosen type and the field it goes to. */
export interface ColumnMapping {
  name: string;
  type: ColumnChoice;
  /** create: the new field's name; append / replace: an existing field ('' = not imported) */
  targetName: string;
}

export interface ImportRequest {
  uploadId: string;
  sheet: string;
  tableName?: string;
  projectId?: string;
  dataSourceId?: string;
  columns: ColumnMapping[];
}

export interface ImportResult {
  dataSource: DataSource;
  rowCount: number;
}

/** The part of a data source the toolbar actions need. */
export interface ExcelSourceRef {
  dataSourceId: string;
  projectId: string;
  tableName: string;
  reference: string;
  editable: boolean;
}
