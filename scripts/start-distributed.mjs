// Distributed mode on one machine: every service as its own Node process against a PostgreSQL server,
// Redis and Kafka, chart-query as N replicas behind the BFF's round-robin client.
//   npm run start:distributed            (starts the test servers from scripts/services/ if
//                                         DATABASE_URL / REDIS_URL / KAFKA_BROKERS are not set)
// Also imported by the distributed end-to-end test.
import { spawn, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVICES = ['identity', 'dashboard', 'data-source', 'relation', 'template', 'warning'];
const URL_VARIABLE = {
  identity: 'BI_IDENTITY_URL',
  dashboard: 'BI_DASHBOARD_URL',
  'chart-query': 'BI_CHART_QUERY_URL',
  'data-source': 'BI_DATA_SOURCE_URL',
  relation: 'BI_RELATION_URL',
  template: 'BI_TEMPLATE_URL',
  warning: 'BI_WARNING_URL',
};

function servicesUrl(script) {
  return execFileSync('bash', [join(root, 'scripts/services', script), 'url'], { encoding: 'utf8' }).trim();
}

function startTestServers() {
  for (const s of ['postgres.sh', 'redis.sh', 'kafka.sh']) execFileSync('bash', [join(root, 'scripts/services', s), 'start'], { stdio: 'inherit' });
  return { DATABASE_URL: servicesUrl('postgres.sh'), REDIS_URL: servicesUrl('redis.sh'), KAFKA_BROKERS: servicesUrl('kafka.sh') };
}

/**
 * Starts the processes and resolves when the BFF reports every service ready.
 * options: { env, port, grpcBasePort, chartQueryReplicas, onOutput(name, line) }
 */
export async function startDistributed(options = {}) {
  const port = options.port ?? 8080;
  const base = options.grpcBasePort ?? 50051;
  const replicas = options.chartQueryReplicas ?? 2;
  const addresses = {};
  let next = base;
  for (const s of SERVICES) addresses[s] = [`127.0.0.1:${next++}`];
  addresses['chart-query'] = Array.from({ length: replicas }, () => `127.0.0.1:${next++}`);
  const common = {
    ...process.env,
    BI_METADATA_STORE: 'postgres',
    BI_EVENT_BUS: 'kafka',
    BI_CACHE: 'redis',
    HOST: '127.0.0.1',
    ...options.env,
  };
  for (const [s, list] of Object.entries(addresses)) common[URL_VARIABLE[s]] = list.join(',');

  const processes = new Map();
  const tails = new Map();
  const launch = (name, script, env) => {
    const child = spawn(process.execPath, [join(root, script)], { env: { ...common, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (buf) => {
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

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    const exited = [...processes].find(([, c]) => c.exitCode !== null);
    if (exited) {
      await Promise.all([...processes.values()].map((c) => c.exitCode === null && c.kill('SIGTERM')));
      throw new Error(`${exited[0]} exited with code ${exited[1].exitCode} during start-up:\n${(tails.get(exited[0]) ?? []).join('\n')}`);
    }
    try {
      const r = await fetch(`${url}/api/health/ready`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('services did not become ready in time');
    await new Promise((r) => setTimeout(r, 300));
  }

  const stopOne = (child) =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return {
    url,
    processes,
    addresses,
    /** Stops one process by its PID (e.g. a chart-query replica) and waits for it to exit. */
    kill: (name, signal = 'SIGKILL') =>
      new Promise((resolve) => {
        const child = processes.get(name);
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
    stop: async () => {
      const bff = processes.get('bff');
      if (bff) await stopOne(bff);
      await Promise.all([...processes.values()].map(stopOne));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const needed = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'];
  const servers = needed.every((v) => process.env[v]) ? {} : startTestServers();
  const port = Number(process.env.PORT ?? 8080);
  const replicas = Number(process.env.BI_CHART_QUERY_REPLICAS ?? 2);
  console.log(`starting ${SERVICES.length + replicas + 1} processes …`);
  const cluster = await startDistributed({
    port,
    chartQueryReplicas: replicas,
    env: { ...servers, BI_DATA_DIR: process.env.BI_DATA_DIR ?? join(root, 'data-distributed') },
    onOutput: (name, line) => process.stdout.write(`[${name}] ${line}\n`),
  });
  console.log(`\n  BI platform (distributed) is ready at ${cluster.url}\n`);
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
