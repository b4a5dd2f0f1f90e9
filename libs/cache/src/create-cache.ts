import type { AppConfig } from '@bi/config';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';

/** The cache chosen by configuration. */
export function createCache(config: AppConfig['cache']): Cache {
  switch (config.kind) {
    case 'memory':
      return new MemoryCache(config.maxEntries);
    case 'redis':
      throw new Error('BI_CACHE=redis: the Redis adapter is not part of this build yet; use BI_CACHE=memory');
  }
}
