import type { Compare } from '@bi/chart-model';
import { QueryError } from './errors.js';
import { allOf, conditionNode } from './filters.js';
import type { FilterNode } from './ir.js';
import type { JoinSpec } from './join.js';
import { FieldCatalog, type SourceField } from './source.js';

/**
 * Row-level rules of a source (issue 17 #6, docs/api/sharing.md "Row-level rules"): each rule is a
 * condition `field compare value` in the field-filter vocabulary of spec 01 §5 (conditionNode —
 * numbers > < = != <= >= between, texts = != like notLike, dates between) for one role or one user.
 * The rules that apply to a caller (their user id, or one of their roles) are ANDed into every query
 * of the source; with denyByDefault a caller no rule applies to gets no row. Admins see every row.
 */
export interface RowRule {
  /** exactly one of roleId and userId */
  roleId?: string;
  userId?: string;
  field: string;
  compare: Compare;
  compareValue?: string | number | null;
  compareValueLeft?: string | number | null;
  compareValueRight?: string | number | null;
}

export interface RowRuleSet {
  denyByDefault: boolean;
  rules: RowRule[];
  /**
   * A joined table's description only (docs/api/join-table.md "Row-level rules"): the rules of the
   * source of each node of its join, by node index (null: that input has none). They apply inside
   * the input's part of the join (joinRowFilters), besides the join's own `rules`.
   */
  inputs?: (RowRuleSet | null)[];
}

/** Who a query runs for. */
export interface RowViewer {
  userId: string;
  roleIds: readonly string[];
  isAdmin: boolean;
}

export const MAX_ROW_RULES = 200;
const MAX_ID_CHARS = 64;
export const NO_ROW_RULES: RowRuleSet = { denyByDefault: false, rules: [] };

const blank = (v: unknown) => v === undefined || v === null || v === '';
const idOf = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= MAX_ID_CHARS ? v : undefined);

/**
 * A rule set as stored: every rule names one role or one user, a known field, an operator its type
 * offers and a value of its type (a rule without a value would be no filter: refused). Values are
 * checked by the same code as chart filters (bounded, storable text, typed).
 */
export function checkRowRules(input: unknown, fields: readonly SourceField[]): RowRuleSet {
  const o = (typeof input === 'object' && input !== null ? input : {}) as { denyByDefault?: unknown; rules?: unknown };
  const list = Array.isArray(o.rules) ? o.rules : [];
  if (list.length > MAX_ROW_RULES) throw new QueryError('too_many_row_rules', { max: MAX_ROW_RULES });
  const catalog = new FieldCatalog(fields);
  const rules = list.map((raw, i): RowRule => {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const roleId = idOf(r.roleId);
    const userId = idOf(r.userId);
    if ((roleId === undefined) === (userId === undefined) || (roleId === undefined && !blank(r.roleId)) || (userId === undefined && !blank(r.userId))) {
      throw new QueryError('row_rule_target', { index: i + 1 });
    }
    const field = catalog.resolve(r.field);
    const compare = String(r.compare ?? '') as Compare;
    const rule: RowRule = { ...(roleId ? { roleId } : { userId }), field: field.name, compare };
    const ranged = field.dataType === 'date' || compare === 'between';
    if (ranged) {
      if (blank(r.compareValueLeft) || blank(r.compareValueRight)) throw new QueryError('row_rule_value_required', { index: i + 1, name: field.name });
      rule.compareValueLeft = r.compareValueLeft as string | number;
      rule.compareValueRight = r.compareValueRight as string | number;
    } else {
      if (blank(r.compareValue)) throw new QueryError('row_rule_value_required', { index: i + 1, name: field.name });
      rule.compareValue = r.compareValue as string | number;
    }
    // the operator against the field's type, the value against the field's type and the bounds
    conditionNode(ruleCondition(rule, field), catalog);
    return rule;
  });
  return { denyByDefault: o.denyByDefault === true, rules };
}

function ruleCondition(rule: RowRule, field: SourceField) {
  return {
    field: { name: field.name, dataType: field.dataType },
    compare: rule.compare,
    compareValue: rule.compareValue,
    compareValueLeft: rule.compareValueLeft,
    compareValueRight: rule.compareValueRight,
  };
}

/** The rules of the set that apply to the viewer (by user id or one of their roles); null for an admin (no restriction). */
export function rulesFor(set: RowRuleSet, viewer: RowViewer): RowRule[] | null {
  if (viewer.isAdmin) return null;
  const roles = new Set(viewer.roleIds);
  return set.rules.filter((r) => (r.userId !== undefined && r.userId === viewer.userId) || (r.roleId !== undefined && roles.has(r.roleId)));
}

