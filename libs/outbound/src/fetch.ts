import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DeliveryFailed, systemResolver } from './delivery.js';
import { resolveTarget, TargetNotAllowed, type OutboundPolicy, type Resolver } from './policy.js';

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
}

export interface OutboundAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
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
 * Reads one answer through the outbound policy (an HTTP API source's page): the target checked and
 * resolved (resolveTarget: every address judged, the connection made to the checked one — no second
 * lookup), redirects never followed (a 3xx is answered as it is), the body read up to maxBytes as
 * UTF-8. Any status is answered; the caller judges it. Throws TargetNotAllowed, OutboundTimeout,
 * AnswerTooLarge, DeliveryFailed ("target not reachable", naming no address) or the signal's abort.
 */
export async function fetchOutbound(policy: OutboundPolicy, url: string, req: OutboundFetch): Promise<OutboundAnswer> {
  let resolved: Awaited<ReturnType<typeof resolveTarget>>;
  try {
    resolved = await resolveTarget(policy, url, req.resolve ?? systemResolver);
  } catch (e) {
    if (e instanceof TargetNotAllowed) throw e;
    throw new DeliveryFailed('target not reachable');
  }
  const { target, address } = resolved;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const body = req.body ?? '';
  return new Promise<OutboundAnswer>((done, fail) => {
    const failWith = (e: unknown) => {
      if (req.signal?.aborted) fail(req.signal.reason ?? new Error('aborted'));
      else if (timeout.aborted) fail(new OutboundTimeout());
      else fail(e instanceof AnswerTooLarge ? e : new DeliveryFailed('target not reachable'));
    };
    const r = send(
      {
        host: address,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        method: req.method,
        headers: { ...req.headers, host: target.url.host, ...(req.method === 'POST' ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
        ...(target.protocol === 'https:' && !target.literal ? { servername: target.host } : {}),
        signal,
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > req.maxBytes) {
            res.destroy();
            failWith(new AnswerTooLarge());
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', failWith);
      },
    );
    r.on('error', failWith);
    r.end(req.method === 'POST' ? body : undefined);
  });
}
