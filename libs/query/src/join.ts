import type { FilterCondition } from '@bi/chart-model';
import { JOIN_LIMITS, JOIN_TYPES, type JoinType } from '@bi/rules';
import { QueryError } from './errors.js';
import type { FilterNode } from './ir.js';
import { FieldCatalog, type SourceField } from './source.js';

/**
 * A joined table (docs/api/join-table.md) as the SQL writer reads it: input sources (each a table or
 * checked source SQL of ONE store), the join tree, the output columns and a filter. The data-source
 * service resolves the stored join (ids, show names, titles) into this form; `compile` turns it into
 * one SELECT … FROM t0 LEFT JOIN t1 ON … WHERE …, used as a derived table by every chart, detail,
 * preview and count statement, with every filter value bound.
 */
export type { JoinType };

export interface JoinNodeSpec {
  /** where the input's rows come from (its own FROM part, as for a chart on that source; `catalog`: Trino across stores, docs/adr/0028) */
  source: { kind: 'table'; table: string; schema?: string; catalog?: string } | { kind: 'sql'; sql: string };
  /** the input's known fields: the only names the join may use */
  fields: SourceField[];
  /**
   * The input's row-level rules that apply to the reader (joinRowFilters, set by the chart engine per
   * reader, never stored): the input's rows are filtered by it before they are joined.
   */
  rowFilter?: FilterNode;
}

export interface JoinLinkSpec {
  /** index of the parent node (already joined) */
  from: number;
  /** index of the child node joined onto it */
  to: number;
  joinType: JoinType;
  /** ON from.field = to.field AND … */
  on: { from: string; to: string }[];
  /**
   * Set by the data-source service when the child's ON fields were found unique among the child's rows
   * (non-null key values, checked on the data version the description carries): each parent row then
   * meets at most one child row, so a LEFT join there neither adds nor removes rows and a statement that
   * reads nothing of the child's subtree may leave it out (`pruneJoin`).
   */
  unique?: boolean;
}

export interface JoinColumnSpec {
  node: number;
  field: string;
  /** the output column name (the join source's field name) */
  name: string;
}

export interface JoinFilterSpec {
  node: number;
  condition: FilterCondition;
}

export interface JoinSpec {
  /** nodes[0] is the root (the first dropped table) */
  nodes: JoinNodeSpec[];
  /** one link into every node but the root, each after the link into its parent */
  links: JoinLinkSpec[];
  columns: JoinColumnSpec[];
  where: { linker: 'and' | 'or'; items: JoinFilterSpec[] };
}

const MAX_COLUMNS = JOIN_LIMITS.nodes * JOIN_LIMITS.fieldsPerNode;

/** The join's structure checked again where it is compiled (it crossed a process boundary): a tree in order, known fields, one type per ON pair, unique output names. */
export function checkJoinSpec(spec: JoinSpec): { catalogs: FieldCatalog[]; order: JoinLinkSpec[] } {
  const bad = (name: string, value: string | number) => new QueryError('invalid_option', { name: `join.${name}`, value });
  if (!spec || !Array.isArray(spec.nodes) || spec.nodes.length === 0 || spec.nodes.length > JOIN_LIMITS.nodes) throw bad('nodes', spec?.nodes?.length ?? 0);
  const catalogs = spec.nodes.map((n) => new FieldCatalog(n.fields ?? []));
  const links = spec.links ?? [];
  if (links.length !== spec.nodes.length - 1) throw bad('links', links.length);
  const joined = new Set([0]);
  for (const l of links) {
    if (!joined.has(l.from) || joined.has(l.to) || !Number.isInteger(l.to) || l.to < 1 || l.to >= spec.nodes.length) throw bad('link', `${l.from}->${l.to}`);
    if (!(JOIN_TYPES as readonly string[]).includes(l.joinType)) throw bad('joinType', String(l.joinType));
    if (!Array.isArray(l.on) || l.on.length === 0 || l.on.length > JOIN_LIMITS.joinFields) throw bad('on', l.on?.length ?? 0);
    for (const p of l.on) {
      const a = catalogs[l.from].resolve(p.from);
      const b = catalogs[l.to].resolve(p.to);
      if (a.dataType !== b.dataType) throw bad('on', `${a.name}/${b.name}`);
    }
    joined.add(l.to);
  }
  if (!Array.isArray(spec.columns) || spec.columns.length === 0 || spec.columns.length > MAX_COLUMNS) throw bad('columns', spec.columns?.length ?? 0);
  const names = new Set<string>();
  for (const c of spec.columns) {
    if (!catalogs[c.node]) throw bad('column', c.node);
    catalogs[c.node].resolve(c.field);
    const key = String(c.name).toLowerCase();
    if (!c.name || names.has(key)) throw bad('column', c.name);
    names.add(key);
  }
  const items = spec.where?.items ?? [];
  if (items.length > JOIN_LIMITS.filters) throw bad('filters', items.length);
  for (const i of items) if (!catalogs[i.node]) throw bad('filter', i.node);
  spec.nodes.forEach((n, i) => n.rowFilter && checkFilterFields(n.rowFilter, catalogs[i]));
  return { catalogs, order: links };
}

