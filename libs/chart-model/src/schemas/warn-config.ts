/**
 * The alert rules of a chart (`warnConfigData`, spec 01 §3 "Warning config") as the alarm dialog and the
 * editor send them, the dashboard service stores them and the warning service reads them
 * (docs/adr/0010-wire-schemas.md). The types of warn-config.ts (WarnConfig, WarnItem, WarnCondition,
 * WarnAxisField) are inferred from these. The shape and the rules that need no chart live here; the rules
 * against the chart's kind and value fields (a known field, its operators and value type, between's
 * order) and the mapping of these issues onto the `warn.*` message keys are checkWarnConfig's
 * (warn-check.ts). Custom issues carry `params.warn` (the problem), read back by checkWarnConfig.
 *
 * As the old hand-written check did, a condition's values are read for its operator only (`between`:
 * left and right; any other: compareValue) and the hour only for a timed item (null otherwise); the
 * other values are dropped before the shape is checked, as the stored form (normalizeWarnConfig) has them.
 */
import { z } from 'zod';
import { CHART_AGGREGATORS } from '../chart.js';
import {
  WARN_COMPARES,
  WARN_EMAIL,
  WARN_HOUR_MAX,
  WARN_HOUR_MIN,
  WARN_LISTS,
  WARN_MAX_CONDITIONS,
  WARN_MAX_ITEMS,
  WARN_MAX_MAIL_TO,
  WARN_MAX_ROBOTS,
  WARN_NAME_MAX,
  WARN_VALUE_MAX,
  WARN_WEBHOOK_FORMATS,
  WARN_FIELD_NAME_MAX,
  WARN_FIELD_TITLE_MAX,
  WARN_USER_ID_MAX,
  WARN_ID,
  checkWebhookUrl,
} from '../warn-config.js';
import { nullAsAbsent as opt, storable } from './text.js';

/** The problems the schema's own (custom) issues name in `params.warn`. */
export type WarnSchemaProblem = 'too_many' | 'duplicate_id' | 'name_required' | 'name_length' | 'hour_invalid' | 'value_required' | 'mail_invalid' | 'mail_required' | 'webhook_url';

type Ctx = z.core.$RefinementCtx;
const problem = (ctx: Ctx, warn: WarnSchemaProblem, path: PropertyKey[] = [], message: string = warn) => ctx.addIssue({ code: 'custom', path, message, params: { warn } });
const record = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const checks = { when: () => true } as const;

/** The value field a condition names (matched against the chart's by name and aggregator). */
export const warnAxisFieldSchema = z.object({
  axisName: storable(z.string().max(WARN_FIELD_NAME_MAX)),
  axisTitle: opt(storable(z.string().max(WARN_FIELD_TITLE_MAX))),
  aggregator: opt(z.union([z.enum(CHART_AGGREGATORS), z.literal('')])),
});

const warnValue = z.union([storable(z.string().max(WARN_VALUE_MAX)), z.number()]).nullable().optional();

/** One condition: the operator and the value(s) it needs (blank values are refused). */
export const warnConditionSchema = z.preprocess(
  (c) => {
    const o = record(c);
    if (!o) return c;
    const { compareValue, compareValueLeft, compareValueRight, ...rest } = o;
    return o.compare === 'between' ? { ...rest, compareValueLeft, compareValueRight } : { ...rest, compareValue };
  },
  z
    .object({
      axisField: warnAxisFieldSchema,
      compare: z.enum(WARN_COMPARES),
      compareValue: warnValue,
      compareValueLeft: warnValue,
      compareValueRight: warnValue,
    })
    .superRefine((c, ctx) => {
      const o = record(c);
      if (!o) return;
      const slots = o.compare === 'between' ? (['compareValueLeft', 'compareValueRight'] as const) : (['compareValue'] as const);
      for (const slot of slots) if (isBlank(o[slot])) problem(ctx, 'value_required', [slot]);
    }, checks),
);

const warnName = z.string().superRefine((name, ctx) => {
  const trimmed = name.trim();
  if (trimmed === '') problem(ctx, 'name_required');
  else if ([...trimmed].length > WARN_NAME_MAX) problem(ctx, 'name_length');
});

