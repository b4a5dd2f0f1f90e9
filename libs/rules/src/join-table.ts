import { checkAlias } from './data-source.js';
import { charLength, checkName, type NameProblem } from './names.js';
import { SOURCE_KIND_REGISTRY } from './source-kinds.js';

/**
 * Joined tables (spec 02 §1/§3/§4/§5, docs/api/join-table.md): the shapes of the designer's join and
 * the pure checks both the designer and the data-source service apply (one definition).
 */
export const JOIN_TYPES = ['left', 'inner', 'full', 'right'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];
export const DEFAULT_JOIN_TYPE: JoinType = 'left';
/** The source type of a joined table, and its reference value (spec 02 §1). */
export const JOIN_SOURCE_TYPE = SOURCE_KIND_REGISTRY.join.code;
export const JOIN_REFERENCE = SOURCE_KIND_REGISTRY.join.reference;

export const JOIN_LIMITS = { nodes: 16, joinFields: 10, filters: 50, showName: 40, description: 200, fieldsPerNode: 1000, location: 40 } as const;

type DataType = 'string' | 'number' | 'date';

export interface JoinFieldInput {
  name: string;
  title: string;
  originalTitle?: string;
  dataType: DataType;
  tbName?: string;
  check: boolean;
  description?: string;
}
export interface JoinNodeInput {
  dataSourceId: string;
  name?: string;
  showName: string;
  fields: JoinFieldInput[];
  allCheck?: boolean;
  location?: string;
}
export interface JoinFieldPair {
  fromField: { name: string; dataType?: DataType };
  toField: { name: string; dataType?: DataType };
}
export interface JoinLinkInput {
  from: string;
  to: string;
  fromTable?: string;
  toTable?: string;
  dataSourceId?: string;
  table?: string;
  joinType?: JoinType;
  joinFields: JoinFieldPair[];
}
export interface JoinFilterItem {
  tb: string;
  field: string;
  compare: string;
  compareValue?: string;
  compareValueLeft?: string;
  compareValueRight?: string;
}
export interface JoinWhere {
  whereType?: 'condition';
  linker: 'and' | 'or';
  filterItems: JoinFilterItem[];
}
export interface JoinTableInput {
  name: string;
  description?: string;
  nodeDataArray: JoinNodeInput[];
  links: JoinLinkInput[];
  where?: JoinWhere;
  cacheInterval?: number;
}

/** A problem as a server message key of libs/i18n with its parameters. */
/** The message keys of the catalogue (libs/i18n) a join problem names; the server raising it checks they exist. */
export type JoinProblemKey =
  | 'field.alias_length'
  | 'field.alias_line_break'
  | 'join.cycle'
  | 'join.description_too_long'
  | 'join.duplicate_fields'
  | 'join.duplicate_node'
  | 'join.fields_required'
  | 'join.linker_invalid'
  | 'join.name_required'
  | 'join.no_fields'
  | 'join.no_nodes'
  | 'join.node_missing'
  | 'join.not_joined'
  | 'join.show_name_invalid'
  | 'join.too_many_filters'
  | 'join.too_many_join_fields'
  | 'join.too_many_nodes'
  | 'join.type_invalid'
  | 'join.type_mismatch'
  | 'join.unknown_field'
  | 'name.length'
  | 'name.line_break';

export interface JoinProblem {
  key: JoinProblemKey;
  params: Record<string, string | number>;
}

/** The filter operators per field type (spec 01 §5 / 02 §5; @bi/chart-model Compare tokens), as @bi/query checks them: the join designer offers exactly these. */
export const FILTER_COMPARES: Readonly<Record<DataType, readonly string[]>> = {
  number: ['>', '<', '=', '!=', '<=', '>=', 'between'],
  string: ['=', '!=', 'like', 'notLike'],
  date: ['between'],
};

/** The default compare of a filter row: 'between' for dates, '=' otherwise (spec 02 §5). */
export const defaultJoinCompare = (dataType: DataType): string => (dataType === 'date' ? 'between' : '=');

/** The show name of a newly dropped table: its name, or "name(1)", "name(2)", … when taken (spec 02 §4). */
export function uniqueShowName(name: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  for (let i = 1; ; i++) if (!used.has(`${name}(${i})`)) return `${name}(${i})`;
}

/** Checked fields' titles that occur more than once (spec 02 §5 'duplicate fields'), ignoring case and spaces around. */
export function duplicateTitles(nodes: readonly JoinNodeInput[]): string[] {
  const seen = new Map<string, number>();
  for (const n of nodes) for (const f of n.fields ?? []) if (f.check) seen.set(f.title.trim().toLowerCase(), (seen.get(f.title.trim().toLowerCase()) ?? 0) + 1);
  const dups: string[] = [];
  for (const n of nodes)
    for (const f of n.fields ?? []) {
      const key = f.title.trim().toLowerCase();
      if (f.check && (seen.get(key) ?? 0) > 1 && !dups.some((d) => d.toLowerCase() === key)) dups.push(f.title.trim());
    }
  return dups;
}

/** The nodes downstream of a node (removed with it, spec 02 §4), the node itself first. */
export function downstreamNodes(showName: string, links: readonly JoinLinkInput[]): string[] {
  const out = [showName];
  for (let i = 0; i < out.length; i++) for (const l of links) if (l.from === out[i] && !out.includes(l.to)) out.push(l.to);
  return out;
}

