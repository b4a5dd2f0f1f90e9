import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP receiver on 127.0.0.1 that checks the x-bi-signature of each post (tests). */
export async function httpSink(secret: string, status = 204): Promise<{ url: string; posts: { signatureOk: boolean; eventId: string; body: any }[]; setStatus(s: number): void; close(): Promise<void> }> {
  const posts: { signatureOk: boolean; eventId: string; body: any }[] = [];
  let answer = status;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const expected = 'sha256=' + createHmac('sha256', secret).update(raw).digest('hex');
      posts.push({ signatureOk: req.headers['x-bi-signature'] === expected, eventId: String(req.headers['x-bi-event-id'] ?? ''), body: JSON.parse(raw) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    posts,
    setStatus: (s) => void (answer = s),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
