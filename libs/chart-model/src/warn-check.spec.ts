/**
 * checkWarnConfig (the wire schema plus the chart's rules) answers as the hand-written check it replaced:
 * the same first problem (key and parameters) for each input of the table. The old check is kept here
 * only, as the reference (a copy of warn-config.ts before docs/adr/0010's warn config schema).
 */
import type { Chart, ChartField, DataType } from './chart.js';
import { checkWarnConfig } from './warn-check.js';
import {
  WARN_HOUR_MAX,
  WARN_HOUR_MIN,
  WARN_LISTS,
  WARN_MAX_CONDITIONS,
  WARN_MAX_ITEMS,
  WARN_MAX_MAIL_TO,
  WARN_NAME_MAX,
  WARN_OPERATORS,
  WARN_VALUE_MAX,
  checkWebhookUrl,
  findWarnField,
  kindHasAlerts,
  warnFields,
  warnValueType,
  type WarnCompare,
  type WarnCondition,
  type WarnConfig,
  type WarnItem,
  type WarnProblem,
} from './warn-config.js';
import { warnConfigSchema } from './schemas/warn-config.js';

// ---- the old check, verbatim but for its name ----
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const EMAIL = /^[^\s@<>(),;:"]{1,64}@[^\s@<>(),;:"]{1,190}\.[^\s@<>(),;:"]{1,63}$/;

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
function oldCheckWarnConfig(raw: unknown, chart: Pick<Chart, 'type' | 'values' | 'secondValues'>): WarnProblem | null {
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

// ---- the table ----
const values: ChartField[] = [
  { name: 'amount', dataType: 'number', aggregator: 'sum' },
  { name: 'region', dataType: 'string', aggregator: 'max' },
  { name: 'orders', dataType: 'string', aggregator: 'count' },
  { name: 'day', dataType: 'date' },
];
const secondValues: ChartField[] = [{ name: 'profit', dataType: 'number', aggregator: 'avg' }];
const chart: Pick<Chart, 'type' | 'values' | 'secondValues'> = { type: 'bar', values, secondValues };
const cond = (over: Record<string, unknown> = {}) => ({ axisField: { axisName: 'amount', axisTitle: 'Amount', aggregator: 'sum' }, compare: '>', compareValue: 100, ...over });
const item = (over: Record<string, unknown> = {}) => ({ warnName: 'High sales', isSwitch: true, logic: 0, warnTime: 0, warnConditions: [cond()], ...over });
const cfg = (...items: unknown[]) => ({ warnItemsYList: items, warnItemsYOptionalList: [] });
const long = (n: number, c = 'x') => c.repeat(n);
const many = (n: number, over: Record<string, unknown> = {}) => Array.from({ length: n }, () => item(over));

/** [what, the config, the chart (when not `chart`)] — each refused, or accepted, by the old check. */
const TABLE: [string, unknown, Pick<Chart, 'type' | 'values' | 'secondValues'>?][] = [
  ['no alerts', undefined],
  ['null', null],
  ['a valid item', cfg(item())],
  ['empty lists', { warnItemsYList: [], warnItemsYOptionalList: [] }],
  ['no lists at all', {}],
  ['a number', 5],
  ['a text', 'alerts'],
  ['an array', [item()]],
  ['a list that is not an array', { warnItemsYList: {} }],
  ['the second list null', { warnItemsYList: [], warnItemsYOptionalList: null }],
  ['21 items', { warnItemsYList: many(20), warnItemsYOptionalList: [item()] }],
  ['21 items, one broken', { warnItemsYList: [...many(20), 5], warnItemsYOptionalList: [] }],
  ['21 items and a list that is not an array', { warnItemsYList: many(21), warnItemsYOptionalList: 'x' }],
  ['20 items', cfg(...many(20))],
  ['a kind without alerts', cfg(item()), { ...chart, type: 'pie' }],
  ['a kind without alerts, a broken item', cfg(5), { ...chart, type: 'pie' }],
  ['a kind without alerts, no items', cfg(), { ...chart, type: 'pie' }],
  ['userId a number', { ...cfg(item()), userId: 7 }],
  ['userId a number and a broken item', { ...cfg(5), userId: 7 }],
  ['a kind without alerts and userId a number', { ...cfg(item()), userId: 7 }, { ...chart, type: 'pie' }],
  ['userId null', { ...cfg(item()), userId: null }],
  ['an item that is a number', cfg(5)],
  ['an item that is null', cfg(null)],
  ['an item that is an array', cfg([])],
  ['no name', cfg(item({ warnName: undefined }))],
  ['a blank name', cfg(item({ warnName: '   ' }))],
  ['a name that is a number', cfg(item({ warnName: 12 }))],
  ['a name of 51 characters', cfg(item({ warnName: long(51) }))],
  ['a name of 50 emoji', cfg(item({ warnName: long(50, '😀') }))],
  ['a name of 51 emoji', cfg(item({ warnName: long(51, '😀') }))],
  ['a padded name of 50', cfg(item({ warnName: `  ${long(50)}  ` }))],
  ['a long name and a broken switch', cfg(item({ warnName: long(60), isSwitch: 'yes' }))],
  ['a warnId with a space', cfg(item({ warnId: 'a b' }))],
  ['a warnId of 65', cfg(item({ warnId: long(65) }))],
  ['a warnId null', cfg(item({ warnId: null }))],
  ['a warnId a number', cfg(item({ warnId: 5 }))],
  ['a duplicate warnId', cfg(item({ warnId: 'a1' }), item({ warnId: 'a1' }))],
  ['a duplicate warnId across lists', { warnItemsYList: [item({ warnId: 'a1' })], warnItemsYOptionalList: [item({ warnId: 'a1', warnConditions: [cond({ axisField: { axisName: 'profit', aggregator: 'avg' } })] })] }],
  ['a duplicate warnId, the second item broken earlier', cfg(item({ warnId: 'a1' }), item({ warnId: 'a1', isSwitch: 1 }))],
  ['a duplicate warnId, the second item broken later', cfg(item({ warnId: 'a1' }), item({ warnId: 'a1', isSendMail: 'x' }))],
  ['a duplicate warnId, then a broken item', cfg(item({ warnId: 'a1' }), item({ warnId: 'a1' }), 5)],
  ['isSwitch missing', cfg(item({ isSwitch: undefined }))],
  ['isSwitch 1', cfg(item({ isSwitch: 1 }))],
  ['logic 2', cfg(item({ logic: 2 }))],
  ['logic "1"', cfg(item({ logic: '1' }))],
  ['warnTime 2', cfg(item({ warnTime: 2 }))],
  ['warnTime missing', cfg(item({ warnTime: undefined }))],
  ['timed without hour', cfg(item({ warnTime: 1 }))],
  ['timed at 24', cfg(item({ warnTime: 1, warnExactTime: 24 }))],
  ['timed at -1', cfg(item({ warnTime: 1, warnExactTime: -1 }))],
  ['timed at 1.5', cfg(item({ warnTime: 1, warnExactTime: 1.5 }))],
  ['timed at "3"', cfg(item({ warnTime: 1, warnExactTime: '3' }))],
  ['timed at null', cfg(item({ warnTime: 1, warnExactTime: null }))],
  ['timed at 0 and 23', cfg(item({ warnTime: 1, warnExactTime: 0 }), item({ warnTime: 1, warnExactTime: 23 }))],
  ['immediate with a junk hour', cfg(item({ warnTime: 0, warnExactTime: 'noon' }))],
  ['timed at 24 with no conditions', cfg(item({ warnTime: 1, warnExactTime: 24, warnConditions: [] }))],
  ['no conditions', cfg(item({ warnConditions: [] }))],
  ['conditions missing', cfg(item({ warnConditions: undefined }))],
  ['conditions an object', cfg(item({ warnConditions: {} }))],
  ['11 conditions', cfg(item({ warnConditions: Array.from({ length: 11 }, () => cond()) }))],
  ['11 broken conditions', cfg(item({ warnConditions: Array.from({ length: 11 }, () => 5) }))],
  ['10 conditions', cfg(item({ warnConditions: Array.from({ length: 10 }, () => cond()) }))],
  ['a condition that is a number', cfg(item({ warnConditions: [5] }))],
  ['a condition that is null', cfg(item({ warnConditions: [null] }))],
  ['a condition that is an array', cfg(item({ warnConditions: [[]] }))],
  ['no axisField', cfg(item({ warnConditions: [cond({ axisField: undefined })] }))],
  ['axisField a number', cfg(item({ warnConditions: [cond({ axisField: 3 })] }))],
  ['axisName a number', cfg(item({ warnConditions: [cond({ axisField: { axisName: 3 } })] }))],
  ['an unknown field', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'nope', axisTitle: 'Nope' } })] }))],
  ['an unknown field without title', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'nope' } })] }))],
  ['a field with another aggregator', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'amount', aggregator: 'avg' } })] }))],
  ['a field with a junk aggregator', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'amount', aggregator: 'median' } })] }))],
  ['a field with a number aggregator', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'amount', aggregator: 5 } })] }))],
  ['a field without aggregator (none)', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'day', aggregator: null }, compare: '=', compareValue: '2024-01-01' })] }))],
  ['a field with aggregator ""', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'day', aggregator: '' }, compare: '=', compareValue: '2024-01-01' })] }))],
  ['an over-long field name', cfg(item({ warnConditions: [cond({ axisField: { axisName: long(300) } })] }))],
  ['a second-axis field on the first list', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'profit', aggregator: 'avg' } })] }))],
  ['a second-axis field on its list', { warnItemsYList: [], warnItemsYOptionalList: [item({ warnConditions: [cond({ axisField: { axisName: 'profit', aggregator: 'avg' } })] })] }],
  ['an unknown field and a junk value', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'nope' }, compareValue: {} })] }))],
  ['an unknown field and a junk operator', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'nope' }, compare: '~' })] }))],
  ['a junk operator', cfg(item({ warnConditions: [cond({ compare: '~' })] }))],
  ['no operator', cfg(item({ warnConditions: [cond({ compare: undefined })] }))],
  ['like on a number', cfg(item({ warnConditions: [cond({ compare: 'like' })] }))],
  ['> on a text', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'region', aggregator: 'max' }, compare: '>', compareValue: 'x' })] }))],
  ['like on a text', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'region', aggregator: 'max' }, compare: 'like', compareValue: 'x' })] }))],
  ['between on a date', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'day' }, compare: 'between', compareValueLeft: '2024-01-01', compareValueRight: '2024-12-31' })] }))],
  ['a reversed date range', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'day' }, compare: 'between', compareValueLeft: '2024-12-31', compareValueRight: '2024-01-01' })] }))],
  ['a count compared as a number', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'orders', aggregator: 'count' }, compare: '>=', compareValue: 3 })] }))],
  ['a count with a text value', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'orders', aggregator: 'count' }, compare: '>=', compareValue: 'many' })] }))],
  ['no value', cfg(item({ warnConditions: [cond({ compareValue: undefined })] }))],
  ['a null value', cfg(item({ warnConditions: [cond({ compareValue: null })] }))],
  ['a blank value', cfg(item({ warnConditions: [cond({ compareValue: '  ' })] }))],
  ['an object value', cfg(item({ warnConditions: [cond({ compareValue: {} })] }))],
  ['a boolean value', cfg(item({ warnConditions: [cond({ compareValue: true })] }))],
  ['a value of 201', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'region', aggregator: 'max' }, compare: '=', compareValue: long(201) })] }))],
  ['a numeric value of 201', cfg(item({ warnConditions: [cond({ compareValue: long(201, '1') })] }))],
  ['a value of 200', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'region', aggregator: 'max' }, compare: '=', compareValue: long(200) })] }))],
  ['a text on a number', cfg(item({ warnConditions: [cond({ compareValue: 'abc' })] }))],
  ['a numeric text on a number', cfg(item({ warnConditions: [cond({ compareValue: ' 12.5 ' })] }))],
  ['between 1 and 5', cfg(item({ warnConditions: [cond({ compare: 'between', compareValue: undefined, compareValueLeft: 1, compareValueRight: 5 })] }))],
  ['between 5 and 1', cfg(item({ warnConditions: [cond({ compare: 'between', compareValueLeft: 5, compareValueRight: 1 })] }))],
  ['between "10" and "9" (numbers)', cfg(item({ warnConditions: [cond({ compare: 'between', compareValueLeft: '10', compareValueRight: '9' })] }))],
  ['between 1 and blank', cfg(item({ warnConditions: [cond({ compare: 'between', compareValueLeft: 1, compareValueRight: '' })] }))],
  ['between blank and 1', cfg(item({ warnConditions: [cond({ compare: 'between', compareValueLeft: null, compareValueRight: 1 })] }))],
  ['between "x" and blank', cfg(item({ warnConditions: [cond({ compare: 'between', compareValueLeft: 'x', compareValueRight: '' })] }))],
  ['between 1 and an object', cfg(item({ warnConditions: [cond({ compare: 'between', compareValueLeft: 1, compareValueRight: {} })] }))],
  ['between 1 and a long text', cfg(item({ warnConditions: [cond({ compare: 'between', compareValueLeft: 1, compareValueRight: long(300) })] }))],
  ['between with a junk compareValue', cfg(item({ warnConditions: [cond({ compare: 'between', compareValue: {}, compareValueLeft: 1, compareValueRight: 2 })] }))],
  ['> with junk left and right', cfg(item({ warnConditions: [cond({ compareValueLeft: {}, compareValueRight: long(300) })] }))],
  ['the second condition broken', cfg(item({ warnConditions: [cond(), cond({ compareValue: 'abc' })] }))],
  ['the first condition broken late, the second early', cfg(item({ warnConditions: [cond({ compareValue: 'abc' }), 5] }))],
  ['a broken condition and a broken channel', cfg(item({ warnConditions: [cond({ compareValue: '' })], isSendMail: 'yes' }))],
  ['isSendMail "yes"', cfg(item({ isSendMail: 'yes' }))],
  ['isSendWechat 1', cfg(item({ isSendWechat: 1 }))],
  ['mailTo a text', cfg(item({ mailTo: 'a@b.cn' }))],
  ['11 recipients', cfg(item({ mailTo: Array.from({ length: 11 }, (_, i) => `u${i}@bi.test`) }))],
  ['11 bad recipients', cfg(item({ mailTo: Array.from({ length: 11 }, () => 'nope') }))],
  ['a bad recipient', cfg(item({ mailTo: ['ok@bi.test', 'not an address'] }))],
  ['a recipient that is a number', cfg(item({ mailTo: [42] }))],
  ['a long bad recipient', cfg(item({ mailTo: [long(120)] }))],
  ['a padded recipient', cfg(item({ isSendMail: true, mailTo: ['  ok@bi.test '] }))],
  ['mail on without recipients', cfg(item({ isSendMail: true }))],
  ['mail on with an empty list', cfg(item({ isSendMail: true, mailTo: [] }))],
  ['mail off without recipients', cfg(item({ isSendMail: false, mailTo: [] }))],
  ['mail on and a bad recipient', cfg(item({ isSendMail: true, mailTo: ['x'] }))],
  ['webhookFormat "xml"', cfg(item({ webhookFormat: 'xml' }))],
  ['webhookFormat null', cfg(item({ webhookFormat: null }))],
  ['webhookFormat wecom', cfg(item({ webhookFormat: 'wecom', isSendWechat: true, webhookUrl: 'https://qyapi.weixin.qq.com/x' }))],
  ['webhook on without URL', cfg(item({ isSendWechat: true }))],
  ['webhook on with an ftp URL', cfg(item({ isSendWechat: true, webhookUrl: 'ftp://example.com' }))],
  ['webhook on with javascript:', cfg(item({ isSendWechat: true, webhookUrl: 'javascript:alert(1)' }))],
  ['webhook off with a bad URL', cfg(item({ isSendWechat: false, webhookUrl: 'nope' }))],
  ['webhook off with an empty URL', cfg(item({ isSendWechat: false, webhookUrl: '' }))],
  ['a webhook URL null', cfg(item({ webhookUrl: null }))],
  ['a webhook URL a number', cfg(item({ webhookUrl: 5 }))],
  ['a webhook URL of 501', cfg(item({ isSendWechat: true, webhookUrl: `https://h.example/${long(490)}` }))],
  ['an IPv6 webhook', cfg(item({ isSendWechat: true, webhookUrl: 'http://[::1]:8080/x' }))],
  ['bad format and bad URL', cfg(item({ webhookFormat: 'xml', isSendWechat: true, webhookUrl: 'x' }))],
  ['bad recipient and bad URL', cfg(item({ mailTo: ['x'], isSendWechat: true, webhookUrl: 'x' }))],
  ['the second item broken', cfg(item(), item({ logic: 5 }))],
  ['the first item broken late, the second early', cfg(item({ isSendWechat: true }), item({ warnName: '' }))],
  ['the first list fine, the second broken', { warnItemsYList: [item()], warnItemsYOptionalList: [item({ warnName: '' })] }],
  ['unknown members', cfg(item({ extra: { deep: [1] } }))],
];

