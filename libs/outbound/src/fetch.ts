import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { systemResolver } from './delivery.js';
import { resolveTarget, type OutboundPolicy, type Resolver } from './policy.js';

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
 * A fetch through the outbound policy, for calls that read an answer (the report providers, HTTP API
 * sources): each request's target checked and resolved (`resolveTarget`), the connection made to that
 * checked address (Host header and TLS name stay the URL's host), redirects never followed (a 3xx is
 * answered as is). Throws TargetNotAllowed for a refused target; a network failure rejects as fetch does.
 */
export function outboundFetch(policy: OutboundPolicy, opts: { resolve?: Resolver } = {}): (url: string, init?: OutboundFetchInit) => Promise<OutboundResponse> {
  return async (url, init = {}) => {
    const { target, address } = await resolveTarget(policy, url, opts.resolve ?? systemResolver);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = init.body ?? '';
    const res = await new Promise<IncomingMessage>((done, fail) => {
      const r = send(
        {
          host: address,
          port: target.port,
          path: `${target.url.pathname}${target.url.search}`,
          method: init.method ?? 'GET',
          headers: { ...init.headers, host: target.url.host, ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
          ...(target.protocol === 'https:' && !target.literal ? { servername: target.host } : {}),
          ...(init.signal ? { signal: init.signal } : {}),
          agent: false,
        },
        done,
      );
      r.on('error', fail);
      r.end(init.body);
    });
    const stream = Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>;
    return {
      status: res.statusCode ?? 0,
      headers: { get: (name) => { const v = res.headers[name.toLowerCase()]; return v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v); } },
      body: stream,
      text: async () => {
        const chunks: Buffer[] = [];
        for await (const c of res) chunks.push(c as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      },
    };
  };
}

