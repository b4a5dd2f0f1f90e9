import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { DeliveryFailed, systemResolver } from './delivery.js';
import { resolveTarget, TargetNotAllowed, type OutboundPolicy, type Resolver } from './policy.js';

interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** tests: a resolver standing in for DNS */
  resolve?: Resolver;
}

/**
 * The one way an answer is read from an outbound target: the target checked and resolved
 * (`resolveTarget`: every address judged), the connection made to that checked address (Host header and
 * TLS name stay the URL's host: no second lookup, no DNS rebinding), redirects never followed (a 3xx is
 * answered as is). Throws TargetNotAllowed for a refused target; a network failure rejects as it comes.
 */
async function openOutbound(policy: OutboundPolicy, url: string, req: OutboundRequest): Promise<IncomingMessage> {
  const { target, address } = await resolveTarget(policy, url, req.resolve ?? systemResolver);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = req.body ?? '';
  return new Promise<IncomingMessage>((done, fail) => {
    const r = send(
      {
        host: address,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        method: req.method ?? 'GET',
        headers: { ...req.headers, host: target.url.host, ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
        ...(target.protocol === 'https:' && !target.literal ? { servername: target.host } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
        agent: false,
      },
      done,
    );
    r.on('error', fail);
    r.end(req.body);
  });
}

/** The answer of `outboundFetch`: a subset of the fetch Response, the body a stream read by the caller (who bounds it). */
export interface OutboundResponse {
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array>;
  text(): Promise<string>;
}

export interface OutboundFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * A fetch through the outbound policy (`openOutbound`) for clients written against fetch — the report
 * providers' `ProviderClient` takes it as its `fetchImpl`, and bounds what it reads itself.
 */
export function outboundFetch(policy: OutboundPolicy, opts: { resolve?: Resolver } = {}): (url: string, init?: OutboundFetchInit) => Promise<OutboundResponse> {
  return async (url, init = {}) => {
    const res = await openOutbound(policy, url, { ...init, resolve: opts.resolve });
    return {
      status: res.statusCode ?? 0,
      headers: {
        get: (name) => {
          const v = res.headers[name.toLowerCase()];
          return v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v);
        },
      },
      body: Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>,
      text: async () => {
        const chunks: Buffer[] = [];
        for await (const c of res) chunks.push(c as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      },
    };
  };
}

export interface OutboundFetch {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** the most bytes of an answer's body read; a longer one fails with AnswerTooLarge */
  maxBytes: number;
  signal?: AbortSignal;
  /** tests: a resolver standing in for DNS */
  resolve?: Resolver;
  /**
   * A buffer the body is copied into (grown when too small) instead of a new one per answer: a reader of
   * many large answers one after another (an API source's pages) allocates no memory per answer beyond
   * the socket's chunks. The answer's bytes are then a view of it, valid until the next read into it.
   */
  reuse?: AnswerBuffer;
}

/** The buffer `fetchOutbound` copies the answers of one reader into (OutboundFetch.reuse). */
export interface AnswerBuffer {
  bytes: Buffer;
}

export interface OutboundAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the body's bytes read as UTF-8 (decoded when first read: read it before handing the bytes to another thread) */
  readonly body: string;
  /** the body's bytes as they came (body is their UTF-8 reading) */
  bytes: Buffer;
}

/** An answer's body over the byte bound of the request. */
export class AnswerTooLarge extends Error {
  constructor() {
    super('answer too large');
    this.name = 'AnswerTooLarge';
  }
}

/** A read given up because its time ran out (the timeout, not the caller's signal). */
export class OutboundTimeout extends Error {
  constructor() {
    super('target did not answer in time');
    this.name = 'OutboundTimeout';
  }
}

/**
 * Reads one whole answer through the outbound policy (`openOutbound`; an HTTP API source's page): the
 * body read up to maxBytes as UTF-8, within timeoutMs. Any status is answered; the caller judges it.
 * Throws TargetNotAllowed, OutboundTimeout, AnswerTooLarge, DeliveryFailed ("target not reachable",
 * naming no address) or the signal's abort.
 */
export async function fetchOutbound(policy: OutboundPolicy, url: string, req: OutboundFetch): Promise<OutboundAnswer> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const failure = (e: unknown): unknown => {
    if (e instanceof TargetNotAllowed || e instanceof AnswerTooLarge) return e;
    if (req.signal?.aborted) return req.signal.reason ?? new Error('aborted');
    if (timeout.aborted) return new OutboundTimeout();
    return new DeliveryFailed('target not reachable');
  };
  let res: IncomingMessage;
  try {
    res = await openOutbound(policy, url, { method: req.method, headers: req.headers, body: req.method === 'POST' ? (req.body ?? '') : undefined, signal, resolve: req.resolve });
  } catch (e) {
    throw failure(e);
  }
  const reuse = req.reuse;
  if (reuse) {
    const declared = Number(res.headers['content-length']);
    if (Number.isSafeInteger(declared) && declared <= req.maxBytes && declared > reuse.bytes.length) reuse.bytes = Buffer.allocUnsafeSlow(declared);
  }
  return new Promise<OutboundAnswer>((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      if (size + c.length > req.maxBytes) {
        res.destroy();
        fail(new AnswerTooLarge());
        return;
      }
      if (reuse) {
        if (size + c.length > reuse.bytes.length) {
          const grown = Buffer.allocUnsafeSlow(Math.min(req.maxBytes, Math.max(size + c.length, reuse.bytes.length * 2, 64 * 1024)));
          reuse.bytes.copy(grown, 0, 0, size);
          reuse.bytes = grown;
        }
        c.copy(reuse.bytes, size);
      } else chunks.push(c);
      size += c.length;
    });
    res.on('end', () => {
      const bytes = reuse ? reuse.bytes.subarray(0, size) : Buffer.concat(chunks);
      // the text is decoded when first read: a caller that reads only the bytes (an API source's raw
      // pages, parsed on a thread of their own) does not make a second copy of a large answer
      let text: string | undefined;
      done({
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return (text ??= bytes.toString('utf8'));
        },
        bytes,
      });
    });
    res.on('error', (e) => fail(failure(e)));
  });
}
