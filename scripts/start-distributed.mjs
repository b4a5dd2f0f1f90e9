// npm run start:distributed: every service as its own process on PostgreSQL, Redis and Kafka, with
// chart-query replicas. Uses DATABASE_URL / REDIS_URL / KAFKA_BROKERS (and BI_ANALYTICS_DATABASE_URL) when set,
// otherwise starts the test servers of scripts/services/ on 127.0.0.1, the analytics store in its own database. The launcher itself is apps/embedded/src/distributed.ts.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDistributed } from '../apps/embedded/dist/distributed.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const servicesUrl = (script, what = 'url') => execFileSync('bash', [join(root, 'scripts/services', script), what], { encoding: 'utf8' }).trim();

function startTestServers() {
  for (const s of ['postgres.sh', 'redis.sh', 'kafka.sh']) execFileSync('bash', [join(root, 'scripts/services', s), 'start'], { stdio: 'inherit' });
  // uploads and joins in a database of their own, reached as a user that cannot read the metadata (docs/adr/0029)
  return { DATABASE_URL: servicesUrl('postgres.sh'), BI_ANALYTICS_DATABASE_URL: servicesUrl('postgres.sh', 'analytics-url'), REDIS_URL: servicesUrl('redis.sh'), KAFKA_BROKERS: servicesUrl('kafka.sh') };
}

const needed = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'];
const servers = needed.every((v) => process.env[v]) ? {} : startTestServers();
const port = Number(process.env.PORT ?? 8080);
const replicas = Number(process.env.BI_CHART_QUERY_REPLICAS ?? 2);
console.log(`starting ${7 + replicas} processes …`);
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
