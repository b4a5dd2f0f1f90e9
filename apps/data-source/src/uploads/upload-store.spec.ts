import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@bi/core';
import { UploadStore, type IncomingChunk } from './upload-store.js';

// An upload's request stream that fails midway (the connection dropped, the caller went) is the caller's condition:
// "upload incomplete", nothing kept — never an unexpected error of the service (logged as unhandled).
describe('UploadStore.receive', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bi-upload-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function* dropped(): AsyncGenerator<IncomingChunk> {
    yield { fileName: 'cut.csv', action: 'replace' };
    yield { data: Buffer.from('a,b\n1,2\n') };
    throw Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { code: 14 });
  }

  it('answers a stream that fails midway as an incomplete upload and keeps no file', async () => {
    const store = new UploadStore(dir);
    const e = await store.receive(dropped()).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).key).toBe('excel.upload_incomplete');
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.part') || String(f).endsWith('.csv'))).toEqual([]);
  });

  it('keeps a whole upload', async () => {
    async function* whole(): AsyncGenerator<IncomingChunk> {
      yield { fileName: 'ok.csv', action: 'create' };
      yield { data: Buffer.from('a,b\n1,2\n') };
      yield { last: true, totalSize: 8 };
    }
    const meta = await new UploadStore(dir).receive(whole());
    expect(meta).toMatchObject({ fileName: 'ok.csv', size: 8, kind: 'csv' });
  });
});
