import { ConfigError, loadConfig } from '@bi/config';
import { Logger } from '@bi/core';
import { createBffApp } from './create-bff-app.js';

// The BFF as its own process (distributed mode): it holds no data, only gRPC clients.
let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
const logger = new Logger('bff', config.logLevel);
const app = await createBffApp(config, logger, config.webDist);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
logger.info('BFF listening', { url: `http://${config.host}:${config.port}` });
