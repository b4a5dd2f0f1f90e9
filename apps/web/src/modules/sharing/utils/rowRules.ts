import type { Compare, DataType } from '@bi/chart-model';
import { OPERATOR_LABEL_KEYS, OPERATORS, usesRange } from '../../chart-editor/utils/filters';

export { OPERATOR_LABEL_KEYS };
import type { RowRule, RowRuleSet } from '../types';

/**
 * The row-rules form (docs/api/sharing.md "Row-level rules"): one editable row per rule, its target
 * written `role:{id}` or `user:{id}`, values kept as typed text until saved. The operators per type are
 * the field filter's (spec 01 §5), the same list the server checks: numbers > < = != <= >= between,
 * texts = != like notLike, dates between.
 */
export interface RuleRow {
  key: string;
  /** `role:{id}` or `user:{id}`; '' while not chosen */
  target: string;
  field: string;
  compare: Compare | '';
  value: string;
  left: string;
  right: string;
}

export interface RuleField {
  name: string;
  dataType: DataType;
}

/** Why a row cannot be saved. */
export type RuleProblem = 'target' | 'field' | 'operator' | 'value' | 'number' | 'date' | 'order';

export const MAX_RULE_ROWS = 200;

/** The operators a field of this type offers (none for an unknown field). */
export function operatorsFor(dataType: DataType | undefined): readonly Compare[] {
  return dataType ? OPERATORS[dataType] : [];
}

let counter = 0;
const nextKey = () => `rule-${++counter}`;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export const targetOf = (rule: Pick<RowRule, 'roleId' | 'userId'>) => (rule.roleId ? `role:${rule.roleId}` : rule.userId ? `user:${rule.userId}` : '');

/** The form rows of a stored rule set. */
export function toRows(set: RowRuleSet): RuleRow[] {
  return set.rules.map((r) => ({
    key: nextKey(),
    target: targetOf(r),
    field: r.field,
    compare: r.compare,
    value: text(r.compareValue),
    left: text(r.compareValueLeft),
    right: text(r.compareValueRight),
  }));
}

/** A new row on the first field, with that field's first operator. */
export function newRow(fields: readonly RuleField[]): RuleRow {
  const first = fields[0];
  return { key: nextKey(), target: '', field: first?.name ?? '', compare: operatorsFor(first?.dataType)[0] ?? '', value: '', left: '', right: '' };
}

/** The row on another field: the operator kept when the new type offers it, else its first one. */
export function withField(row: RuleRow, field: RuleField | undefined): RuleRow {
  const ops = operatorsFor(field?.dataType);
  const compare = row.compare && ops.includes(row.compare) ? row.compare : (ops[0] ?? '');
  return { ...row, field: field?.name ?? '', compare };
}

const blank = (v: string) => v.trim() === '';
const isNumber = (v: string) => !blank(v) && Number.isFinite(Number(v.trim()));
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** Why the row cannot be saved (as the server would refuse it), or null. */
export function rowProblem(row: RuleRow, fields: readonly RuleField[]): RuleProblem | null {
  if (!/^(role|user):.+$/.test(row.target)) return 'target';
  const field = fields.find((f) => f.name === row.field);
  if (!field) return 'field';
  if (!row.compare || !operatorsFor(field.dataType).includes(row.compare)) return 'operator';
  if (usesRange(row.compare)) {
    if (blank(row.left) || blank(row.right)) return 'value';
    if (field.dataType === 'number') {
      if (!isNumber(row.left) || !isNumber(row.right)) return 'number';
      if (Number(row.left) > Number(row.right)) return 'order';
    }
    if (field.dataType === 'date') {
      if (!DATE.test(row.left.trim()) || !DATE.test(row.right.trim())) return 'date';
      if (row.left.trim() > row.right.trim()) return 'order';
    }
    return null;
  }
  if (blank(row.value)) return 'value';
  if (field.dataType === 'number' && !isNumber(row.value)) return 'number';
  return null;
}

/** The value as sent: numbers as numbers, anything else as the typed text (texts untrimmed). */
function valueOf(v: string, dataType: DataType): string | number {
  return dataType === 'number' ? Number(v.trim()) : dataType === 'date' ? v.trim() : v;
}

/** The rule set to PUT from the form (rows assumed checked with rowProblem). */
export function toRuleSet(rows: readonly RuleRow[], denyByDefault: boolean, fields: readonly RuleField[]): RowRuleSet {
  const types = new Map(fields.map((f) => [f.name, f.dataType]));
  const rules = rows.map((row): RowRule => {
    const dataType = types.get(row.field) ?? 'string';
    const [kind, ...rest] = row.target.split(':');
    const id = rest.join(':');
    const rule: RowRule = { ...(kind === 'role' ? { roleId: id } : { userId: id }), field: row.field, compare: row.compare as Compare };
    if (usesRange(rule.compare)) {
      rule.compareValueLeft = valueOf(row.left, dataType);
      rule.compareValueRight = valueOf(row.right, dataType);
    } else {
      rule.compareValue = valueOf(row.value, dataType);
    }
    return rule;
  });
  return { denyByDefault, rules };
}

/** The answer of GET/PUT row_rules read defensively. */
export function normalizeRuleSet(raw: unknown): RowRuleSet {
  const o = (typeof raw === 'object' && raw !== null ? raw : {}) as { denyByDefault?: unknown; rules?: unknown };
  const rules = Array.isArray(o.rules) ? (o.rules.filter((r) => typeof r === 'object' && r !== null) as RowRule[]) : [];
  return { denyByDefault: o.denyByDefault === true, rules };
}

