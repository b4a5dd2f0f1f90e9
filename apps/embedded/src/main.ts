import { loadConfigOrExit } from '@bi/config';
import { Logger } from '@bi/core';
import { startEmbeddedHost } from './host.js';

const began = Date.now();
const config = loadConfigOrExit();
const logger = new Logger('bi', config.logLevel);
const host = await startEmbeddedHost(config, logger).catch((e) => {
  logger.error('start failed', { error: e });
  process.exit(1);
});
logger.info('ready', { url: host.url, dataDir: config.dataDir, startMs: Date.now() - began });
console.log(`\n  BI platform is ready at ${host.url}  (data in ${config.dataDir})\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('stopping', { signal });
  await host.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
