/** Excel and CSV upload rules of spec 02 §2 screen 6, §4, §5, §9 (docs/api/excel-upload.md). */

/** "at most 40M" (spec 02 §5, §9): 40 MiB. */
export const EXCEL_MAX_BYTES = 40 * 1024 * 1024;
/** Characters one uploaded cell may hold (Excel's own limit per cell); a longer one is refused while the file is read. */
export const EXCEL_MAX_CELL_CHARS = 32_767;
/** Sheet tabs shrink (scroll / smaller) when a workbook has more sheets than this (spec 02 §2 screen 6). */
export const EXCEL_TABS_SHRINK_AFTER = 7;
/** Rows of each sheet sent for the preview step. */
export const EXCEL_PREVIEW_ROWS = 50;
/** Rows read per sheet to infer the column types at upload. */
export const EXCEL_INFER_ROWS = 500;

export const UPLOAD_ACTIONS = ['create', 'append', 'replace'] as const;
export type UploadAction = (typeof UPLOAD_ACTIONS)[number];
export function isUploadAction(v: unknown): v is UploadAction {
  return (UPLOAD_ACTIONS as readonly unknown[]).includes(v);
}

/** The type choice per column in the preview step; abandon = not imported. */
export const COLUMN_CHOICES = ['abandon', 'string', 'number', 'date'] as const;
export type ColumnChoice = (typeof COLUMN_CHOICES)[number];

/** Extensions taken; .xls (Excel 97–2003) is refused with its own message, since no kept library reads it. */
export const UPLOAD_EXTENSIONS = ['.xlsx', '.csv'] as const;
export type UploadKind = 'xlsx' | 'csv';

export function uploadKind(fileName: string): UploadKind | 'xls' | null {
  const lower = fileName.trim().toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xls')) return 'xls';
  return null;
}

/** Columns every uploaded table carries: the row key and the deleted flag (spec 02 §3). */
export const UPLOAD_KEY_COLUMN = 'key_id';
export const UPLOAD_DELETED_COLUMN = 'deleted';
export const UPLOAD_RESERVED_COLUMNS = [UPLOAD_KEY_COLUMN, UPLOAD_DELETED_COLUMN] as const;

/**
 * A column the product adds to an uploaded table (key_id, deleted), not data of the user's: left out
 * of the field lists a chart is built from. Only for uploaded sources (`reference` UPLOAD_REFERENCE):
 * a SQL source may have columns of these names of its own.
 */
export function isUploadSyntheticField(reference: string | undefined, name: string): boolean {
  // an ERP report's rows are synced into a table of the same shape; its reference is its connection string
  // (SBEP and second-generation ERP sources alike: sbep://, e10://, docs/adr/0017)
  const synced = reference === UPLOAD_REFERENCE || ['e10report://', 'sbep://', 'e10://'].some((scheme) => !!reference?.startsWith(scheme));
  return synced && (UPLOAD_RESERVED_COLUMNS as readonly string[]).includes(name);
}

/** Column names in the store: 1–63 bytes of UTF-8 (PostgreSQL's identifier limit), not a reserved name. */
export const TARGET_NAME_MAX_BYTES = 63;

/** Bytes of a string in UTF-8. */
export function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

export type TargetNameProblem = 'required' | 'too_long' | 'reserved';

export function checkTargetName(name: string): TargetNameProblem | null {
  const n = name.trim();
  if (!n) return 'required';
  if (utf8Length(n) > TARGET_NAME_MAX_BYTES) return 'too_long';
  if ((UPLOAD_RESERVED_COLUMNS as readonly string[]).includes(n.toLowerCase())) return 'reserved';
  return null;
}

/** The source reference that marks an uploaded source (the spec's join tables use 'jointable'). */
export const UPLOAD_REFERENCE = 'excel';
