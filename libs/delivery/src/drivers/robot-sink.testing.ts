import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One post a robot sink received: whether the vendor would have taken it, and what it carried. */
export interface RobotPost {
  /** the signature checked as the vendor documents it (true for vendors that sign nothing) */
  signatureOk: boolean;
  /** WeCom: an image's md5 matches its base64 content and it is at most 2 MB (true otherwise) */
  imageOk: boolean;
  body: any;
  query: Record<string, string>;
}

export type SinkVendor = 'wecom' | 'dingtalk' | 'feishu' | 'slack';

/**
 * A chat robot's webhook on 127.0.0.1 (tests): checks each post as the vendor does — written from the
 * vendors' documents, not from the drivers' code — and answers as the vendor answers.
 * - DingTalk (加签): query `timestamp` (ms, within an hour) and `sign` = base64(HmacSHA256(key = secret,
 *   message = timestamp + "\n" + secret)); refused: `{errcode: 310000}`.
 * - Feishu/Lark (签名校验): body `timestamp` (s, within an hour) and `sign` = base64(HmacSHA256(key =
 *   timestamp + "\n" + secret, message = "")); refused: `{code: 19021}`.
 * - WeCom: no signature (the key is in the URL); an image's md5 must be that of its bytes and the bytes
 *   at most 2 MB (refused: `{errcode: 40009}`); over 20 messages a minute `{errcode: 45009}`.
 * - Slack: no signature; a message with neither text nor blocks is `400 invalid_payload`.
 * `secret` '' checks no signature. `answer` overrides the answer (status and body) of the next posts.
 */
export async function robotSink(
  vendor: SinkVendor,
  secret: string,
  opts: { port?: number; host?: string; /** the clock of the rate limit (signatures are checked against the real one) */ now?: () => number } = {},
): Promise<{ url: string; posts: RobotPost[]; answer(status: number, body: string, headers?: Record<string, string>): void; close(): Promise<void> }> {
  const posts: RobotPost[] = [];
  const minute: number[] = [];
  let forced: { status: number; body: string; headers?: Record<string, string> } | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://sink');
      const query = Object.fromEntries(url.searchParams.entries());
      let body: any = undefined;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const now = Date.now();
      let signatureOk = true;
      if (secret && vendor === 'dingtalk') {
        const ts = Number(query.timestamp);
        const expected = createHmac('sha256', secret).update(`${query.timestamp}\n${secret}`).digest('base64');
        signatureOk = Math.abs(now - ts) < 3_600_000 && same(query.sign ?? '', expected);
      }
      if (secret && vendor === 'feishu') {
        const ts = Number(body?.timestamp);
        const expected = createHmac('sha256', `${body?.timestamp}\n${secret}`).update('').digest('base64');
        signatureOk = Math.abs(now / 1000 - ts) < 3600 && same(String(body?.sign ?? ''), expected);
      }
      let imageOk = true;
      if (vendor === 'wecom' && body?.msgtype === 'image') {
        const bytes = Buffer.from(String(body.image?.base64 ?? ''), 'base64');
        imageOk = bytes.length > 0 && bytes.length <= 2 * 1024 * 1024 && createHash('md5').update(bytes).digest('hex') === body.image?.md5;
      }
      posts.push({ signatureOk, imageOk, body, query });
      const reply = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json', ...forced?.headers }).end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      if (forced) return reply(forced.status, forced.body);
      const t = opts.now ? opts.now() : now;
      while (minute.length && minute[0]! <= t - 60_000) minute.shift();
      minute.push(t);
      switch (vendor) {
        case 'dingtalk':
          return reply(200, signatureOk ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' });
        case 'feishu':
          return reply(200, signatureOk ? { code: 0, msg: 'success', data: {} } : { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' });
        case 'wecom':
          if (minute.length > 20) return reply(200, { errcode: 45009, errmsg: 'api freq out of limit' });
          return reply(200, imageOk ? { errcode: 0, errmsg: 'ok' } : { errcode: 40009, errmsg: 'invalid image size' });
        case 'slack':
          return body && (body.text || body.blocks) ? reply(200, 'ok') : reply(400, 'invalid_payload');
      }
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const path = { wecom: '/cgi-bin/webhook/send?key=k-1', dingtalk: '/robot/send?access_token=t-1', feishu: '/open-apis/bot/v2/hook/h-1', slack: '/services/T0/B0/x' }[vendor];
  return {
    url: `http://127.0.0.1:${port}${path}`,
    posts,
    answer: (status, body, headers) => void (forced = { status, body, ...(headers ? { headers } : {}) }),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
