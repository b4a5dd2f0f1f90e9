import { randomUUID } from 'node:crypto';
import { eventsV1 } from '@bi/proto';
import type { BusMessage } from './event-bus.js';

/** Topic names and partition keys are documented for other systems in docs/events.md. */
export const TOPICS = {
  dataChanged: 'datasource.data-changed',
  alertTriggered: 'alert.triggered',
  chartChanged: 'dashboard.chart-changed',
  warningMessageCreated: 'warning.message-created',
  reportDelivered: 'report.delivered',
  dashboardSaved: 'dashboard.saved',
} as const;

export function encodeDataChanged(dataSourceId: string, payload: eventsV1.DataChangedPayload, eventId = randomUUID()) {
  const message: eventsV1.DataChanged = { eventId, occurredAt: new Date().toISOString(), aggregateId: dataSourceId, payload };
  return { topic: TOPICS.dataChanged, key: dataSourceId, eventId, payload: eventsV1.DataChanged.encode(message).finish() };
}

export function encodeAlertTriggered(chartId: string, payload: eventsV1.AlertTriggeredPayload, eventId = randomUUID()) {
  const message: eventsV1.AlertTriggered = { eventId, occurredAt: new Date().toISOString(), aggregateId: chartId, payload };
  return { topic: TOPICS.alertTriggered, key: chartId, eventId, payload: eventsV1.AlertTriggered.encode(message).finish() };
}

export function encodeChartChanged(chartId: string, payload: eventsV1.ChartChangedPayload, eventId = randomUUID()) {
  const message: eventsV1.ChartChanged = { eventId, occurredAt: new Date().toISOString(), aggregateId: chartId, payload };
  return { topic: TOPICS.chartChanged, key: chartId, eventId, payload: eventsV1.ChartChanged.encode(message).finish() };
}

export function encodeWarningMessageCreated(userId: string, payload: eventsV1.WarningMessageCreatedPayload, eventId = randomUUID()) {
  const message: eventsV1.WarningMessageCreated = { eventId, occurredAt: new Date().toISOString(), aggregateId: userId, payload };
  return { topic: TOPICS.warningMessageCreated, key: userId, eventId, payload: eventsV1.WarningMessageCreated.encode(message).finish() };
}

export function encodeReportDelivered(subscriptionId: string, payload: eventsV1.ReportDeliveredPayload, eventId = randomUUID()) {
  const message: eventsV1.ReportDelivered = { eventId, occurredAt: new Date().toISOString(), aggregateId: subscriptionId, payload };
  return { topic: TOPICS.reportDelivered, key: subscriptionId, eventId, payload: eventsV1.ReportDelivered.encode(message).finish() };
}

export function encodeDashboardSaved(dashboardId: string, payload: eventsV1.DashboardSavedPayload, eventId = randomUUID()) {
  const message: eventsV1.DashboardSaved = { eventId, occurredAt: new Date().toISOString(), aggregateId: dashboardId, payload };
  return { topic: TOPICS.dashboardSaved, key: dashboardId, eventId, payload: eventsV1.DashboardSaved.encode(message).finish() };
}

/** An encoded event as a bus message (the outbox does the same from its table). */
export function asBusMessage(e: { topic: string; key: string; eventId: string; payload: Uint8Array }): BusMessage {
  return { topic: e.topic, key: e.key, value: e.payload, headers: { 'event-id': e.eventId } };
}
