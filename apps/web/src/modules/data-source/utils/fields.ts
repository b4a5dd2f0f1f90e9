import { AGGREGATORS, CALCULATED_NAME_MAX, aggregatorAllowed, charLength, checkAlias, defaultTitle } from '@bi/rules';
import type { Aggregator, DataType, Field } from '../types';

/** A row of the field-settings tab while editing; `key` stays put while a calculated field is renamed. */
export interface FieldRow extends Field {
  key: string;
  calculated: boolean;
  /** A calculated field added in this edit (its data type comes from the server on save). */
  isNew: boolean;
}

/**
 * Field-settings tab state (spec 02 §2 screen 2): the saved list and, while editing, a draft.
 * Cancel drops the draft, so the previous list comes back untouched.
 */
export interface FieldsState {
  saved: Field[];
  draft: FieldRow[] | null;
  nextId: number;
}

export type FieldsAction =
  | { type: 'load'; fields: Field[] }
  | { type: 'edit' }
  | { type: 'cancel' }
  | { type: 'saved'; fields: Field[] }
  | { type: 'title'; key: string; title: string }
  | { type: 'aggregator'; key: string; aggregator: Aggregator }
  | { type: 'addCalculated' }
  | { type: 'calcName'; key: string; name: string }
  | { type: 'expression'; key: string; expression: string }
  | { type: 'remove'; key: string };

export function initialFieldsState(fields: Field[] = []): FieldsState {
  return { saved: fields, draft: null, nextId: 1 };
}

export const isCalculated = (field: Pick<Field, 'expression'>) => field.expression.trim() !== '';

/** Rows of a field list (view mode, and the draft when editing starts). */
export function toRows(fields: readonly Field[]): FieldRow[] {
  return fields.map((f) => ({ ...f, key: `field:${f.name}`, calculated: isCalculated(f), isNew: false }));
}

function update(state: FieldsState, key: string, change: (row: FieldRow) => FieldRow): FieldsState {
  if (!state.draft) return state;
  return { ...state, draft: state.draft.map((row) => (row.key === key ? change(row) : row)) };
}

export function fieldsReducer(state: FieldsState, action: FieldsAction): FieldsState {
  switch (action.type) {
    case 'load':
      return { ...state, saved: action.fields };
    case 'edit':
      return state.draft ? state : { ...state, draft: toRows(state.saved) };
    case 'cancel':
      return { ...state, draft: null };
    case 'saved':
      return { ...state, saved: action.fields, draft: null };
    case 'title':
      return update(state, action.key, (row) => ({ ...row, title: action.title }));
    case 'aggregator':
      return update(state, action.key, (row) => ({ ...row, aggregator: action.aggregator }));
    case 'calcName':
      return update(state, action.key, (row) => {
        if (!row.calculated) return row;
        // the alias follows the name until the user gives it its own text
        const follows = row.title === '' || row.title === defaultTitle(row.name);
        return { ...row, name: action.name, title: follows ? defaultTitle(action.name) : row.title };
      });
    case 'expression':
      return update(state, action.key, (row) => (row.calculated ? { ...row, expression: action.expression } : row));
    case 'addCalculated': {
      if (!state.draft) return state;
      const row: FieldRow = { key: `new:${state.nextId}`, name: '', title: '', dataType: 'number', expression: '', aggregator: '', calculated: true, isNew: true };
      return { ...state, draft: [...state.draft, row], nextId: state.nextId + 1 };
    }
    case 'remove':
      if (!state.draft) return state;
      return { ...state, draft: state.draft.filter((row) => !(row.key === action.key && row.calculated)) };
    default:
      return state;
  }
}

export type FieldProblem = 'aliasRule' | 'calcNameRule' | 'calcNameUsed' | 'expressionRequired' | 'expressionLength' | 'aggregatorRule';

export interface FieldIssue {
  key: string;
  member: 'title' | 'name' | 'expression' | 'aggregator';
  problem: FieldProblem;
}

export const EXPRESSION_MAX = 1000;

/**
 * The checks the browser can make before PUT updateSchema (docs/api/data-source.md): alias 1–20,
 * calculated name 1–50 and unique ignoring case, a formula of at most 1000 characters, and sum/avg
 * only on number fields. The formula itself is checked by the server.
 */
export function validateRows(rows: readonly FieldRow[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.calculated) seen.add(row.name.toLowerCase());
  }
  for (const row of rows) {
    if (checkAlias(row.title)) issues.push({ key: row.key, member: 'title', problem: 'aliasRule' });
    if (row.calculated) {
      const name = row.name.trim();
      if (!name || charLength(name) > CALCULATED_NAME_MAX) issues.push({ key: row.key, member: 'name', problem: 'calcNameRule' });
      else if (seen.has(name.toLowerCase())) issues.push({ key: row.key, member: 'name', problem: 'calcNameUsed' });
      else seen.add(name.toLowerCase());
      const expression = row.expression.trim();
      if (!expression) issues.push({ key: row.key, member: 'expression', problem: 'expressionRequired' });
      else if (charLength(expression) > EXPRESSION_MAX) issues.push({ key: row.key, member: 'expression', problem: 'expressionLength' });
    }
    // a new or changed formula gets its type from the server, so its aggregator is checked there
    const typeKnown = !row.calculated || !row.isNew;
    if (typeKnown && !aggregatorAllowed(row.aggregator, row.dataType)) issues.push({ key: row.key, member: 'aggregator', problem: 'aggregatorRule' });
  }
  return issues;
}

/** The complete list PUT updateSchema expects: every database field, then the calculated fields. */
export function rowsToFields(rows: readonly FieldRow[]): Field[] {
  return rows.map((row) => ({
    name: row.calculated ? row.name.trim() : row.name,
    title: row.title.trim(),
    dataType: row.dataType,
    expression: row.calculated ? row.expression.trim() : '',
    aggregator: row.aggregator,
  }));
}

/** Aggregators a field may use (sum and avg only for numbers). */
export function aggregatorsFor(dataType: DataType): Aggregator[] {
  return AGGREGATORS.filter((a) => aggregatorAllowed(a, dataType));
}
