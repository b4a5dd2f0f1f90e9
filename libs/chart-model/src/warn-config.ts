/**
 * Chart alerts (spec 01 §3 "Warning config", §5, §9): the bounds, operators and helpers of the alerts stored
 * with a chart as `warnConfigData`, without zod (the web's entry chunk imports them). Their shape is the wire
 * schema (schemas/warn-config.ts, the types below are inferred from it); the ONE check of them is
 * checkWarnConfig (warn-check.ts). Pure: no I/O, no clock.
 *
 * An item's conditions compare the value found for one of the chart's value fields (its `values` for
 * `warnItemsYList`, its `secondValues` for `warnItemsYOptionalList`) — the number (or text) the chart
 * shows. The operators offered depend on the type of that value (`warnValueType`).
 */
import type { Chart, ChartField, DataType } from './chart.js';
import { CHART_KIND_REGISTRY, type ChartType } from './kinds.js';
import type { z } from 'zod';
import type { warnAxisFieldSchema, warnConditionSchema, warnConfigSchema, warnItemSchema } from './schemas/warn-config.js';

/** At most 20 alert items per chart (spec 01 §5, §9), counting both lists. */
export const WARN_MAX_ITEMS = 20;
export const WARN_MAX_CONDITIONS = 10;
export const WARN_NAME_MAX = 50;
export const WARN_VALUE_MAX = 200;
export const WARN_MAX_MAIL_TO = 10;
/** chat robots one alert may send to (issue 30) */
export const WARN_MAX_ROBOTS = 10;
export const WARN_URL_MAX = 500;
/** Hours 0–23 stand for 1:00–24:00 (spec 01 §3): hour h fires at (h + 1):00 in BI_TIME_ZONE. */
export const WARN_HOUR_MIN = 0;
export const WARN_HOUR_MAX = 23;

export type WarnNumberCompare = '>' | '<' | '=' | '!=' | '<=' | '>=' | 'between';
export type WarnStringCompare = '=' | '!=' | 'like' | 'notLike';
/** Every operator a condition may name (which of them a condition may use depends on its value's type, WARN_OPERATORS). */
export const WARN_COMPARES = ['>', '<', '=', '!=', '<=', '>=', 'between', 'like', 'notLike'] as const satisfies readonly (WarnNumberCompare | WarnStringCompare)[];
export type WarnCompare = (typeof WARN_COMPARES)[number];

/** The operators of the value's type (the field-filter sets of spec 01 §5; dates compare as text ranges). */
export const WARN_OPERATORS: Readonly<Record<DataType, readonly WarnCompare[]>> = {
  number: ['>', '<', '=', '!=', '<=', '>=', 'between'],
  string: ['=', '!=', 'like', 'notLike'],
  date: ['=', '!=', '>', '<', '>=', '<=', 'between'],
};

/** Webhook body: `json` (the documented payload, HMAC-signed) or `wecom` (a WeCom group-robot text message). */
export const WARN_WEBHOOK_FORMATS = ['json', 'wecom'] as const;
export type WarnWebhookFormat = (typeof WARN_WEBHOOK_FORMATS)[number];

