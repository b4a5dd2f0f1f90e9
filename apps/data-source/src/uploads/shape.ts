import { AppError, type MessageKey } from '@bi/core';
import { NaiveDate, columnLetter, displayText, type CellValue } from './cells.js';

/** A reason a sheet cannot be imported: a message-catalogue key with its parameters. */
export interface SheetProblem {
  key: MessageKey;
  params: Record<string, string | number>;
}

export const problemError = (p: SheetProblem) => new AppError('invalid', p.key, p.params);

const blank = (v: CellValue) => v === null || v === '' || (typeof v === 'string' && v.trim() === '');

/**
 * The "standard one-dimensional table" of spec 02 §5: the first non-empty row is the header, every
 * header cell up to the last one has a name, names are unique (ignoring case, as the stores compare
 * them), and no value stands right of the header. Empty rows are skipped.
 */
export class SheetShape {
  header: string[] | null = null;
  headerRow = 0;
  problem: SheetProblem | null = null;

  constructor(readonly sheet: string) {}

  /**
   * Takes one row (cells from column A, 0-based). Answers the data cells cut to the header's width,
   * or null for the header row, an empty row, or once a problem was found (see `problem`).
   */
  accept(rowNumber: number, cells: CellValue[]): CellValue[] | null {
    if (this.problem) return null;
    let last = cells.length - 1;
    while (last >= 0 && blank(cells[last])) last--;
    if (last < 0) return null;
    if (!this.header) {
      this.takeHeader(rowNumber, cells, last);
      return null;
    }
    const width = this.header.length;
    if (last >= width) {
      this.problem = { key: 'excel.not_tabular', params: { sheet: this.sheet, row: rowNumber, column: columnLetter(last) } };
      return null;
    }
    if (cells.length === width) return cells;
    if (cells.length > width) return cells.slice(0, width);
    const out = cells.slice();
    while (out.length < width) out.push(null);
    return out;
  }

  /** After the last row: an empty sheet is a problem too. */
  finish(): SheetProblem | null {
    if (!this.problem && !this.header) this.problem = { key: 'excel.sheet_empty', params: { sheet: this.sheet } };
    return this.problem;
  }

  private takeHeader(rowNumber: number, cells: CellValue[], last: number): void {
    const names: string[] = [];
    const seen = new Map<string, string>();
    for (let i = 0; i <= last; i++) {
      const v = cells[i];
      const name = blank(v) ? '' : (v instanceof NaiveDate ? displayText(v) : String(displayText(v))).trim();
      if (!name) {
        this.problem = { key: 'excel.header_empty', params: { sheet: this.sheet, row: rowNumber, column: columnLetter(i) } };
        return;
      }
      const key = name.toLowerCase();
      if (seen.has(key)) {
        this.problem = { key: 'excel.header_duplicate', params: { sheet: this.sheet, name } };
        return;
      }
      seen.set(key, name);
      names.push(name);
    }
    this.header = names;
    this.headerRow = rowNumber;
  }
}
