import { formatReadable, type ChartLocale } from '@bi/charts';
import {
  WARN_HOUR_MAX,
  WARN_HOUR_MIN,
  WARN_LISTS,
  WARN_MAX_ITEMS,
  WARN_OPERATORS,
  emptyWarnConfig,
  findWarnField,
  kindHasAlerts,
  warnFields,
  warnValueType,
  type Chart,
  type ChartField,
  type ChartType,
  type DataType,
  type WarnCompare,
  type WarnCondition,
  type WarnConfig,
  type WarnItem,
  type WarnListName,
  type WarnProblem,
} from '@bi/chart-model';

/**
 * The alarm dialog's form logic (spec 01 §3, §4, §5): pure functions over `WarnConfig` of
 * @bi/chart-model. The checks are the shared `checkWarnConfig` (the BFF and the dashboard service run
 * the same one), so the dialog refuses exactly what the server would: draftProblem (draft-problem.ts,
 * loaded with the settings view: checkWarnConfig reads with a zod schema, kept out of the entry chunk).
 */

/** What the dialog needs of a chart: its kind and value fields. */
export type WarnChart = Pick<Chart, 'type' | 'values' | 'secondValues'>;

/** An item being edited, with the list it belongs to (values or second values). */
export interface WarnDraft {
  list: WarnListName;
  item: WarnItem;
  /** its place in that list; null for a new item */
  index: number | null;
}

/** Alerts are offered for this chart on this tab (dashboard route; bar, line, gauge, card, doubleaxis). */
export function alertsOffered(tab: string, type: string): boolean {
  return tab === 'dashboard' && kindHasAlerts(type as ChartType);
}

export function configOf(raw: WarnConfig | null | undefined): WarnConfig {
  const base = emptyWarnConfig();
  if (!raw) return base;
  return { ...raw, warnItemsYList: raw.warnItemsYList ?? [], warnItemsYOptionalList: raw.warnItemsYOptionalList ?? [] };
}

export function itemCount(config: WarnConfig): number {
  return WARN_LISTS.reduce((n, list) => n + (config[list]?.length ?? 0), 0);
}

/** Another item may be added (≤ 20 per chart). */
export function canAdd(config: WarnConfig): boolean {
  return itemCount(config) < WARN_MAX_ITEMS;
}

/** The lists the chart has value fields for. */
export function availableLists(chart: WarnChart): WarnListName[] {
  return WARN_LISTS.filter((list) => warnFields(chart, list).length > 0);
}

/** A field's key in a select: name and aggregator. */
export function fieldKey(field: Pick<ChartField, 'name' | 'aggregator'>): string {
  return `${field.name}\u0000${field.aggregator ?? ''}`;
}

export function fieldByKey(fields: readonly ChartField[], key: string): ChartField | undefined {
  return fields.find((f) => fieldKey(f) === key);
}

/** The operators of a field's value type. */
export function operatorsFor(field: Pick<ChartField, 'dataType' | 'aggregator'> | undefined): readonly WarnCompare[] {
  return field ? WARN_OPERATORS[warnValueType(field)] : [];
}

/** A condition on a field: its type's first operator, no value yet. */
export function conditionFor(field: ChartField): WarnCondition {
  return { axisField: { axisName: field.name, axisTitle: field.title || field.name, aggregator: field.aggregator }, compare: operatorsFor(field)[0]!, compareValue: '' };
}

/** A new item on the first list with fields: switched on, any condition, immediate, one condition on the first field. */
export function newDraft(chart: WarnChart): WarnDraft | null {
  const list = availableLists(chart)[0];
  if (!list) return null;
  const field = warnFields(chart, list)[0]!;
  return {
    list,
    index: null,
    item: { warnName: '', isSwitch: true, logic: 0, warnTime: 0, warnExactTime: null, warnConditions: [conditionFor(field)], isSendMail: false, mailTo: [], isSendWechat: false, webhookUrl: '', webhookFormat: 'json' },
  };
}

export function editDraft(config: WarnConfig, list: WarnListName, index: number): WarnDraft {
  const item = config[list][index]!;
  return { list, index, item: { ...item, warnConditions: item.warnConditions.map((c) => ({ ...c, axisField: { ...c.axisField } })), mailTo: [...(item.mailTo ?? [])] } };
}

