import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { AppError } from '@bi/core';
import { EXCEL_MAX_BYTES, uploadKind, type UploadKind } from '@bi/rules';
import { idOrNotFound } from '@bi/service-kit';

export interface UploadMeta {
  uploadId: string;
  fileName: string;
  kind: UploadKind;
  size: number;
  action: string;
  userId: string;
  userName: string;
  createdAt: string;
}

export interface IncomingChunk {
  fileName?: string;
  action?: string;
  actor?: { userId?: string; userName?: string };
  data?: Uint8Array;
  last?: boolean;
  totalSize?: number;
}

/** Uploads not imported within this time are removed by the sweeper. */
export const UPLOAD_TTL_MS = 24 * 3600_000;

/** The file's kind from its name: .xlsx or .csv; .xls and anything else are refused with their own message. */
export function checkedKind(fileName: string): UploadKind {
  const kind = uploadKind(fileName);
  if (kind === 'xls') throw new AppError('invalid', 'excel.xls_unsupported');
  if (!kind) throw new AppError('invalid', 'excel.extension');
  return kind;
}

/**
 * Uploaded files under $BI_DATA_DIR/uploads/: `<id>.part` while arriving, then `<id>.<kind>` with
 * `<id>.json` (who, what, when). The 40 MB cap is enforced while the bytes arrive.
 */
export class UploadStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'uploads');
  }

  path(meta: Pick<UploadMeta, 'uploadId' | 'kind'>): string {
    return join(this.dir, `${meta.uploadId}.${meta.kind}`);
  }

  /**
   * Writes the chunks to a new file. The stream must end with a chunk marked last whose total
   * size matches what arrived; otherwise (cut off, too large, wrong kind) nothing is kept.
   */
  async receive(chunks: AsyncIterable<IncomingChunk>): Promise<UploadMeta> {
    mkdirSync(this.dir, { recursive: true });
    const uploadId = randomUUID();
    const part = join(this.dir, `${uploadId}.part`);
    let out: ReturnType<typeof createWriteStream> | undefined;
    let meta: UploadMeta | undefined;
    let size = 0;
    let complete = false;
    try {
      for await (const c of cutOffAsIncomplete(chunks)) {
        if (!meta) {
          const fileName = (c.fileName ?? '').trim();
          if (!fileName) throw new AppError('invalid', 'excel.extension');
          meta = {
            uploadId,
            fileName: fileName.slice(0, 255),
            kind: checkedKind(fileName),
            size: 0,
            action: c.action ?? 'create',
            userId: c.actor?.userId ?? '',
            userName: c.actor?.userName ?? '',
            createdAt: new Date().toISOString(),
          };
          out = createWriteStream(part, { flags: 'wx', mode: 0o600 });
        }
        if (complete) throw new AppError('invalid', 'excel.upload_incomplete');
        if (c.data && c.data.length) {
          size += c.data.length;
          if (size > EXCEL_MAX_BYTES) throw new AppError('invalid', 'excel.too_large', { max: 40 });
          if (!out!.write(c.data)) await once(out!, 'drain');
        }
        if (c.last) {
          if ((c.totalSize ?? -1) !== size) throw new AppError('invalid', 'excel.upload_incomplete');
          complete = true;
        }
      }
      if (!meta || !complete) throw new AppError('invalid', 'excel.upload_incomplete');
      if (size === 0) throw new AppError('invalid', 'excel.file_empty');
      await new Promise<void>((resolve, reject) => out!.end((e?: Error | null) => (e ? reject(e) : resolve())));
      meta.size = size;
      await rename(part, this.path(meta));
      await writeFile(join(this.dir, `${uploadId}.json`), JSON.stringify(meta), { mode: 0o600 });
      return meta;
    } catch (e) {
      out?.destroy();
      await rm(part, { force: true });
      throw e;
    }
  }

  /** Stores a file the service makes itself (the demo data): produce writes it at the path given. */
  async create(fileName: string, userId: string, userName: string, produce: (path: string) => Promise<void>): Promise<UploadMeta> {
    mkdirSync(this.dir, { recursive: true });
    const meta: UploadMeta = { uploadId: randomUUID(), fileName, kind: checkedKind(fileName), size: 0, action: 'create', userId, userName, createdAt: new Date().toISOString() };
    try {
      await produce(this.path(meta));
      meta.size = (await stat(this.path(meta))).size;
      await writeFile(join(this.dir, `${meta.uploadId}.json`), JSON.stringify(meta), { mode: 0o600 });
      return meta;
    } catch (e) {
      await this.remove(meta);
      throw e;
    }
  }

  /** The stored upload of this user. */
  async find(uploadId: string, userId: string): Promise<UploadMeta> {
    idOrNotFound(uploadId, 'excel.upload_not_found');
    let meta: UploadMeta;
    try {
      meta = JSON.parse(await readFile(join(this.dir, `${uploadId}.json`), 'utf8')) as UploadMeta;
    } catch {
      throw new AppError('not_found', 'excel.upload_not_found');
    }
    if (meta.userId !== userId) throw new AppError('not_found', 'excel.upload_not_found');
    return meta;
  }

  async remove(meta: Pick<UploadMeta, 'uploadId' | 'kind'>): Promise<void> {
    await rm(this.path(meta), { force: true });
    await rm(join(this.dir, `${meta.uploadId}.json`), { force: true });
  }

  /** Removes uploads (and parts left by a stop) older than the TTL. */
  async sweep(now = Date.now(), ttlMs = UPLOAD_TTL_MS): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      const full = join(this.dir, name);
      const s = await stat(full).catch(() => undefined);
      if (s && now - s.mtimeMs > ttlMs) {
        await rm(full, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

/**
 * The chunks as they come; a request stream that fails (the connection dropped, the caller went midway) is an upload
 * cut off midway — the caller's condition, answered as such (nothing is kept), not an unexpected error of the service.
 */
async function* cutOffAsIncomplete<T>(chunks: AsyncIterable<T>): AsyncGenerator<T> {
  const it = chunks[Symbol.asyncIterator]();
  try {
    for (;;) {
      let r: IteratorResult<T>;
      try {
        r = await it.next();
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw new AppError('invalid', 'excel.upload_incomplete');
      }
      if (r.done) return;
      yield r.value;
    }
  } finally {
    await it.return?.();
  }
}
