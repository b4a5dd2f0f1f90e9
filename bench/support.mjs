// Pieces the benchmarks share: statistics, the 5M-row `sales` table, the machine's load.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/** The p-th percentile (nearest rank) of the numbers. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
export const stats = (xs) => ({ n: xs.length, p50: pct(xs, 50), p99: pct(xs, 99), min: Math.min(...xs), max: Math.max(...xs) });
/** milliseconds, with as many decimals as their size deserves */
export const f = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(3));
/** the 1, 5 and 15 minute load averages */
export const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/**
 * Writes the benchmark table `sales` into a new DuckDB file: `rows` rows, `order_date` over 1095 days
 * from 2022-01-01, `category` A–H, `amount` a random double in [0, 1000); checkpointed and closed.
 */
export async function createSalesTable(file, rows) {
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  await conn.run(
    `CREATE TABLE sales AS SELECT DATE '2022-01-01' + (i % 1095)::INT AS order_date, ['A','B','C','D','E','F','G','H'][1 + (i % 8)] AS category, (random()*1000)::DOUBLE AS amount FROM range(${rows}) t(i)`,
  );
  await conn.run('CHECKPOINT');
  conn.closeSync();
  db.closeSync();
}

/**
 * Starts the built product (apps/embedded/dist/main.js under `root`) on 127.0.0.1:`port` with the
 * benchmarks' settings (no demo, no sign-in limit, warn logs); its stderr is shown. Answers
 * `exited()` (whether the process has ended) and `stop()` (SIGTERM, SIGKILL after 10 s).
 */
export function startProduct({ root, port, grpcBasePort, password, dataDir, webDist, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/embedded/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BI_DATA_DIR: dataDir,
      BI_ADMIN_PASSWORD: password,
      BI_GRPC_BASE_PORT: String(grpcBasePort),
      BI_DEMO: 'false',
      BI_LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      BI_LOG_LEVEL: 'warn',
      BI_WEB_DIST: webDist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  async function stop() {
    if (exited) return;
    child.kill('SIGTERM');
    await new Promise((r) => {
      child.once('exit', r);
      setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, 10_000).unref();
    });
  }
  return { exited: () => exited, stop };
}

/**
 * `call(method, path, token, body)` over a bench's `request(method, path, token, body)` (answering
 * { status, text }): the data of a success answer; anything else throws, naming the call.
 */
export function successCall(request) {
  return async function call(method, path, token, body) {
    const r = await request(method, path, token, body);
    const json = JSON.parse(r.text);
    if (json.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 500)}`);
    return json.data;
  };
}

/** Asks /api/health/ready every 200 ms (at most 300 times) until the product answers 200; throws when it does not start. */
export async function waitReady(request, product) {
  let ready = false;
  for (let i = 0; i < 300 && !ready && !product.exited(); i++) {
    ready = await request('GET', '/api/health/ready').then((r) => r.status === 200, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) throw new Error('the product did not start');
}