describe('checkWarnConfig (the schema and the chart rules) answers as the hand-written check', () => {
  it.each(TABLE)('%s', (_what, raw, c = chart) => {
    expect(checkWarnConfig(raw, c)).toEqual(oldCheckWarnConfig(raw, c));
  });

  it('the table refuses with every key the check can answer', () => {
    const keys = new Set(TABLE.map(([, raw, c = chart]) => oldCheckWarnConfig(raw, c)?.key).filter(Boolean));
    expect([...keys].sort()).toEqual(
      [
        'warn.between_order',
        'warn.conditions_required',
        'warn.hour_invalid',
        'warn.invalid',
        'warn.kind_not_allowed',
        'warn.mail_invalid',
        'warn.mail_required',
        'warn.name_length',
        'warn.name_required',
        'warn.operator_not_allowed',
        'warn.too_many',
        'warn.too_many_conditions',
        'warn.too_many_mail_to',
        'warn.unknown_field',
        'warn.value_not_number',
        'warn.value_required',
        'warn.value_too_long',
        'warn.webhook_url',
      ].sort(),
    );
  });

  it('what the check accepts, the schema parses (the chart schema and the warning service read it so)', () => {
    for (const [, raw, c = chart] of TABLE) if (raw != null && checkWarnConfig(raw, c) === null) expect(warnConfigSchema.safeParse(raw).success).toBe(true);
  });
});

