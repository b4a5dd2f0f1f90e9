// Pieces the benchmarks share: statistics, the 5M-row `sales` table, the machine's load.
import { loadavg } from 'node:os';
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
