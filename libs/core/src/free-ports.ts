import { createServer } from 'node:net';

/** Whether a TCP port on the host can be bound right now. */
function canBind(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A block of `count` consecutive free ports for test servers. It searches below Linux's ephemeral
 * range (32768+) so an outgoing connection of the same machine cannot take a port between the check
 * and the listen, and starts at a point derived from the pid so parallel test processes spread out.
 */
export async function freePortBlock(count: number, options: { from?: number; to?: number; host?: string } = {}): Promise<number> {
  const from = options.from ?? 20000;
  const to = options.to ?? 32000;
  const host = options.host ?? '127.0.0.1';
  const span = to - from - count;
  let start = from + ((process.pid * 97 + Math.floor(Math.random() * 1000) * count) % span);
  for (let tries = 0; tries < 200; tries++, start = from + ((start - from + count + 7) % span)) {
    let ok = true;
    for (let p = start; p < start + count && ok; p++) ok = await canBind(p, host);
    if (ok) return start;
  }
  throw new Error(`no block of ${count} free ports between ${from} and ${to}`);
}
