import type { SubscriptionInput, SubscriptionRecipient, SubscriptionSchedule } from '@bi/chart-model';
import { http } from '../../../shared/api/http';

/** Report subscriptions' calls (docs/api/subscription.md). */

export interface RunRecipient {
  kind: SubscriptionRecipient['kind'];
  recipient: string;
  name: string;
  status: string;
  reason: string;
}

export interface SubscriptionRun {
  id: string;
  window: string;
  trigger: 'schedule' | 'manual';
  state: string;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  recipients: RunRecipient[];
}

export interface Subscription extends Omit<SubscriptionInput, 'id'> {
  id: string;
  ownerId: string;
  ownerName: string;
  schedule: SubscriptionSchedule;
  timeZone: string;
  createdAt: string;
  updatedAt: string;
  lastRun: SubscriptionRun | null;
}

export interface SubscriptionPreview {
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

/** The body the dialog sends (the shared schema's input shape). */
export type SubscriptionBody = Partial<SubscriptionInput> & Pick<SubscriptionInput, 'name' | 'dashboardId' | 'schedule' | 'recipients'>;

const id = (v: string) => encodeURIComponent(v);

export const subscriptionApi = {
  mine: (signal?: AbortSignal) => http.get<Subscription[]>('/api/subscription/mine', { signal }),
  all: (signal?: AbortSignal) => http.get<Subscription[]>('/api/subscription/all', { signal }),
  create: (body: SubscriptionBody) => http.post<Subscription>('/api/subscription', body),
  update: (subscriptionId: string, body: SubscriptionBody) => http.put<Subscription>(`/api/subscription/${id(subscriptionId)}`, body),
  remove: (subscriptionId: string) => http.delete<{ deleted: boolean }>(`/api/subscription/${id(subscriptionId)}`),
  runs: (subscriptionId: string, signal?: AbortSignal) => http.get<SubscriptionRun[]>(`/api/subscription/${id(subscriptionId)}/runs`, { signal }),
  sendNow: (subscriptionId: string) => http.post<SubscriptionRun>(`/api/subscription/${id(subscriptionId)}/send`),
  preview: (body: SubscriptionBody) => http.post<SubscriptionPreview>('/api/subscription/preview', body),
};
