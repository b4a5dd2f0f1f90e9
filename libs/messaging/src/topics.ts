import { randomUUID } from 'node:crypto';
import { eventsV1 } from '@bi/proto';

/** Topic names and partition keys are documented for other systems in docs/events.md. */
export const TOPICS = {
  dataChanged: 'datasource.data-changed',
  alertTriggered: 'alert.triggered',
} as const;

export function encodeDataChanged(dataSourceId: string, payload: eventsV1.DataChangedPayload, eventId = randomUUID()) {
  const message: eventsV1.DataChanged = { eventId, occurredAt: new Date().toISOString(), aggregateId: dataSourceId, payload };
  return { topic: TOPICS.dataChanged, key: dataSourceId, eventId, payload: eventsV1.DataChanged.encode(message).finish() };
}

export function encodeAlertTriggered(chartId: string, payload: eventsV1.AlertTriggeredPayload, eventId = randomUUID()) {
  const message: eventsV1.AlertTriggered = { eventId, occurredAt: new Date().toISOString(), aggregateId: chartId, payload };
  return { topic: TOPICS.alertTriggered, key: chartId, eventId, payload: eventsV1.AlertTriggered.encode(message).finish() };
}
