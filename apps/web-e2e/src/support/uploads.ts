import { expect, type Page } from '@playwright/test';
import { api, tokenOf } from './api';

/** Uploads a CSV (the excel upload's first step) as the page's user: its upload id and sheet name. */
export async function uploadCsv(page: Page, action: 'create' | 'append' | 'replace', csv: string, fileName = 'upload.csv'): Promise<{ uploadId: string; sheet: string }> {
  const response = await page.request.post(`/api/excel_upload/upload/${action}`, {
    headers: { authorization: await tokenOf(page), currentLanguage: 'en' },
    multipart: { file: { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${csv}`) } },
  });
  const text = await response.text();
  expect(response.ok(), text).toBe(true);
  const data = (JSON.parse(text) as { data: { uploadId: string; sheets: { name: string }[] } }).data;
  return { uploadId: data.uploadId, sheet: data.sheets[0]!.name };
}

export type CsvColumn = { name: string; type: 'string' | 'number' | 'date' };

/** A new uploaded source in a folder from CSV text (upload, then import/create): its id. */
export async function seedCsvSource(page: Page, projectId: string, tableName: string, csv: string, columns: readonly CsvColumn[]): Promise<string> {
  const upload = await uploadCsv(page, 'create', csv, `${tableName}.csv`);
  const created = await api<{ dataSource: { dataSourceId: string } }>(page, 'POST', '/api/excel_upload/import/create', {
    uploadId: upload.uploadId,
    sheet: upload.sheet,
    projectId,
    tableName,
    columns,
  });
  return created.dataSource.dataSourceId;
}
