/**
 * The ONE check of a chart's alerts (spec 01 §3 "Warning config", §5, §9), used by the web's alarm dialog,
 * the BFF and the dashboard service (before a chart save) and the warning service: the wire schema
 * (schemas/warn-config.ts) gives the shape, this adds the rules against the chart (its kind offers
 * alerts; a condition names one of its value fields, with an operator and a value of that field's type;
 * between's left ≤ right) and answers the first problem as a `warn.*` message key of libs/i18n with its
 * parameters, in the order the alarm dialog has always reported them: the config, then each item in
 * turn (name, id, switch, logic, timing, conditions one by one, channels). Pure: no I/O, no clock.
 */
import type { z } from 'zod';
import type { Chart, ChartField, DataType } from './chart.js';
import { textIssue } from './schemas/text.js';
import { warnConfigSchema, type WarnSchemaProblem } from './schemas/warn-config.js';
import {
  WARN_LISTS,
  WARN_MAX_CONDITIONS,
  WARN_MAX_ITEMS,
  WARN_MAX_MAIL_TO,
  WARN_NAME_MAX,
  WARN_OPERATORS,
  WARN_VALUE_MAX,
  findWarnField,
  kindHasAlerts,
  warnFields,
  warnValueType,
  type WarnAxisField,
  type WarnCompare,
  type WarnConfig,
  type WarnProblem,
} from './warn-config.js';

/** Where a problem stands in the order of the checks (compared element by element). */
type Rank = readonly number[];
interface Found {
  rank: Rank;
  problem: WarnProblem;
}

// the steps of the order, per config, item and condition
const CONFIG = { shape: 0, list: 1, tooMany: 2, kind: 3, userId: 4, items: 5 } as const;
const ITEM = { shape: 0, name: 1, nameLength: 2, id: 3, isSwitch: 4, logic: 5, warnTime: 6, hour: 7, conditions: 8, tooManyConditions: 9, condition: 10, isSendMail: 11, isSendWechat: 12, mailTo: 13, mail: 14, mailRequired: 15, webhookFormat: 16, webhookUrl: 17, duplicateId: 18, robotIds: 19 } as const;
const CONDITION = { shape: 0, axisField: 1, field: 2, compare: 3, value: 4, between: 5 } as const;
// a value's checks: blank, not a text or number, too long, not a number (a number field)
const VALUE = { required: 0, invalid: 1, tooLong: 2, notNumber: 3 } as const;

type Raw = Record<string, unknown>;
const record = (v: unknown): Raw | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : null);
const schemaProblem = (issue: z.core.$ZodIssue): WarnSchemaProblem | undefined => (issue.code === 'custom' ? ((issue.params as { warn?: WarnSchemaProblem } | undefined)?.warn ?? undefined) : undefined);
const invalid = (name: string): WarnProblem => ({ key: 'warn.invalid', params: { name } });
const before = (a: Rank, b: Rank): boolean => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length < b.length;
};

/** The name a problem shows for a condition's field: its title, else its name. */
function axisLabel(cond: Raw | null): string {
  const axis = record(cond?.axisField);
  const title = axis?.axisTitle;
  return String((typeof title === 'string' && title) || axis?.axisName || '');
}

/** A schema issue inside one condition (`path` below the condition), ranked within the condition. */
function conditionIssue(issue: z.core.$ZodIssue, path: readonly PropertyKey[], cond: unknown, warn: string): [Rank, WarnProblem] {
  const c = record(cond);
  const name = axisLabel(c);
  const [member, sub] = path;
  if (member === undefined) return Array.isArray(cond) ? [[CONDITION.axisField], invalid('axisField')] : [[CONDITION.shape], invalid('warnConditions')];
  if (member === 'axisField') {
    if (sub === undefined || (sub === 'axisName' && issue.code === 'invalid_type')) return [[CONDITION.axisField], invalid('axisField')];
    if (sub === 'axisTitle') return [[CONDITION.axisField, 1], invalid('axisTitle')];
    // a name no chart field has (too long, not storable) or an aggregator no field has
    return [[CONDITION.field], { key: 'warn.unknown_field', params: { warn, name } }];
  }
  if (member === 'compare') return [[CONDITION.compare], { key: 'warn.operator_not_allowed', params: { warn, name, compare: String(c?.compare) } }];
  const slot = member === 'compareValueRight' ? 1 : 0;
  if (schemaProblem(issue) === 'value_required') return [[CONDITION.value, slot, VALUE.required], { key: 'warn.value_required', params: { warn, name } }];
  if (issue.code === 'too_big') return [[CONDITION.value, slot, VALUE.tooLong], { key: 'warn.value_too_long', params: { warn, name, max: WARN_VALUE_MAX } }];
  return [[CONDITION.value, slot, VALUE.invalid], invalid('compareValue')];
}

