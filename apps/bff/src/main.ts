import { loadConfigOrExit } from '@bi/config';
import { createCache } from '@bi/cache';
import { Logger } from '@bi/core';
import { createEventBus } from '@bi/messaging';
import { createBffApp } from './create-bff-app.js';

// The BFF as its own process (distributed mode): it holds no data, only gRPC clients and (with Redis)
// copies of chart answers checked against the services' freshness stamps (closed with the process).
const config = loadConfigOrExit();
const logger = new Logger('bff', config.logLevel);
// The services' freshness stamps are read from the shared Redis (BI_CACHE=redis). With a process-local
// memory cache this BFF could not see the services' changes, so it keeps no copies then.
const shared = config.cache.kind === 'redis' ? createCache(config.cache) : null;
if (!shared) logger.info('BI_CACHE is not redis: the BFF keeps no chart answers or verified tokens');
// warning.message-created reaches this process's bell streams through Kafka (its own consumer group)
const bus = config.eventBus.kind === 'kafka' ? createEventBus(config.eventBus, logger, 'bff') : null;
const app = await createBffApp(config, logger, config.webDist, shared, bus);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
logger.info('BFF listening', { url: `http://${config.host}:${config.port}` });
