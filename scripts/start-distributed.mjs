// npm run start:distributed: every service as its own process on PostgreSQL, Redis and Kafka, with
// chart-query replicas. Uses DATABASE_URL / REDIS_URL / KAFKA_BROKERS when set, otherwise starts the
// test servers of scripts/services/ on 127.0.0.1. The launcher itself is apps/embedded/src/distributed.ts.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDistributed } from '../apps/embedded/dist/distributed.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const servicesUrl = (script) => execFileSync('bash', [join(root, 'scripts/services', script), 'url'], { encoding: 'utf8' }).trim();

function startTestServers() {
  for (const s of ['postgres.sh', 'redis.sh', 'kafka.sh']) execFileSync('bash', [join(root, 'scripts/services', s), 'start'], { stdio: 'inherit' });
  return { DATABASE_URL: servicesUrl('postgres.sh'), REDIS_URL: servicesUrl('redis.sh'), KAFKA_BROKERS: servicesUrl('kafka.sh') };
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
