import ExcelJS from 'exceljs';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { XLSX_CONTENT_TYPE, attachmentDisposition, sheetName, xlsxCell } from '@bi/render';
import { fromGrpcError } from '@bi/service-kit';
import { timeout, type Observable } from 'rxjs';
import type { Writable } from 'node:stream';

interface HttpResponse extends Writable {
  headersSent: boolean;
  setHeader(name: string, value: string): void;
  status(code: number): unknown;
}

/** The sheet rules (name, cell limit, file name) are @bi/render's, which writes the subscriptions' XLSX attachments too. */
export { sheetName };
export const contentDisposition = (name: string): string => attachmentDisposition(name, 'xlsx');

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
            res.setHeader('Content-Type', XLSX_CONTENT_TYPE);
            res.setHeader('Content-Disposition', contentDisposition(name));
            res.setHeader('Cache-Control', 'no-store');
            workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
            sheet = workbook.addWorksheet(sheetName(name));
            sheet.addRow(batch.columns.map((c) => c.title)).commit();
          }
          for (const row of JSON.parse(batch.rowsJson) as unknown[][]) sheet!.addRow(row.map(xlsxCell)).commit();
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
