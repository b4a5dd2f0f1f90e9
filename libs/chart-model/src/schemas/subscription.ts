/**
 * The wire shape of a report subscription (issue 30, docs/api/subscription.md): what is sent (a
 * dashboard or one chart), when (hourly, daily, weekly, monthly or a cron expression, in a time zone),
 * to whom (product users, outside mail addresses, chat robots), with which global filter values,
 * formats and texts. Parsed once at each process edge: the BFF's request body, the warning service's
 * JSON field, the web's dialog.
 */
import { z } from 'zod';
import { requestFilter } from './filters.js';
import { INPUT_BOUNDS, storableText } from './text.js';

export const SUBSCRIPTION_FORMATS = ['image', 'pdf', 'xlsx', 'csv'] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];
export const SUBSCRIPTION_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly', 'cron'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
/** At most this many recipients per subscription. */
export const MAX_SUBSCRIPTION_RECIPIENTS = 50;

const CRON_FIELD = /^[\d*,/-]{1,64}$/;
/** A 5-field cron expression (minute hour day-of-month month day-of-week): digits, *, ranges, lists, steps. */
export const cronExpression = z
  .string()
  .trim()
  .max(120)
  .refine((v) => {
    const parts = v.split(/\s+/);
    return parts.length === 5 && parts.every((p) => CRON_FIELD.test(p));
  }, 'expected five cron fields: minute hour day month weekday');

export const subscriptionScheduleSchema = z
  .object({
    frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
    /** minute of the hour 0–59 (hourly, daily, weekly, monthly) */
    minute: z.number().int().min(0).max(59).default(0),
    /** local hour 0–23 (daily, weekly, monthly) */
    hour: z.number().int().min(0).max(23).default(9),
    /** weekly: 0 Sunday … 6 Saturday */
    weekday: z.number().int().min(0).max(6).default(1),
    /** monthly: 1–31 (a shorter month runs on its last day) */
    monthDay: z.number().int().min(1).max(31).default(1),
    cron: cronExpression.optional(),
  })
  .refine((s) => s.frequency !== 'cron' || !!s.cron, { message: 'a cron schedule needs its expression', path: ['cron'] });
export type SubscriptionSchedule = z.infer<typeof subscriptionScheduleSchema>;

export const subscriptionRecipientSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: storableText(64, 1) }),
  z.object({ kind: z.literal('email'), address: z.email().max(254) }),
  /** a chat robot an administrator configured (its id) */
  z.object({ kind: z.literal('robot'), robotId: storableText(64, 1) }),
]);
export type SubscriptionRecipient = z.infer<typeof subscriptionRecipientSchema>;

/** A subscription as the dialog sends it (create: no id; change: the id). */
export const subscriptionInputSchema = z.object({
  id: storableText(64).optional(),
  name: storableText(100, 1),
  tab: z.literal('dashboard').default('dashboard'),
  dashboardId: z.uuid(),
  /** one chart of the dashboard; absent: the whole dashboard */
  chartId: z.uuid().optional(),
  schedule: subscriptionScheduleSchema,
  /** IANA zone; absent: the product's (BI_TIME_ZONE) */
  timeZone: storableText(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone such as Asia/Shanghai')
    .optional(),
  recipients: z.array(subscriptionRecipientSchema).min(1).max(MAX_SUBSCRIPTION_RECIPIENTS),
  /** the dashboard's global filter values for this subscription (relative dates resolved at each run) */
  filters: z.array(requestFilter).max(INPUT_BOUNDS.filters).default([]),
  formats: z.array(z.enum(SUBSCRIPTION_FORMATS)).max(SUBSCRIPTION_FORMATS.length).default(['image']),
  /** templates: {{dashboard}}, {{chart}}, {{date}}, {{filters}}, {{link}} */
  subject: storableText(200).default(''),
  body: storableText(4000).default(''),
  skipEmpty: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

/** The template variables a subject or body may use. */
export const SUBSCRIPTION_VARIABLES = ['dashboard', 'chart', 'date', 'filters', 'link'] as const;
