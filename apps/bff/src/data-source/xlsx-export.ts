import ExcelJS from 'exceljs';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { fromGrpcError } from '@bi/service-kit';
import { timeout, type Observable } from 'rxjs';
import type { Writable } from 'node:stream';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXCEL_CELL_MAX = 32_767;

interface HttpResponse extends Writable {
  headersSent: boolean;
  setHeader(name: string, value: string): void;
  status(code: number): unknown;
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ . */
export function sheetName(name: string): string {
  const clean = [...name.replace(/[[\]:*?/\\]/g, ' ').trim()].slice(0, 31).join('');
  return clean || 'Sheet1';
}

export function contentDisposition(name: string): string {
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name + '.xlsx')}`;
}

const cell = (v: unknown) => (typeof v === 'string' && v.length > EXCEL_CELL_MAX ? v.slice(0, EXCEL_CELL_MAX) : v);

/**
 * Streams the export batches into an .xlsx written straight to the response: the header row of
 * field titles, then the rows. A failure before the first batch is thrown (the JSON fail answer);
 * after that the response is cut off, as the file is already on its way.
 */
export function writeXlsx(batches: Observable<dataSourceV1.RowBatch>, res: HttpResponse, name: string, deadlineMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let workbook: ExcelJS.stream.xlsx.WorkbookWriter | undefined;
    let sheet: ExcelJS.Worksheet | undefined;
    const fail = (e: unknown) => {
      const error = (e as Error)?.name === 'TimeoutError' ? new AppError('unavailable', 'service.unavailable') : fromGrpcError(e);
      if (!workbook) return reject(error);
      res.destroy(error);
      resolve();
    };
    batches.pipe(timeout(deadlineMs)).subscribe({
      next: (batch) => {
        try {
          if (!workbook) {
            res.status(200);
            res.setHeader('Content-Type', XLSX);
            res.setHeader('Content-Disposition', contentDisposition(name));
            res.setHeader('Cache-Control', 'no-store');
            workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
            sheet = workbook.addWorksheet(sheetName(name));
            sheet.addRow(batch.columns.map((c) => c.title)).commit();
          }
          for (const row of JSON.parse(batch.rowsJson) as unknown[][]) sheet!.addRow(row.map(cell)).commit();
        } catch (e) {
          fail(e);
        }
      },
      error: fail,
      complete: () => {
        if (!workbook) return reject(new AppError('internal', 'operation.failed'));
        sheet!.commit();
        workbook.commit().then(() => resolve(), fail);
      },
    });
  });
}
