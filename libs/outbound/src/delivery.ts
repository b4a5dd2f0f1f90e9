import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { resolveTarget, TargetNotAllowed, type OutboundPolicy, type Resolver } from './policy.js';

/** The system resolver: every address of a name (IPv4 and IPv6), in the order the system gives them. */
export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export interface OutboundRequest {
  method?: 'POST' | 'PUT';
  headers?: Record<string, string>;
  body: string;
  timeoutMs?: number;
  /** tests: a resolver standing in for DNS */
  resolve?: Resolver;
}

/** A delivery that reached its target but was not accepted, or did not reach it; the message names no address. */
export class DeliveryFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryFailed';
  }
}

/**
 * Sends one request through the outbound policy: the target checked and resolved (resolveTarget), the
 * connection made to that checked address — the Host header and TLS name stay the URL's host, so
 * virtual hosts and certificates work — and redirects never followed (a 3xx is an answer, not a
 * success). Answers the HTTP status of a 2xx answer; throws TargetNotAllowed ("target not allowed")
 * or DeliveryFailed ("target not reachable" for any network failure, whatever it was — refused,
 * closed, timed out, reset — or "answered HTTP n"), so a status shows nothing to probe with.
 */
export async function sendOutbound(policy: OutboundPolicy, url: string, req: OutboundRequest): Promise<number> {
  let resolved: Awaited<ReturnType<typeof resolveTarget>>;
  try {
    resolved = await resolveTarget(policy, url, req.resolve ?? systemResolver);
  } catch (e) {
    if (e instanceof TargetNotAllowed) throw e;
    throw new DeliveryFailed('target not reachable'); // the name did not resolve
  }
  const { target, address } = resolved;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const status = await new Promise<number>((done, fail) => {
    const r = send(
      {
        host: address,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        method: req.method ?? 'POST',
        headers: { ...req.headers, host: target.url.host, 'content-length': String(Buffer.byteLength(req.body)) },
        ...(target.protocol === 'https:' && !target.literal ? { servername: target.host } : {}),
        signal: AbortSignal.timeout(req.timeoutMs ?? 10_000),
        agent: false,
      },
      (res: IncomingMessage) => {
        res.resume(); // the body is never read back to a user
        done(res.statusCode ?? 0);
      },
    );
    r.on('error', () => fail(new DeliveryFailed('target not reachable')));
    r.end(req.body);
  });
  if (status < 200 || status >= 300) throw new DeliveryFailed(status >= 300 && status < 400 ? `answered HTTP ${status} (redirects are not followed)` : `answered HTTP ${status}`);
  return status;
}