/** Where the two differ on purpose: bounds and the text rule the old check lacked (every server edge applies the text rule first). */
describe('checkWarnConfig beyond the old check', () => {
  const cases: [string, unknown, WarnProblem][] = [
    ['a NUL in a name', cfg(item({ warnName: 'a\u0000b' })), { key: 'warn.invalid', params: { name: 'warnName' } }],
    ['a lone surrogate in a value', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'region', aggregator: 'max' }, compare: '=', compareValue: '\uD800' })] })), { key: 'warn.invalid', params: { name: 'compareValue' } }],
    ['a NUL in a recipient', cfg(item({ mailTo: ['a\u0000@bi.test'] })), { key: 'warn.mail_invalid', params: { warn: 'High sales', value: 'a\u0000@bi.test' } }],
    ['a field title of 201', cfg(item({ warnConditions: [cond({ axisField: { axisName: 'amount', axisTitle: long(201), aggregator: 'sum' } })] })), { key: 'warn.invalid', params: { name: 'axisTitle' } }],
    ['an owner id of 65', { ...cfg(item()), userId: long(65) }, { key: 'warn.invalid', params: { name: 'userId' } }],
  ];
  it.each(cases)('%s', (_what, raw, problem) => {
    expect(oldCheckWarnConfig(raw, chart)).toBeNull();
    expect(checkWarnConfig(raw, chart)).toEqual(problem);
  });
});

