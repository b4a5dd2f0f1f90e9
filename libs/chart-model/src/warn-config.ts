/**
 * Chart alerts (spec 01 §3 "Warning config", §5, §9): the shape stored with a chart as `warnConfigData`
 * and the ONE validation of it, used by the web's alarm dialog, the BFF and the dashboard service (before
 * a chart save) and the warning service (before it keeps a rule). Pure: no I/O, no clock.
 *
 * An item's conditions compare the value found for one of the chart's value fields (its `values` for
 * `warnItemsYList`, its `secondValues` for `warnItemsYOptionalList`) — the number (or text) the chart
 * shows. The operators offered depend on the type of that value (`warnValueType`).
 */
import type { Aggregator, Chart, ChartField, DataType } from './chart.js';
import { CHART_KIND_REGISTRY, type ChartType } from './kinds.js';

/** At most 20 alert items per chart (spec 01 §5, §9), counting both lists. */
export const WARN_MAX_ITEMS = 20;
export const WARN_MAX_CONDITIONS = 10;
export const WARN_NAME_MAX = 50;
export const WARN_VALUE_MAX = 200;
export const WARN_MAX_MAIL_TO = 10;
export const WARN_URL_MAX = 500;
/** Hours 0–23 stand for 1:00–24:00 (spec 01 §3): hour h fires at (h + 1):00 in BI_TIME_ZONE. */
export const WARN_HOUR_MIN = 0;
export const WARN_HOUR_MAX = 23;

export type WarnNumberCompare = '>' | '<' | '=' | '!=' | '<=' | '>=' | 'between';
export type WarnStringCompare = '=' | '!=' | 'like' | 'notLike';
export type WarnCompare = WarnNumberCompare | WarnStringCompare;

/** The operators of the value's type (the field-filter sets of spec 01 §5; dates compare as text ranges). */
export const WARN_OPERATORS: Readonly<Record<DataType, readonly WarnCompare[]>> = {
  number: ['>', '<', '=', '!=', '<=', '>=', 'between'],
  string: ['=', '!=', 'like', 'notLike'],
  date: ['=', '!=', '>', '<', '>=', '<=', 'between'],
};

export interface WarnAxisField {
  axisName: string;
  axisTitle?: string;
  aggregator?: Aggregator;
}

export interface WarnCondition {
  axisField: WarnAxisField;
  compare: WarnCompare;
  compareValue?: string | number | null;
  compareValueLeft?: string | number | null;
  compareValueRight?: string | number | null;
}

/** Webhook body: `json` (the documented payload, HMAC-signed) or `wecom` (a WeCom group-robot text message). */
export type WarnWebhookFormat = 'json' | 'wecom';

export interface WarnItem {
  /** Stable id of the rule (assigned on the first save; keeps the rule's firing state across edits). */
  warnId?: string;
  warnName: string;
  /** on/off switch */
  isSwitch: boolean;
  /** 0 any condition, 1 all conditions */
  logic: 0 | 1;
  /** 0 immediate (on a data change of the chart's source), 1 timed (once a day at warnExactTime) */
  warnTime: 0 | 1;
  /** 0–23, standing for 1:00–24:00 in BI_TIME_ZONE */
  warnExactTime?: number | null;
  warnConditions: WarnCondition[];
  /** e-mail the firing to `mailTo` (SMTP, BI_SMTP_*) */
  isSendMail?: boolean;
  mailTo?: string[];
  /** post the firing to `webhookUrl` (http or https) */
  isSendWechat?: boolean;
  webhookUrl?: string;
  webhookFormat?: WarnWebhookFormat;
}

