import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { EXCEL_MAX_BYTES, textProblem, uploadKind } from '@bi/rules';
import { deadlineOption, fromGrpcError } from '@bi/service-kit';

/** The part of a grpc-js client-streaming call the upload uses. */
export interface ChunkCall {
  write(message: Partial<dataSourceV1.UploadChunk>): boolean;
  end(): void;
  cancel(): void;
  once(event: 'drain', fn: () => void): unknown;
}

/** grpc-js client of DataSourceService (serviceClient's raw()): the client-streaming UploadChunks with a callback. */
export interface RawDataSourceClient {
  uploadChunks(options: { deadline: Date }, callback: (error: unknown, reply?: dataSourceV1.UploadReply) => void): ChunkCall;
}

/** Requests larger than this are refused from their Content-Length without reading them. */
const CONTENT_LENGTH_REFUSE = 2 * EXCEL_MAX_BYTES;
/** After a refusal the rest of a request is read (and dropped) up to this much, so the client sees the answer. */
const DRAIN_MAX = 2 * EXCEL_MAX_BYTES;

/**
 * Streams the one file of a multipart request (any field name, default "file") to the data-source
 * service over UploadChunks, with flow control both ways: the request is paused while the gRPC
 * stream is full. The 40 MB cap is enforced while the bytes arrive (busboy's fileSize limit; the
 * service checks again; both take exactly 40 × 1024 × 1024 bytes). The answer comes once the whole
 * request was read, so the client always sees it; a request cut off midway cancels the call and
 * the service keeps nothing.
 */
export function streamUpload(req: IncomingMessage, client: RawDataSourceClient, first: Pick<dataSourceV1.UploadChunk, 'action' | 'actor'>, deadlineMs: number): Promise<dataSourceV1.UploadReply> {
  return new Promise((resolve, reject) => {
    const contentType = String(req.headers['content-type'] ?? '');
    if (!/^multipart\/form-data/i.test(contentType)) return reject(new AppError('invalid', 'excel.multipart_required'));
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > CONTENT_LENGTH_REFUSE) {
      req.resume();
      return reject(new AppError('invalid', 'excel.too_large', { max: 40 }));
    }

    let error: AppError | undefined;
    let reply: dataSourceV1.UploadReply | undefined;
    let call: ChunkCall | undefined;
    let files = 0;
    let parsed = false;
    let grpcDone = false;
    let settled = false;
    let drained = 0;

    const settle = () => {
      if (settled || !parsed) return;
      if (error) {
        settled = true;
        return reject(error);
      }
      if (files === 0) {
        settled = true;
        return reject(new AppError('invalid', 'excel.no_file'));
      }
      if (grpcDone) {
        settled = true;
        resolve(reply!);
      }
    };
    const fail = (e: AppError) => {
      error ??= e;
      if (!grpcDone) call?.cancel();
      settle();
    };

    let bb: busboy.Busboy;
    try {
      // busboy reports its limit once a file *reaches* fileSize: one byte more, so that exactly
      // EXCEL_MAX_BYTES is taken (the 40 MB bound is inclusive) and the next byte refused
      bb = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: EXCEL_MAX_BYTES + 1, fields: 20, parts: 40, fieldSize: 4096 } });
    } catch {
      return reject(new AppError('invalid', 'excel.multipart_required'));
    }

    bb.on('file', (_field, file, info) => {
      files++;
      if (files > 1 || error) {
        file.resume();
        return;
      }
      const fileName = (info.filename ?? '').trim();
      // the name is stored with the source: storable text only (the shared check of @bi/rules)
      if (textProblem(fileName)) {
        file.resume();
        return fail(new AppError('invalid', 'text.invalid_characters', { field: 'file name' }));
      }
      const kind = uploadKind(fileName);
      if (kind !== 'xlsx' && kind !== 'csv') {
        file.resume();
        return fail(new AppError('invalid', kind === 'xls' ? 'excel.xls_unsupported' : 'excel.extension'));
      }
      call = client.uploadChunks(deadlineOption(deadlineMs), (e, r) => {
        grpcDone = true;
        if (e) {
          error ??= fromGrpcError(e);
          file.resume(); // keep reading (and dropping) the rest, so the answer reaches the client
        } else reply = r;
        settle();
      });
      call.write({ fileName, action: first.action, actor: first.actor });
      let size = 0;
      file.on('data', (data: Buffer) => {
        if (error || grpcDone) return;
        size += data.length;
        if (!call!.write({ data })) {
          file.pause();
          call!.once('drain', () => file.resume());
        }
      });
      file.on('limit', () => fail(new AppError('invalid', 'excel.too_large', { max: 40 })));
      file.on('end', () => {
        if (error || grpcDone || (file as unknown as { truncated?: boolean }).truncated) return;
        call!.write({ last: true, totalSize: size });
        call!.end();
      });
    });
    bb.on('filesLimit', () => undefined);
    bb.on('error', (e: Error) => {
      parsed = true;
      // a part header busboy cannot read: a control character such as NUL in the file name (issue 12 #3)
      if (/Malformed part header/i.test(String(e?.message))) return fail(new AppError('invalid', 'text.invalid_characters', { field: 'file name' }));
      // cut off midway ("Unexpected end of form") or not multipart at all
      fail(new AppError('invalid', 'excel.upload_incomplete'));
    });
    bb.on('close', () => {
      parsed = true;
      settle();
    });
    req.on('aborted', () => {
      parsed = true;
      fail(new AppError('invalid', 'excel.upload_incomplete'));
    });
    req.on('data', (d: Buffer) => {
      // after a refusal, read on only so far
      if (error) {
        drained += d.length;
        if (drained > DRAIN_MAX) req.destroy();
      }
    });
    req.pipe(bb);
  });
}
