import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import type { EventBus } from './event-bus.js';
import { InProcessEventBus } from './in-process-event-bus.js';
import { KafkaEventBus } from './kafka-event-bus.js';

/** The event bus chosen by configuration. */
export function createEventBus(config: AppConfig['eventBus'], logger?: Logger, clientId = 'bi'): EventBus {
  switch (config.kind) {
    case 'memory':
      return new InProcessEventBus(logger);
    case 'kafka':
      return new KafkaEventBus({ brokers: config.brokers, clientId, logger });
  }
}
