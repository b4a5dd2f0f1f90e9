import { EXCEL_MAX_BYTES, EXCEL_TABS_SHRINK_AFTER, UPLOAD_KEY_COLUMN, UPLOAD_RESERVED_COLUMNS, checkName, checkTargetName, uploadKind } from '@bi/rules';
import type { Field } from '../../data-source/types';
import type { ExcelUploadKey } from '../i18n';
import type { ColumnChoice, ColumnMapping, Sheet, UploadAction } from '../types';

/** The route's action, or null for anything else. */
export function routeAction(action: string | undefined): UploadAction | null {
  return action === 'create' || action === 'append' || action === 'replace' ? action : null;
}

/** Checked in the browser before sending (the server checks again): one .xlsx or .csv of at most 40 MB. */
export function checkFile(file: { name: string; size: number }): ExcelUploadKey | null {
  const kind = uploadKind(file.name);
  if (kind === 'xls') return 'upload.xls';
  if (!kind) return 'upload.extension';
  if (file.size > EXCEL_MAX_BYTES) return 'upload.tooLarge';
  return null;
}

/** Sheet tabs shrink (smaller, scrolling) when a workbook has more than 7 sheets (spec 02 §2 screen 6). */
export function shrinkTabs(sheetCount: number): boolean {
  return sheetCount > EXCEL_TABS_SHRINK_AFTER;
}

const reserved = (name: string) => (UPLOAD_RESERVED_COLUMNS as readonly string[]).includes(name.trim().toLowerCase());

/** The fields an upload can go to: the stored columns, not key_id nor calculated fields. */
export function targetFields(fields: Field[]): Field[] {
  return fields.filter((f) => !f.expression && f.name !== UPLOAD_KEY_COLUMN);
}

/** The existing field a column is matched to by name: exactly, else ignoring case, else by title. */
export function matchField(column: string, fields: Field[]): Field | undefined {
  const n = column.trim();
  return fields.find((f) => f.name === n) ?? fields.find((f) => f.name.toLowerCase() === n.toLowerCase()) ?? fields.find((f) => f.title.trim() === n);
}

/**
 * The first mapping of a sheet. create: each column as inferred, to a field of its own name
 * (key_id and deleted, reserved, are abandoned). append / replace: columns matched to the existing
 * fields by name take the field's type; the others are abandoned.
 */
export function initialMapping(sheet: Sheet, action: UploadAction, fields: Field[] = []): ColumnMapping[] {
  if (action === 'create') {
    return sheet.columns.map((c) => ({ name: c.name, type: reserved(c.name) ? 'abandon' : c.dataTypeDisp, targetName: c.name }));
  }
  const targets = targetFields(fields);
  const used = new Set<string>();
  return sheet.columns.map((c) => {
    const f = matchField(c.name, targets);
    if (!f || used.has(f.name)) return { name: c.name, type: 'abandon' as ColumnChoice, targetName: '' };
    used.add(f.name);
    return { name: c.name, type: f.dataType, targetName: f.name };
  });
}

/** Sets the field of one column (append / replace): its type follows the field's; none = abandoned. */
export function mapToField(mapping: ColumnMapping[], column: string, fieldName: string, fields: Field[]): ColumnMapping[] {
  const f = targetFields(fields).find((x) => x.name === fieldName);
  return mapping.map((m) => (m.name === column ? (f ? { ...m, type: f.dataType, targetName: f.name } : { ...m, type: 'abandon', targetName: '' }) : m));
}

export interface MappingProblem {
  key: ExcelUploadKey;
  params?: Record<string, string>;
}

/** What stops the finish button: the worktable name (create) and the mapping. */
export function mappingProblem(action: UploadAction, mapping: ColumnMapping[], tableName: string): MappingProblem | null {
  if (action === 'create') {
    const p = checkName(tableName);
    if (p) return { key: p === 'required' ? 'worktable.nameRequired' : p === 'line_break' ? 'worktable.nameLineBreak' : 'worktable.nameLength' };
  }
  const chosen = mapping.filter((m) => m.type !== 'abandon');
  if (chosen.length === 0) return { key: 'worktable.noColumns' };
  const seen = new Set<string>();
  for (const m of chosen) {
    const target = m.targetName.trim();
    if (action === 'create') {
      const bad = checkTargetName(target);
      if (bad === 'required') return { key: 'worktable.targetRequired' };
      if (bad === 'reserved') return { key: 'worktable.targetReserved', params: { name: target } };
    } else if (!target) return { key: 'worktable.targetRequired' };
    if (seen.has(target.toLowerCase())) return { key: 'worktable.targetDuplicate', params: { name: target } };
    seen.add(target.toLowerCase());
  }
  return null;
}

/** A default worktable name from the sheet (or file) name, when it fits the 3–20 rule. */
export function suggestedName(sheet: string, fileName: string): string {
  for (const candidate of [sheet, fileName.replace(/\.(xlsx|csv)$/i, '')]) {
    const n = [...candidate.trim()].slice(0, 20).join('');
    if (!checkName(n)) return n;
  }
  return '';
}
