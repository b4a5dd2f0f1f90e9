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
/** The app themes a report's pictures (inline image, PNG, PDF) are drawn in. */
export const SUBSCRIPTION_THEMES = ['light', 'dark'] as const;
export type SubscriptionTheme = (typeof SUBSCRIPTION_THEMES)[number];
/** At most this many recipients per subscription. */
export const MAX_SUBSCRIPTION_RECIPIENTS = 50;

/** One cron field as the set of values it allows (min…max), or null when it is not well formed. */
export function cronField(text: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const step = m[4] ? Number(m[4]) : 1;
    let from = min;
    let to = max;
    if (m[2] !== undefined) {
      from = Number(m[2]);
      to = m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    }
    if (step < 1 || from < min || to > max || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

export interface CronSpec {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** both day fields restricted: a day matching either runs (cron's rule) */
  dayOr: boolean;
}

/** A 5-field cron expression (minute hour day month weekday; 7 is Sunday too), or null when it is not well formed. */
export function parseCron(expr: string): CronSpec | null {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 5) return null;
  const minutes = cronField(f[0]!, 0, 59);
  const hours = cronField(f[1]!, 0, 23);
  const days = cronField(f[2]!, 1, 31);
  const months = cronField(f[3]!, 1, 12);
  const weekdays = cronField(f[4]!, 0, 7);
  if (!minutes || !hours || !days || !months || !weekdays) return null;
  if (weekdays.delete(7)) weekdays.add(0);
  return { minutes, hours, days, months, weekdays, dayOr: f[2] !== '*' && f[4] !== '*' };
}

/** A 5-field cron expression (minute hour day-of-month month day-of-week): numbers in range, *, ranges, lists, steps. */
export const cronExpression = z
  .string()
  .trim()
  .max(120)
  .refine((v) => parseCron(v) !== null, 'expected five cron fields in range: minute hour day month weekday');

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
  /** the theme the pictures (inline image, PNG, PDF) are drawn in; default light */
  theme: z.enum(SUBSCRIPTION_THEMES).default('light'),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

/** The template variables a subject or body may use. */
export const SUBSCRIPTION_VARIABLES = ['dashboard', 'chart', 'date', 'filters', 'link'] as const;
