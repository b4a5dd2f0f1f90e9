import type { AppConfig } from '@bi/config';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

/** The cache chosen by configuration. */
export function createCache(config: AppConfig['cache']): Cache {
  switch (config.kind) {
    case 'memory':
      return new MemoryCache(config.maxEntries);
    case 'redis':
      return new RedisCache(config.url);
  }
}