/** Moving the draft to the other list: its conditions start again on that list's first field. */
export function withList(chart: WarnChart, draft: WarnDraft, list: WarnListName): WarnDraft {
  if (list === draft.list) return draft;
  const field = warnFields(chart, list)[0];
  return { ...draft, list, item: { ...draft.item, warnConditions: field ? [conditionFor(field)] : [] } };
}

/** A condition on another field: the operator is kept when the new type offers it, the values are cleared when the type changes. */
export function withField(condition: WarnCondition, field: ChartField, previous: ChartField | undefined): WarnCondition {
  const ops = operatorsFor(field);
  const sameType = previous !== undefined && warnValueType(previous) === warnValueType(field);
  const compare = ops.includes(condition.compare) ? condition.compare : ops[0]!;
  const axisField = { axisName: field.name, axisTitle: field.title || field.name, aggregator: field.aggregator };
  if (sameType) return { ...condition, axisField, compare };
  return compare === 'between' ? { axisField, compare, compareValueLeft: '', compareValueRight: '' } : { axisField, compare, compareValue: '' };
}

/** Another operator: between keeps two values, the others one. */
export function withCompare(condition: WarnCondition, compare: WarnCompare): WarnCondition {
  if (compare === 'between') {
    const left = condition.compare === 'between' ? condition.compareValueLeft : condition.compareValue;
    return { axisField: condition.axisField, compare, compareValueLeft: left ?? '', compareValueRight: condition.compareValueRight ?? '' };
  }
  const value = condition.compare === 'between' ? condition.compareValueLeft : condition.compareValue;
  return { axisField: condition.axisField, compare, compareValue: value ?? '' };
}

/** A typed value: numbers for number fields when the text is one (the check names the text otherwise). */
export function valueOf(type: DataType, text: string): string | number {
  const t = text.trim();
  if (type === 'number' && t !== '' && Number.isFinite(Number(t))) return Number(t);
  return text;
}

/** The hour as the spec shows it: 0–23 stand for 1:00–24:00. */
export function hourLabel(hour: number): string {
  return `${hour + 1}:00`;
}

export const HOURS: readonly number[] = Array.from({ length: WARN_HOUR_MAX - WARN_HOUR_MIN + 1 }, (_, i) => WARN_HOUR_MIN + i);

/** Switching to timed picks 8:00 (hour 7) unless an hour is set; immediate clears the hour. */
export function withTime(item: WarnItem, warnTime: 0 | 1): WarnItem {
  return warnTime === 1 ? { ...item, warnTime, warnExactTime: item.warnExactTime ?? 7 } : { ...item, warnTime, warnExactTime: null };
}

/** The config with the draft in its place (a new one appended; moved when its list changed). */
export function applyDraft(config: WarnConfig, draft: WarnDraft, origin?: WarnListName): WarnConfig {
  const next: WarnConfig = { ...config, warnItemsYList: [...config.warnItemsYList], warnItemsYOptionalList: [...config.warnItemsYOptionalList] };
  if (draft.index !== null && origin && origin !== draft.list) {
    next[origin].splice(draft.index, 1);
    next[draft.list].push(draft.item);
  } else if (draft.index !== null) next[draft.list][draft.index] = draft.item;
  else next[draft.list].push(draft.item);
  return next;
}

export function removeItem(config: WarnConfig, list: WarnListName, index: number): WarnConfig {
  return { ...config, [list]: config[list].filter((_, i) => i !== index) };
}

export function setSwitch(config: WarnConfig, list: WarnListName, index: number, on: boolean): WarnConfig {
  return { ...config, [list]: config[list].map((it, i) => (i === index ? { ...it, isSwitch: on } : it)) };
}

/** A problem's message key in the module's catalogue ('warn.name_required' → 'problems.name_required'). */
export function problemKey(problem: WarnProblem): `problems.${string}` {
  return `problems.${problem.key.replace(/^warn\./, '')}`;
}

/**
 * A condition's compared value as the chart writes the field's values, in the reader's language
 * (formatReadable of @bi/charts: '1亿', '1億', '100M' for 100000000); text and dates as they are.
 */
export function conditionValueText(value: unknown, field: ChartField | undefined, locale: ChartLocale): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field && warnValueType(field) !== 'number') return String(value);
  return typeof value === 'number' || typeof value === 'string' ? formatReadable(value, field?.formatter, locale) : String(value);
}

/** The field a stored condition names, if the chart still has it. */
export function conditionField(chart: WarnChart, list: WarnListName, condition: WarnCondition): ChartField | undefined {
  return findWarnField(warnFields(chart, list), condition.axisField);
}