/** One alert: name, switch, logic, timing, conditions, channels. */
export const warnItemSchema = z.preprocess(
  (it) => {
    const o = record(it);
    return !o || o.warnTime === 1 ? it : { ...o, warnExactTime: null };
  },
  z
    .object({
      /** stable id of the rule (the server's, issue 26) */
      warnId: z.string().regex(WARN_ID).optional(),
      warnName: storable(warnName),
      /** on/off switch */
      isSwitch: z.boolean(),
      /** 0 any condition, 1 all conditions */
      logic: z.literal([0, 1]),
      /** 0 immediate (on a data change of the chart's source), 1 timed (once a day at warnExactTime) */
      warnTime: z.literal([0, 1]),
      /** 0–23, standing for 1:00–24:00 in BI_TIME_ZONE */
      warnExactTime: z.number().int().min(WARN_HOUR_MIN).max(WARN_HOUR_MAX).nullable().optional(),
      warnConditions: z.array(warnConditionSchema).min(1).max(WARN_MAX_CONDITIONS),
      /** e-mail the firing to `mailTo` (SMTP, BI_SMTP_*) */
      isSendMail: z.boolean().optional(),
      mailTo: z
        .array(
          storable(z.string()).refine((m) => WARN_EMAIL.test(m.trim()), { message: 'mail_invalid', params: { warn: 'mail_invalid' } }),
        )
        .max(WARN_MAX_MAIL_TO)
        .optional(),
      /** post the firing to `webhookUrl` (http or https) */
      isSendWechat: z.boolean().optional(),
      webhookUrl: storable(z.string()).optional(),
      /** `json` (the documented payload, HMAC-signed) or `wecom` (a WeCom group-robot text message) */
      webhookFormat: z.enum(WARN_WEBHOOK_FORMATS).optional(),
      /** also send the firing's text to these chat robots (issue 30; an administrator's robots, by id) */
      robotIds: z.array(z.string().uuid()).max(WARN_MAX_ROBOTS).optional(),
    })
    .superRefine((it, ctx) => {
      const o = record(it);
      if (!o) return;
      if (o.warnTime === 1 && typeof o.warnExactTime !== 'number') problem(ctx, 'hour_invalid', ['warnExactTime']);
      if (o.isSendMail === true && !(Array.isArray(o.mailTo) && o.mailTo.length > 0)) problem(ctx, 'mail_required', ['mailTo']);
      if ((o.isSendWechat === true || (o.webhookUrl !== undefined && o.webhookUrl !== '')) && !checkWebhookUrl(o.webhookUrl)) problem(ctx, 'webhook_url', ['webhookUrl']);
    }, checks),
);

/** A chart's alerts: the two lists (value axis, second value axis), at most WARN_MAX_ITEMS items in all, ids unique. */
export const warnConfigSchema = z
  .object({
    warnItemsYList: z.array(warnItemSchema).default([]),
    warnItemsYOptionalList: z.array(warnItemSchema).default([]),
    /** the user who set the alerts (the rules' owner; messages go to them and the dashboard owner) */
    userId: opt(storable(z.string().max(WARN_USER_ID_MAX))),
  })
  .superRefine((cfg, ctx) => {
    const o = record(cfg);
    if (!o) return;
    const lists = WARN_LISTS.map((l) => o[l]);
    if (lists.every((l) => l === undefined || Array.isArray(l)) && lists.reduce<number>((n, l) => n + (Array.isArray(l) ? l.length : 0), 0) > WARN_MAX_ITEMS) {
      problem(ctx, 'too_many', [], `at most ${WARN_MAX_ITEMS} alerts`);
    }
    const ids = new Set<string>();
    for (const [l, list] of WARN_LISTS.entries()) {
      if (!Array.isArray(lists[l])) continue;
      for (const [i, item] of (lists[l] as unknown[]).entries()) {
        const id = record(item)?.warnId;
        if (typeof id !== 'string') continue;
        if (ids.has(id)) problem(ctx, 'duplicate_id', [list, i, 'warnId']);
        ids.add(id);
      }
    }
  }, checks);
