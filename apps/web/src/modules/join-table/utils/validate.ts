/**
 * Why a join cannot be previewed or saved yet (spec 02 §5), checked in the browser before the server
 * checks again: a link without join fields or with fields of different types, no field checked,
 * titles empty, too long or repeated among the checked fields ('duplicate fields'), a filter row
 * without its value(s); and for saving, the name.
 */
import { checkAlias, checkName, duplicateTitles as sharedDuplicateTitles, type NameProblem } from '@bi/rules';
import { fieldOf, type DesignerState, type DraftFilter, type DraftPair } from '../states/designer';
import { usesRange } from './filters';

export type JoinProblem =
  | { kind: 'empty' }
  | { kind: 'joinFields'; table: string }
  | { kind: 'joinTypes'; table: string; from: string; to: string }
  | { kind: 'noFields' }
  | { kind: 'title'; table: string; field: string }
  | { kind: 'duplicateTitles'; titles: string[] }
  | { kind: 'filterValue'; row: number }
  | { kind: 'filterNumber'; row: number };

/** A join-field row's problem: incomplete, or its two fields of different types. */
export function pairProblem(state: Pick<DesignerState, 'nodes'>, from: string, to: string, pair: DraftPair): 'incomplete' | 'types' | null {
  if (!pair.from || !pair.to) return 'incomplete';
  const a = fieldOf(state, from, pair.from);
  const b = fieldOf(state, to, pair.to);
  if (!a || !b) return 'incomplete';
  return a.dataType === b.dataType ? null : 'types';
}

/** The titles used by more than one checked field (compared trimmed, ignoring case): 'duplicate fields'. */
export const duplicateTitles = (state: Pick<DesignerState, 'nodes'>): string[] => sharedDuplicateTitles(state.nodes);

const blank = (v: string | null) => v === null || v.trim() === '';
const numeric = (v: string | null) => v !== null && v.trim() !== '' && Number.isFinite(Number(v.trim()));

function filterProblem(state: DesignerState, row: DraftFilter, index: number): JoinProblem | null {
  if (!row.tb || !row.field) return null;
  const type = fieldOf(state, row.tb, row.field)?.dataType;
  if (usesRange(row.compare)) {
    // a date range needs both dates; a number range may be open at one end
    const ends = [row.compareValueLeft, row.compareValueRight];
    if (type === 'date' ? ends.some(blank) : ends.every(blank)) return { kind: 'filterValue', row: index };
    if (type === 'number' && ends.some((v) => !blank(v) && !numeric(v))) return { kind: 'filterNumber', row: index };
    return null;
  }
  if (blank(row.compareValue)) return { kind: 'filterValue', row: index };
  if (type === 'number' && !numeric(row.compareValue)) return { kind: 'filterNumber', row: index };
  return null;
}

/** Every problem of the join (empty list: it may be previewed and saved). */
export function joinProblems(state: DesignerState): JoinProblem[] {
  if (state.nodes.length === 0) return [{ kind: 'empty' }];
  const problems: JoinProblem[] = [];
  for (const link of state.links) {
    const complete = link.pairs.filter((p) => pairProblem(state, link.from, link.to, p) !== 'incomplete');
    if (complete.length === 0 || complete.length !== link.pairs.length) problems.push({ kind: 'joinFields', table: link.to });
    for (const pair of complete) {
      if (pairProblem(state, link.from, link.to, pair) === 'types') problems.push({ kind: 'joinTypes', table: link.to, from: pair.from!, to: pair.to! });
    }
  }
  const checked = state.nodes.flatMap((n) => n.fields.filter((f) => f.check).map((f) => ({ table: n.showName, field: f })));
  if (checked.length === 0) problems.push({ kind: 'noFields' });
  for (const { table, field } of checked) if (checkAlias(field.title)) problems.push({ kind: 'title', table, field: field.name });
  const duplicates = duplicateTitles(state);
  if (duplicates.length) problems.push({ kind: 'duplicateTitles', titles: duplicates });
  state.filters.forEach((row, i) => {
    const problem = filterProblem(state, row, i);
    if (problem) problems.push(problem);
  });
  return problems;
}

/** The name's problem (spec 02 §5: required; a source name has 3 to 20 characters). */
export function nameProblem(name: string): NameProblem | null {
  return checkName(name);
}