/** Every field a filter names is a field of the catalog, of its type. */
function checkFilterFields(node: FilterNode, catalog: FieldCatalog): void {
  if ('children' in node) {
    for (const c of node.children) checkFilterFields(c, catalog);
    return;
  }
  if (!('field' in node)) return;
  if (catalog.resolve(node.field.name).dataType !== node.field.dataType) throw new QueryError('unknown_field', { name: node.field.name });
}

/** Whether any link could be left out (a LEFT join marked `unique`): else a statement always joins everything. */
export function mayPrune(spec: JoinSpec): boolean {
  return (spec.links ?? []).some((l) => l.unique === true && l.joinType === 'left');
}

/**
 * The join a statement needs when it reads only the output columns named in `read` (join pruning, as
 * Looker and lightdash leave out joins whose fields a query does not use): a node is left out with its
 * whole subtree when the link into it is a LEFT join on keys unique in the child (`unique`), nothing in
 * the subtree is read, and no join filter names it — such a join keeps every row of its parent exactly
 * once, so the statement's rows are the same. Every other node is kept, with the path to the root.
 * Answers `spec` itself when nothing can be left out (the statement is then written as before).
 */
export function pruneJoin(spec: JoinSpec, read: ReadonlySet<string>): JoinSpec {
  if (!mayPrune(spec)) return spec;
  const links = spec.links;
  const parent = new Map<number, JoinLinkSpec>(links.map((l) => [l.to, l]));
  const needed = new Set<number>([0]);
  const need = (node: number) => {
    // a node needed brings every node on its way to the root
    for (let n: number | undefined = node; n !== undefined && !needed.has(n); n = parent.get(n)?.from) needed.add(n);
  };
  for (const c of spec.columns) if (read.has(c.name)) need(c.node);
  for (const i of spec.where?.items ?? []) need(i.node);
  for (const l of links) if (!(l.unique && l.joinType === 'left')) need(l.to);
  if (needed.size === spec.nodes.length) return spec;
  const columns = spec.columns.filter((c) => needed.has(c.node));
  if (columns.length === 0) return spec;
  // renumber the kept nodes in their order (links stay after the link into their parent)
  const at = new Map<number, number>();
  spec.nodes.forEach((_, i) => needed.has(i) && at.set(i, at.size));
  return {
    nodes: spec.nodes.filter((_, i) => needed.has(i)),
    links: links.filter((l) => needed.has(l.to)).map((l) => ({ ...l, from: at.get(l.from)!, to: at.get(l.to)! })),
    columns: columns.map((c) => ({ ...c, node: at.get(c.node)! })),
    where: { linker: spec.where?.linker ?? 'and', items: (spec.where?.items ?? []).map((i) => ({ ...i, node: at.get(i.node)! })) },
  };
}