/** A schema issue inside one item (`path` below the item), ranked within the item. */
function itemIssue(issue: z.core.$ZodIssue, path: readonly PropertyKey[], item: unknown): [Rank, WarnProblem] {
  const it = record(item);
  const warn = typeof it?.warnName === 'string' ? it.warnName.trim() : '';
  const [member, index] = path;
  const own = schemaProblem(issue);
  switch (member) {
    case undefined:
      return [[ITEM.shape], invalid('item')];
    case 'warnName':
      if (own === 'name_length') return [[ITEM.nameLength], { key: 'warn.name_length', params: { max: WARN_NAME_MAX } }];
      if (textIssue(issue)) return [[ITEM.nameLength, 1], invalid('warnName')];
      return [[ITEM.name], { key: 'warn.name_required', params: {} }];
    case 'warnId':
      return own === 'duplicate_id' ? [[ITEM.duplicateId], invalid('warnId')] : [[ITEM.id], invalid('warnId')];
    case 'isSwitch':
    case 'logic':
    case 'warnTime':
    case 'isSendMail':
    case 'isSendWechat':
    case 'webhookFormat':
    case 'robotIds':
      return [[ITEM[member]], invalid(member)];
    case 'warnExactTime':
      return [[ITEM.hour], { key: 'warn.hour_invalid', params: { warn } }];
    case 'warnConditions': {
      if (index === undefined) {
        if (issue.code === 'too_big') return [[ITEM.tooManyConditions], { key: 'warn.too_many_conditions', params: { warn, max: WARN_MAX_CONDITIONS } }];
        return [[ITEM.conditions], { key: 'warn.conditions_required', params: { warn } }];
      }
      const cond = (it?.warnConditions as unknown[])[index as number];
      const [rank, problem] = conditionIssue(issue, path.slice(2), cond, warn);
      return [[ITEM.condition, index as number, ...rank], problem];
    }
    case 'mailTo':
      if (own === 'mail_required') return [[ITEM.mailRequired], { key: 'warn.mail_required', params: { warn } }];
      if (index === undefined) return [[ITEM.mailTo], { key: 'warn.too_many_mail_to', params: { warn, max: WARN_MAX_MAIL_TO } }];
      return [[ITEM.mail, index as number], { key: 'warn.mail_invalid', params: { warn, value: String((it?.mailTo as unknown[])[index as number]).slice(0, 80) } }];
    case 'webhookUrl':
      return [[ITEM.webhookUrl], { key: 'warn.webhook_url', params: { warn } }];
    default:
      return [[ITEM.duplicateId, 1], invalid(String(member))];
  }
}

