import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_URL_VARIABLES, type ServiceName } from '@bi/config';
import { FIXED_DEADLINES, healthOf } from '@bi/service-kit';

/**
 * Distributed mode on one machine: every service as its own Node process (its dist/main.js) against
 * a PostgreSQL server, Redis and Kafka, chart-query as N replicas behind the BFF's round-robin
 * client. Used by `npm run start:distributed` (scripts/start-distributed.mjs) and the distributed
 * end-to-end test.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface DistributedOptions {
  env?: Record<string, string | undefined>;
  port?: number;
  grpcBasePort?: number;
  chartQueryReplicas?: number;
  /** further BFF processes on port + 1, port + 2, … (the first is on port) */
  extraBffs?: number;
  readyTimeoutMs?: number;
  onOutput?: (name: string, line: string) => void;
}

export interface DistributedCluster {
  url: string;
  /** every BFF's URL, the first being `url` */
  bffUrls: string[];
  processes: Map<string, ChildProcess>;
  addresses: Record<string, string[]>;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** The last lines each process printed, for a failing test's message. */
  tails(): string;
  stop(): Promise<void>;
}

const SERVICES = ['identity', 'dashboard', 'data-source', 'relation', 'template', 'warning'];

/**
 * Node options per service process, the same in docker-compose.yml and deploy/k8s (checked by
 * deployment.spec.ts). data-source: its V8 heap sized for its 512 MB container, as Node would size it
 * from the container's limit, and so the same when it runs outside one (start:distributed, the ingest
 * benchmark): uploads are streamed, and a heap allowed to grow to gigabytes let V8 keep ~200 MB of
 * garbage during a large import before collecting (docs/benchmarks.md "Upload ingest").
 */
export const SERVICE_NODE_OPTIONS: Readonly<Record<string, string>> = { 'data-source': '--max-old-space-size=256' };

/** NODE_OPTIONS for a service process: the caller's own, then the service's. */
export function nodeOptionsFor(service: string, inherited = process.env.NODE_OPTIONS): string | undefined {
  const own = SERVICE_NODE_OPTIONS[service];
  return [inherited, own].filter(Boolean).join(' ') || undefined;
}

/** Starts the processes and resolves when the BFF reports every service ready. */
export async function startDistributed(options: DistributedOptions = {}): Promise<DistributedCluster> {
  const port = options.port ?? 8080;
  const base = options.grpcBasePort ?? 50051;
  const replicas = options.chartQueryReplicas ?? 2;
  const addresses: Record<string, string[]> = {};
  let next = base;
  for (const s of SERVICES) addresses[s] = [`127.0.0.1:${next++}`];
  addresses['chart-query'] = Array.from({ length: replicas }, () => `127.0.0.1:${next++}`);
  const common: Record<string, string | undefined> = {
    ...process.env,
    BI_METADATA_STORE: 'postgres',
    BI_EVENT_BUS: 'kafka',
    BI_CACHE: 'redis',
    HOST: '127.0.0.1',
    ...options.env,
  };
  for (const [s, list] of Object.entries(addresses)) common[SERVICE_URL_VARIABLES[s as ServiceName]] = list.join(',');

  const processes = new Map<string, ChildProcess>();
  const tails = new Map<string, string[]>();
  const launch = (name: string, script: string, env: Record<string, string>) => {
    const service = name.replace(/-\d+$/, '');
    const child = spawn(process.execPath, [join(root, script)], { env: { ...common, NODE_OPTIONS: nodeOptionsFor(service, common.NODE_OPTIONS), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout!, child.stderr!])
      stream.on('data', (buf: Buffer) => {
        for (const line of String(buf).split('\n').filter(Boolean)) {
          options.onOutput?.(name, line);
          tails.set(name, [...(tails.get(name) ?? []), line].slice(-15));
        }
      });
    processes.set(name, child);
    return child;
  };
  // identity first: it migrates its schema and seeds the users
  launch('identity', 'apps/identity/dist/main.js', {});
  for (const s of SERVICES.filter((x) => x !== 'identity')) launch(s, `apps/${s}/dist/main.js`, {});
  addresses['chart-query'].forEach((address, i) => launch(`chart-query-${i + 1}`, 'apps/chart-query/dist/main.js', { BI_CHART_QUERY_URL: address }));
  launch('bff', 'apps/bff/dist/main.js', { PORT: String(port), BI_WEB_DIST: join(root, 'apps/web/dist') });
  const extraBffs = options.extraBffs ?? 0;
  for (let i = 1; i <= extraBffs; i++) launch(`bff-${i + 1}`, 'apps/bff/dist/main.js', { PORT: String(port + i), BI_WEB_DIST: join(root, 'apps/web/dist') });

  const url = `http://127.0.0.1:${port}`;
  const bffUrls = Array.from({ length: extraBffs + 1 }, (_, i) => `http://127.0.0.1:${port + i}`);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    const exited = [...processes].find(([, c]) => c.exitCode !== null);
    if (exited) {
      for (const c of processes.values()) if (c.exitCode === null) c.kill('SIGTERM');
      throw new Error(`${exited[0]} exited with code ${exited[1].exitCode} during start-up:\n${(tails.get(exited[0]) ?? []).join('\n')}`);
    }
    // Ready means the BFF says so and every replica answers on its own address: the BFF's
    // round-robin would call chart-query ready while one replica is still starting (or failed).
    if ((await Promise.all(bffUrls.map(bffReady))).every(Boolean) && (await everyAddressServing(addresses))) break;
    if (Date.now() > deadline) throw new Error('services did not become ready in time');
    await new Promise((r) => setTimeout(r, 300));
  }

  const stopOne = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return {
    url,
    bffUrls,
    processes,
    addresses,
    tails: () => [...tails].map(([name, lines]) => `[${name}${processes.get(name)?.exitCode !== null ? ` exited ${processes.get(name)?.exitCode}` : ''}]\n${lines.join('\n')}`).join('\n'),
    /** Stops one process by its PID (e.g. a chart-query replica) and waits for it to exit. */
    kill: (name: string, signal: NodeJS.Signals = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        const child = processes.get(name)!;
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
    stop: async () => {
      await Promise.all([...processes].filter(([name]) => name === 'bff' || name.startsWith('bff-')).map(([, c]) => stopOne(c)));
      await Promise.all([...processes.values()].map(stopOne));
    },
  };
}


async function bffReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health/ready`)).ok;
  } catch {
    return false; // not listening yet
  }
}

async function everyAddressServing(addresses: Record<string, string[]>): Promise<boolean> {
  const checks = Object.entries(addresses).flatMap(([name, list]) =>
    list.map(async (address) => (await healthOf(name as ServiceName, address, FIXED_DEADLINES.probe)) === 'SERVING'),
  );
  return (await Promise.all(checks)).every(Boolean);
}