const p = (key: JoinProblemKey, params: Record<string, string | number> = {}): JoinProblem => ({ key, params });
const nameProblem = (n: NameProblem) => (n === 'required' ? p('join.name_required') : p(`name.${n}`));

/**
 * The structure of a join: name (unless `nameOptional`, e.g. for a preview), nodes with unique show
 * names, a tree of links rooted at the first node (every other node joined once, onto a node joined
 * before it), join field pairs of one type, filters on known fields, at least one checked field,
 * titles 1–20 and unique among checked fields. Answers the links in tree order.
 */
export function checkJoinTable(input: JoinTableInput, nameOptional = false): { ok: true; order: JoinLinkInput[] } | { ok: false; problem: JoinProblem } {
  const fail = (problem: JoinProblem) => ({ ok: false as const, problem });
  if (!nameOptional) {
    const n = checkName(input.name);
    if (n) return fail(nameProblem(n));
  }
  const nodes = input.nodeDataArray ?? [];
  if (nodes.length === 0) return fail(p('join.no_nodes'));
  if (nodes.length > JOIN_LIMITS.nodes) return fail(p('join.too_many_nodes', { max: JOIN_LIMITS.nodes }));
  const byName = new Map<string, JoinNodeInput>();
  for (const n of nodes) {
    const s = typeof n.showName === 'string' ? n.showName.trim() : '';
    if (!s || charLength(s) > JOIN_LIMITS.showName) return fail(p('join.show_name_invalid', { max: JOIN_LIMITS.showName }));
    if (byName.has(s)) return fail(p('join.duplicate_node', { name: s }));
    byName.set(s, n);
  }
  const root = nodes[0].showName.trim();
  const links = input.links ?? [];
  const into = new Map<string, JoinLinkInput>();
  for (const l of links) {
    for (const end of [l.from, l.to]) if (!byName.has(String(end ?? '').trim())) return fail(p('join.node_missing', { name: String(end ?? '') }));
    const to = l.to.trim();
    if (to === root || into.has(to) || to === l.from.trim()) return fail(p('join.cycle', { name: to }));
    into.set(to, l);
  }
  // every node but the root reached from the root, each link after the link into its parent
  const order: JoinLinkInput[] = [];
  const joined = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const l of links)
      if (!joined.has(l.to.trim()) && joined.has(l.from.trim())) {
        joined.add(l.to.trim());
        order.push(l);
        grew = true;
      }
  }
  for (const n of nodes) if (!joined.has(n.showName.trim())) return fail(into.has(n.showName.trim()) ? p('join.cycle', { name: n.showName.trim() }) : p('join.not_joined', { name: n.showName.trim() }));
  const fieldOf = (node: string, name: string) => byName.get(node.trim())!.fields?.find((f) => f.name === name);
  for (const l of order) {
    if (l.joinType !== undefined && !(JOIN_TYPES as readonly string[]).includes(l.joinType)) return fail(p('join.type_invalid', { joinType: String(l.joinType) }));
    const pairs = l.joinFields ?? [];
    if (pairs.length === 0) return fail(p('join.fields_required', { from: l.from, to: l.to }));
    if (pairs.length > JOIN_LIMITS.joinFields) return fail(p('join.too_many_join_fields', { max: JOIN_LIMITS.joinFields }));
    for (const pair of pairs) {
      const a = fieldOf(l.from, pair.fromField?.name);
      if (!a) return fail(p('join.unknown_field', { field: String(pair.fromField?.name ?? ''), table: l.from }));
      const b = fieldOf(l.to, pair.toField?.name);
      if (!b) return fail(p('join.unknown_field', { field: String(pair.toField?.name ?? ''), table: l.to }));
      if (a.dataType !== b.dataType) return fail(p('join.type_mismatch', { from: a.name, to: b.name, fromType: a.dataType, toType: b.dataType }));
    }
  }
  const where = input.where;
  if (where) {
    if (where.linker !== 'and' && where.linker !== 'or') return fail(p('join.linker_invalid'));
    if ((where.filterItems ?? []).length > JOIN_LIMITS.filters) return fail(p('join.too_many_filters', { max: JOIN_LIMITS.filters }));
    for (const item of where.filterItems ?? []) {
      if (!byName.has(String(item.tb ?? '').trim())) return fail(p('join.node_missing', { name: String(item.tb ?? '') }));
      if (!fieldOf(item.tb, item.field)) return fail(p('join.unknown_field', { field: String(item.field ?? ''), table: item.tb }));
    }
  }
  let checked = 0;
  for (const n of nodes)
    for (const f of n.fields ?? []) {
      if (!f.check) continue;
      checked++;
      const alias = checkAlias(f.title);
      if (alias) return fail(p(alias === 'line_break' ? 'field.alias_line_break' : 'field.alias_length'));
      if (charLength(f.description ?? '') > JOIN_LIMITS.description) return fail(p('join.description_too_long', { name: f.title, max: JOIN_LIMITS.description }));
    }
  if (checked === 0) return fail(p('join.no_fields'));
  const dups = duplicateTitles(nodes);
  if (dups.length) return fail(p('join.duplicate_fields', { titles: dups.join(', ') }));
  return { ok: true, order };
}