export interface WarnConfig {
  warnItemsYList: WarnItem[];
  warnItemsYOptionalList: WarnItem[];
  /** the user who set the alerts (the rules' owner; messages go to them and the dashboard owner) */
  userId?: string;
}

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

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const EMAIL = /^[^\s@<>(),;:"]{1,64}@[^\s@<>(),;:"]{1,190}\.[^\s@<>(),;:"]{1,63}$/;

/** An http(s) URL with a host name or address, IPv6 in brackets (no spaces, no user info); the server's outbound policy judges the target. */
const WEBHOOK_URL = /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?([/?#][^\s]*)?$/i;
export function checkWebhookUrl(url: unknown): boolean {
  return typeof url === 'string' && url.length <= WARN_URL_MAX && WEBHOOK_URL.test(url);
}

function valueProblem(value: unknown, type: DataType, warn: string, name: string): WarnProblem | null {
  if (isBlank(value)) return { key: 'warn.value_required', params: { warn, name } };
  if (typeof value !== 'string' && typeof value !== 'number') return { key: 'warn.invalid', params: { name: 'compareValue' } };
  if (String(value).length > WARN_VALUE_MAX) return { key: 'warn.value_too_long', params: { warn, name, max: WARN_VALUE_MAX } };
  if (type === 'number' && !Number.isFinite(Number(value))) return { key: 'warn.value_not_number', params: { warn, name, value: String(value) } };
  return null;
}

function itemProblem(item: unknown, fields: readonly ChartField[]): WarnProblem | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return { key: 'warn.invalid', params: { name: 'item' } };
  const it = item as Partial<WarnItem>;
  if (typeof it.warnName !== 'string' || it.warnName.trim() === '') return { key: 'warn.name_required', params: {} };
  const warn = it.warnName.trim();
  if ([...warn].length > WARN_NAME_MAX) return { key: 'warn.name_length', params: { max: WARN_NAME_MAX } };
  if (it.warnId !== undefined && (typeof it.warnId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(it.warnId))) return { key: 'warn.invalid', params: { name: 'warnId' } };
  if (typeof it.isSwitch !== 'boolean') return { key: 'warn.invalid', params: { name: 'isSwitch' } };
  if (it.logic !== 0 && it.logic !== 1) return { key: 'warn.invalid', params: { name: 'logic' } };
  if (it.warnTime !== 0 && it.warnTime !== 1) return { key: 'warn.invalid', params: { name: 'warnTime' } };
  if (it.warnTime === 1) {
    const h = it.warnExactTime;
    if (typeof h !== 'number' || !Number.isInteger(h) || h < WARN_HOUR_MIN || h > WARN_HOUR_MAX) return { key: 'warn.hour_invalid', params: { warn } };
  }
  if (!Array.isArray(it.warnConditions) || it.warnConditions.length === 0) return { key: 'warn.conditions_required', params: { warn } };
  if (it.warnConditions.length > WARN_MAX_CONDITIONS) return { key: 'warn.too_many_conditions', params: { warn, max: WARN_MAX_CONDITIONS } };
  for (const c of it.warnConditions as unknown[]) {
    if (typeof c !== 'object' || c === null) return { key: 'warn.invalid', params: { name: 'warnConditions' } };
    const cond = c as Partial<WarnCondition>;
    const axis = cond.axisField;
    if (!axis || typeof axis.axisName !== 'string') return { key: 'warn.invalid', params: { name: 'axisField' } };
    const field = findWarnField(fields, axis);
    const name = axis.axisTitle || axis.axisName;
    if (!field) return { key: 'warn.unknown_field', params: { warn, name } };
    const type = warnValueType(field);
    if (!WARN_OPERATORS[type].includes(cond.compare as WarnCompare)) return { key: 'warn.operator_not_allowed', params: { warn, name, compare: String(cond.compare) } };
    if (cond.compare === 'between') {
      const p = valueProblem(cond.compareValueLeft, type, warn, name) ?? valueProblem(cond.compareValueRight, type, warn, name);
      if (p) return p;
      const l = cond.compareValueLeft as string | number;
      const r = cond.compareValueRight as string | number;
      const reversed = type === 'number' ? Number(l) > Number(r) : String(l) > String(r);
      if (reversed) return { key: 'warn.between_order', params: { warn, name } };
    } else {
      const p = valueProblem(cond.compareValue, type, warn, name);
      if (p) return p;
    }
  }
  if (it.isSendMail !== undefined && typeof it.isSendMail !== 'boolean') return { key: 'warn.invalid', params: { name: 'isSendMail' } };
  if (it.isSendWechat !== undefined && typeof it.isSendWechat !== 'boolean') return { key: 'warn.invalid', params: { name: 'isSendWechat' } };
  if (it.mailTo !== undefined) {
    if (!Array.isArray(it.mailTo) || it.mailTo.length > WARN_MAX_MAIL_TO) return { key: 'warn.too_many_mail_to', params: { warn, max: WARN_MAX_MAIL_TO } };
    for (const m of it.mailTo) if (typeof m !== 'string' || !EMAIL.test(m.trim())) return { key: 'warn.mail_invalid', params: { warn, value: String(m).slice(0, 80) } };
  }
  if (it.isSendMail && !(it.mailTo ?? []).length) return { key: 'warn.mail_required', params: { warn } };
  if (it.webhookFormat !== undefined && it.webhookFormat !== 'json' && it.webhookFormat !== 'wecom') return { key: 'warn.invalid', params: { name: 'webhookFormat' } };
  if (it.isSendWechat || (it.webhookUrl !== undefined && it.webhookUrl !== '')) {
    if (!checkWebhookUrl(it.webhookUrl)) return { key: 'warn.webhook_url', params: { warn } };
  }
  return null;
}

/**
 * The first problem of a chart's warnConfigData (undefined/null is "no alerts" and fine), or null.
 * `chart` gives the kind and the value fields the conditions may name. Problems are message keys of
 * libs/i18n (`warn.*`) with their parameters.
 */
export function checkWarnConfig(raw: unknown, chart: Pick<Chart, 'type' | 'values' | 'secondValues'>): WarnProblem | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) return { key: 'warn.invalid', params: { name: 'warnConfigData' } };
  const cfg = raw as Partial<WarnConfig>;
  let count = 0;
  for (const list of WARN_LISTS) {
    const items = cfg[list];
    if (items === undefined) continue;
    if (!Array.isArray(items)) return { key: 'warn.invalid', params: { name: list } };
    count += items.length;
  }
  if (count > WARN_MAX_ITEMS) return { key: 'warn.too_many', params: { max: WARN_MAX_ITEMS } };
  if (count > 0 && !kindHasAlerts(chart.type)) return { key: 'warn.kind_not_allowed', params: { type: chart.type } };
  if (cfg.userId !== undefined && cfg.userId !== null && typeof cfg.userId !== 'string') return { key: 'warn.invalid', params: { name: 'userId' } };
  const ids = new Set<string>();
  for (const list of WARN_LISTS) {
    for (const item of cfg[list] ?? []) {
      const p = itemProblem(item, warnFields(chart, list));
      if (p) return p;
      const id = (item as WarnItem).warnId;
      if (id !== undefined) {
        if (ids.has(id)) return { key: 'warn.invalid', params: { name: 'warnId' } };
        ids.add(id);
      }
    }
  }
  return null;
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