/** A schema issue of the config, ranked in the order of the checks. */
function configIssue(issue: z.core.$ZodIssue, raw: unknown): Found {
  const [member, index] = issue.path;
  if (member === undefined) {
    if (schemaProblem(issue) === 'too_many') return { rank: [CONFIG.tooMany], problem: { key: 'warn.too_many', params: { max: WARN_MAX_ITEMS } } };
    return { rank: [CONFIG.shape], problem: invalid('warnConfigData') };
  }
  const list = WARN_LISTS.indexOf(member as (typeof WARN_LISTS)[number]);
  if (list < 0) return { rank: [CONFIG.userId], problem: invalid(String(member)) };
  if (index === undefined) return { rank: [CONFIG.list, list], problem: invalid(String(member)) };
  const item = ((raw as Raw)[member as string] as unknown[])[index as number];
  const [rank, problem] = itemIssue(issue, issue.path.slice(2), item);
  return { rank: [CONFIG.items, list, index as number, ...rank], problem };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** A value the schema takes (not blank, a text or number, not too long): the chart's rules read it. */
const wellFormed = (v: unknown): v is string | number => !isBlank(v) && (typeof v === 'string' || typeof v === 'number') && String(v).length <= WARN_VALUE_MAX;

/** The rules against the chart: its kind, then each condition's field, operator, value type and between's order. */
function chartProblems(raw: Raw, chart: Pick<Chart, 'type' | 'values' | 'secondValues'>): Found[] {
  const found: Found[] = [];
  const count = WARN_LISTS.reduce((n, l) => n + (Array.isArray(raw[l]) ? (raw[l] as unknown[]).length : 0), 0);
  if (count > 0 && !kindHasAlerts(chart.type)) found.push({ rank: [CONFIG.kind], problem: { key: 'warn.kind_not_allowed', params: { type: chart.type } } });
  for (const [l, list] of WARN_LISTS.entries()) {
    const items = raw[list];
    if (!Array.isArray(items)) continue;
    const fields = warnFields(chart, list);
    for (const [i, item] of items.entries()) {
      const it = record(item);
      if (!it || !Array.isArray(it.warnConditions)) continue;
      const warn = typeof it.warnName === 'string' ? it.warnName.trim() : '';
      for (const [c, cond] of (it.warnConditions as unknown[]).entries()) {
        const at = (...rank: number[]): Rank => [CONFIG.items, l, i, ITEM.condition, c, ...rank];
        const problem = conditionProblem(record(cond), fields, warn);
        if (problem) found.push({ rank: at(...problem[0]), problem: problem[1] });
      }
    }
  }
  return found;
}

function conditionProblem(cond: Raw | null, fields: readonly ChartField[], warn: string): [Rank, WarnProblem] | null {
  const axis = record(cond?.axisField);
  if (!cond || !axis || typeof axis.axisName !== 'string') return null;
  const field = findWarnField(fields, { axisName: axis.axisName, aggregator: axis.aggregator as WarnAxisField['aggregator'] });
  const name = axisLabel(cond);
  if (!field) return [[CONDITION.field], { key: 'warn.unknown_field', params: { warn, name } }];
  const type: DataType = warnValueType(field);
  if (!WARN_OPERATORS[type].includes(cond.compare as WarnCompare)) return [[CONDITION.compare], { key: 'warn.operator_not_allowed', params: { warn, name, compare: String(cond.compare) } }];
  const slots = cond.compare === 'between' ? [cond.compareValueLeft, cond.compareValueRight] : [cond.compareValue];
  for (const [s, value] of slots.entries()) {
    if (type === 'number' && wellFormed(value) && !Number.isFinite(Number(value))) return [[CONDITION.value, s, VALUE.notNumber], { key: 'warn.value_not_number', params: { warn, name, value: String(value) } }];
  }
  if (cond.compare === 'between' && slots.every(wellFormed)) {
    const [l, r] = slots as (string | number)[];
    const reversed = type === 'number' ? Number(l) > Number(r) : String(l) > String(r);
    if (reversed) return [[CONDITION.between], { key: 'warn.between_order', params: { warn, name } }];
  }
  return null;
}

/**
 * The first problem of a chart's warnConfigData (undefined/null is "no alerts" and fine), or null.
 * `chart` gives the kind and the value fields the conditions may name. Problems are message keys of
 * libs/i18n (`warn.*`) with their parameters.
 */
export function checkWarnConfig(raw: unknown, chart: Pick<Chart, 'type' | 'values' | 'secondValues'>): WarnProblem | null {
  return readWarnConfig(raw, chart).problem;
}

/** checkWarnConfig with the config as the schema reads it (unknown members dropped) when it has no problem; null for "no alerts". */
export function readWarnConfig(raw: unknown, chart: Pick<Chart, 'type' | 'values' | 'secondValues'>): { config: WarnConfig | null; problem: null } | { config: null; problem: WarnProblem } {
  if (raw === undefined || raw === null) return { config: null, problem: null };
  const parsed = warnConfigSchema.safeParse(raw);
  const found = parsed.success ? [] : parsed.error.issues.map((issue) => configIssue(issue, raw));
  const cfg = record(raw);
  if (cfg) found.push(...chartProblems(cfg, chart));
  let first: Found | undefined;
  for (const f of found) if (!first || before(f.rank, first.rank)) first = f;
  if (first) return { config: null, problem: first.problem };
  // every schema issue is mapped onto a problem: no problem means the schema read it
  return { config: parsed.data!, problem: null };
}