/**
 * The filter node of the rules that apply to the viewer, for every query of the source: undefined
 * when nothing restricts them (admin, or no rule and no deny-by-default), `none` (no row) under
 * deny-by-default without a rule for them, else the AND of their rules' conditions. A rule on a field
 * the source no longer has denies every row rather than being dropped.
 */
export function rowRuleFilter(set: RowRuleSet | undefined, viewer: RowViewer, fields: readonly SourceField[]): FilterNode | undefined {
  if (!set) return undefined;
  const applying = rulesFor(set, viewer);
  if (applying === null) return undefined;
  if (applying.length === 0) return set.denyByDefault ? { kind: 'none' } : undefined;
  const catalog = new FieldCatalog(fields);
  const nodes: FilterNode[] = [];
  for (const rule of applying) {
    let field: SourceField;
    try {
      field = catalog.resolve(rule.field);
    } catch {
      return { kind: 'none' };
    }
    nodes.push(conditionNode(ruleCondition(rule, field), catalog));
  }
  return allOf(nodes);
}

/**
 * The join with each node's input rules that apply to the viewer written into it (`rowFilter` of the
 * node: the input's rows are filtered before they are joined, so a LEFT join keeps its parent rows and
 * only the child's rows are restricted). `set.inputs` are the inputs' rule sets by node index; a rule
 * on a field the input no longer has, or a deny-by-default input without a rule for the viewer, lets
 * none of that input's rows in. Without `inputs` (no input has rules) the join is answered as it is;
 * inputs that do not match the join's nodes are refused (never a join without its rules).
 */
export function joinRowFilters(spec: JoinSpec, set: RowRuleSet | undefined, viewer: RowViewer): JoinSpec {
  const inputs = set?.inputs;
  // a description whose inputs do not match its nodes answers nobody (not even an admin, whose
  // answer would otherwise be kept under the same empty fingerprint as a restricted reader's)
  if (inputs && inputs.length !== spec.nodes.length) throw new QueryError('invalid_option', { name: 'join.rowRules', value: inputs.length });
  const nodes = spec.nodes.map((node, i) => {
    const { rowFilter: _given, ...rest } = node;
    if (!inputs || viewer.isAdmin) return rest;
    const filter = rowRuleFilter(inputs[i] ?? undefined, viewer, node.fields ?? []);
    return filter ? { ...rest, rowFilter: filter } : rest;
  });
  return { ...spec, nodes };
}

const ruleSetOf = (v: unknown): RowRuleSet => {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Partial<RowRuleSet>;
  return { denyByDefault: o.denyByDefault === true, rules: Array.isArray(o.rules) ? o.rules : [] };
};

/** A rule set from its stored JSON text ('' : no rules; unreadable: no row for anyone but admins). A join's description carries its inputs' sets too. */
export function parseRowRules(json: string | undefined | null): RowRuleSet {
  if (!json) return NO_ROW_RULES;
  try {
    const v = JSON.parse(json) as Partial<RowRuleSet>;
    const set = ruleSetOf(v);
    if (v?.inputs !== undefined) {
      // an input's set that cannot be read denies that input's rows
      set.inputs = Array.isArray(v.inputs) ? v.inputs.map((x) => (x === null ? null : typeof x === 'object' ? ruleSetOf(x) : { denyByDefault: true, rules: [] })) : [{ denyByDefault: true, rules: [] }];
    }
    return set;
  } catch {
    return { denyByDefault: true, rules: [] };
  }
}

/**
 * What distinguishes one viewer's rows from another's under the set: '' when nothing restricts
 * them, else a stable text of the rules that apply (for cache keys that are not built from the IR).
 */
export function rowRuleFingerprint(set: RowRuleSet | undefined, viewer: RowViewer): string {
  const own = ownFingerprint(set, viewer);
  if (!set?.inputs) return own;
  // a joined table: the rules of each input that apply to the viewer are part of what they see
  const inputs = set.inputs.map((s) => ownFingerprint(s ?? undefined, viewer));
  if (own === '' && inputs.every((f) => f === '')) return '';
  return JSON.stringify({ own, inputs });
}

function ownFingerprint(set: RowRuleSet | undefined, viewer: RowViewer): string {
  if (!set) return '';
  const applying = rulesFor(set, viewer);
  if (applying === null) return '';
  if (applying.length === 0) return set.denyByDefault ? 'none' : '';
  return JSON.stringify(applying.map((r) => [r.field, r.compare, r.compareValue ?? null, r.compareValueLeft ?? null, r.compareValueRight ?? null]));
}
