import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import type { EventBus } from './event-bus.js';
import { InProcessEventBus } from './in-process-event-bus.js';

/** The event bus chosen by configuration. */
export function createEventBus(config: AppConfig['eventBus'], logger?: Logger): EventBus {
  switch (config.kind) {
    case 'memory':
      return new InProcessEventBus(logger);
    case 'kafka':
      throw new Error('BI_EVENT_BUS=kafka: the Kafka adapter is not part of this build yet; use BI_EVENT_BUS=memory');
  }
}