/** Bounds of the texts no rule above bounds: a condition's field name and title (those of a chart field), the owner's id. */
export const WARN_FIELD_NAME_MAX = 128;
export const WARN_FIELD_TITLE_MAX = 200;
export const WARN_USER_ID_MAX = 64;
/** An alert id (the server's UUIDs; older ids of the same alphabet). */
export const WARN_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A mail recipient (trimmed). */
export const WARN_EMAIL = /^[^\s@<>(),;:"]{1,64}@[^\s@<>(),;:"]{1,190}\.[^\s@<>(),;:"]{1,63}$/;

// The types are the wire schema's (schemas/warn-config.ts, docs/adr/0010-wire-schemas.md).
export type WarnAxisField = z.infer<typeof warnAxisFieldSchema>;
export type WarnCondition = z.infer<typeof warnConditionSchema>;
export type WarnItem = z.infer<typeof warnItemSchema>;
export type WarnConfig = z.infer<typeof warnConfigSchema>;

/** The message keys of the catalogue (libs/i18n warn.*) a problem names (name_line_break: the line-break rule both sides add); the server raising one checks it exists. */
export type WarnProblemKey =
  | 'warn.invalid'
  | 'warn.too_many'
  | 'warn.kind_not_allowed'
  | 'warn.name_required'
  | 'warn.name_length'
  | 'warn.name_line_break'
  | 'warn.hour_invalid'
  | 'warn.conditions_required'
  | 'warn.too_many_conditions'
  | 'warn.unknown_field'
  | 'warn.operator_not_allowed'
  | 'warn.value_required'
  | 'warn.value_too_long'
  | 'warn.value_not_number'
  | 'warn.between_order'
  | 'warn.too_many_mail_to'
  | 'warn.mail_invalid'
  | 'warn.mail_required'
  | 'warn.webhook_url';

export interface WarnProblem {
  key: WarnProblemKey;
  params: Record<string, string | number>;
}

export type WarnListName = 'warnItemsYList' | 'warnItemsYOptionalList';
export const WARN_LISTS: readonly WarnListName[] = ['warnItemsYList', 'warnItemsYOptionalList'];

export function emptyWarnConfig(): WarnConfig {
  return { warnItemsYList: [], warnItemsYOptionalList: [] };
}

/** Whether a kind offers alerts (bar, line, gauge, card, doubleaxis … per the kind registry). */
export function kindHasAlerts(type: ChartType): boolean {
  return CHART_KIND_REGISTRY[type]?.editor.alert === true;
}

/** The value fields the items of a list may name. */
export function warnFields(chart: Pick<Chart, 'values' | 'secondValues'>, list: WarnListName): ChartField[] {
  return list === 'warnItemsYList' ? chart.values : chart.secondValues;
}

/** The field the condition names, matched by name and aggregator. */
export function findWarnField(fields: readonly ChartField[], axis: WarnAxisField): ChartField | undefined {
  return fields.find((f) => f.name === axis.axisName && (f.aggregator ?? '') === (axis.aggregator ?? ''));
}

/** The type of the value the chart shows for a field: counts, sums and averages are numbers. */
export function warnValueType(field: Pick<ChartField, 'dataType' | 'aggregator'>): DataType {
  const a = field.aggregator;
  if (a === 'count' || a === 'countDistinct' || a === 'sum' || a === 'avg') return 'number';
  return field.dataType;
}

/** An http(s) URL with a host name or address, IPv6 in brackets (no spaces, no user info); the server's outbound policy judges the target. */
const WEBHOOK_URL = /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?([/?#][^\s]*)?$/i;
export function checkWebhookUrl(url: unknown): boolean {
  return typeof url === 'string' && url.length <= WARN_URL_MAX && WEBHOOK_URL.test(url);
}

/**
 * A checked config in its stored form: names trimmed, every item with a warnId (`newId()` for new
 * ones), channel fields only where used. Call after `checkWarnConfig` found no problem.
 */
export function normalizeWarnConfig(raw: unknown, newId: () => string): WarnConfig {
  const cfg = (raw ?? {}) as Partial<WarnConfig>;
  const item = (it: WarnItem): WarnItem => ({
    warnId: it.warnId ?? newId(),
    warnName: it.warnName.trim(),
    isSwitch: it.isSwitch,
    logic: it.logic,
    warnTime: it.warnTime,
    warnExactTime: it.warnTime === 1 ? (it.warnExactTime as number) : null,
    warnConditions: it.warnConditions.map((c) => ({
      axisField: { axisName: c.axisField.axisName, axisTitle: c.axisField.axisTitle, aggregator: c.axisField.aggregator },
      compare: c.compare,
      ...(c.compare === 'between' ? { compareValueLeft: c.compareValueLeft, compareValueRight: c.compareValueRight } : { compareValue: c.compareValue }),
    })),
    isSendMail: it.isSendMail === true,
    mailTo: (it.mailTo ?? []).map((m) => m.trim()),
    isSendWechat: it.isSendWechat === true,
    webhookUrl: it.webhookUrl ?? '',
    webhookFormat: it.webhookFormat ?? 'json',
    ...(it.robotIds?.length ? { robotIds: [...new Set(it.robotIds)] } : {}),
  });
  return {
    warnItemsYList: (cfg.warnItemsYList ?? []).map(item),
    warnItemsYOptionalList: (cfg.warnItemsYOptionalList ?? []).map(item),
    ...(cfg.userId ? { userId: cfg.userId } : {}),
  };
}

/** Every item of a config with the list it is in. */
export function warnItems(cfg: WarnConfig | undefined | null): { list: WarnListName; item: WarnItem }[] {
  if (!cfg) return [];
  return WARN_LISTS.flatMap((list) => (cfg[list] ?? []).map((item) => ({ list, item })));
}

/**
 * Server-chosen alert ids (issue 26): an item whose warnId is one the chart has stored keeps it (its
 * firing state goes on); any other item — new, or with an id of the sender's choosing — gets
 * `newId()`. `cfg` is a checked, normalized config.
 */
export function keepKnownWarnIds(cfg: WarnConfig, stored: WarnConfig | undefined | null, newId: () => string): WarnConfig {
  const known = new Set(warnItems(stored).map(({ item }) => item.warnId).filter((id): id is string => !!id));
  const item = (it: WarnItem): WarnItem => ({ ...it, warnId: it.warnId && known.has(it.warnId) ? it.warnId : newId() });
  return { ...cfg, warnItemsYList: (cfg.warnItemsYList ?? []).map(item), warnItemsYOptionalList: (cfg.warnItemsYOptionalList ?? []).map(item) };
}

/**
 * The alerts of a copied chart (dashboard, chart or template copy, template import): every item a new
 * id and the copier as owner (`ownerId`; '' leaves no owner: the dashboard's creator then owns them).
 * Works on a stored definition as it is (anything that is not an item list is left alone).
 */
export function copiedWarnConfig(raw: unknown, ownerId: string, newId: () => string): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const { userId: _owner, ...cfg } = raw as Record<string, unknown>;
  for (const list of WARN_LISTS) {
    const items = cfg[list];
    if (Array.isArray(items)) cfg[list] = items.map((it: unknown) => (typeof it === 'object' && it !== null ? { ...it, warnId: newId() } : it));
  }
  return ownerId ? { ...cfg, userId: ownerId } : cfg;
}
