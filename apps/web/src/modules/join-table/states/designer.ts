/**
 * The join designer's state and its pure transitions (spec 02 §4, §5): the first table dropped is
 * the root, every later table is dropped onto one already on the canvas (a link from that table to
 * the new one, join type left); a repeated source gets a numbered showName; removing a table removes
 * everything linked below it (and the filters on those tables); one filter row and one join-field row
 * always remain.
 */
import type { DataType } from '@bi/chart-model';
import { downstreamNodes, uniqueShowName } from '@bi/rules';
import { DEFAULT_JOIN_TYPE, type Compare, type FilterItem, type JoinDefinition, type JoinLink, type JoinNode, type JoinNodeField, type JoinType, type Linker } from '../types';
import { defaultCompare, usesRange } from '../utils/filters';

/** A join-field row being edited: either side may still be unchosen. */
export interface DraftPair {
  from: string | null;
  to: string | null;
}

export interface DraftLink {
  from: string;
  to: string;
  joinType: JoinType;
  pairs: DraftPair[];
}

/** A filter row being edited: no field yet means the row is ignored. */
export interface DraftFilter {
  tb: string | null;
  field: string | null;
  compare: Compare;
  compareValue: string | null;
  compareValueLeft: string | null;
  compareValueRight: string | null;
}

/** A table on the canvas with its drawn position. */
export interface DraftNode extends Omit<JoinNode, 'location' | 'allCheck'> {
  x: number;
  y: number;
}

export interface DesignerState {
  name: string;
  /** nodes[0] is the root */
  nodes: DraftNode[];
  links: DraftLink[];
  linker: Linker;
  filters: DraftFilter[];
}

export const emptyFilter = (): DraftFilter => ({ tb: null, field: null, compare: '=', compareValue: null, compareValueLeft: null, compareValueRight: null });

export const initialDesigner = (): DesignerState => ({ name: '', nodes: [], links: [], linker: 'and', filters: [emptyFilter()] });

/** The showName of a new table: its name, or "name(1)", "name(2)"… when the name is on the canvas (spec 02 §4). */
export { uniqueShowName };

/** Join-field rows proposed for a new link: the fields both tables have by name and type (else one empty row). */
export function proposedPairs(parent: DraftNode, child: DraftNode): DraftPair[] {
  const pairs: DraftPair[] = [];
  for (const field of child.fields) {
    const match = parent.fields.find((f) => f.name.toLowerCase() === field.name.toLowerCase() && f.dataType === field.dataType);
    if (match) pairs.push({ from: match.name, to: field.name });
  }
  return pairs.length ? pairs.slice(0, 1) : [{ from: null, to: null }];
}

export interface SourceDrop {
  dataSourceId: string;
  name: string;
  /** the source's fields, as join_table_fields answers them */
  fields: readonly Omit<JoinNodeField, 'tbName'>[];
  /** showName of the table it was dropped onto; none for the root */
  onto?: string | null;
  x: number;
  y: number;
}

export type DropProblem = 'dropOntoTable' | 'unknownTable';

/** Adds a dropped source: the root on an empty canvas, else a child of the table it was dropped onto. */
export function addNode(state: DesignerState, drop: SourceDrop): { state: DesignerState; added?: string; problem?: DropProblem } {
  const showName = uniqueShowName(drop.name, state.nodes.map((n) => n.showName));
  const node: DraftNode = {
    dataSourceId: drop.dataSourceId,
    name: drop.name,
    showName,
    fields: drop.fields.map((f) => ({ ...f, tbName: showName })),
    x: drop.x,
    y: drop.y,
  };
  if (state.nodes.length === 0) return { state: { ...state, nodes: [node] }, added: showName };
  if (!drop.onto) return { state, problem: 'dropOntoTable' };
  const parent = state.nodes.find((n) => n.showName === drop.onto);
  if (!parent) return { state, problem: 'unknownTable' };
  const link: DraftLink = { from: parent.showName, to: showName, joinType: DEFAULT_JOIN_TYPE, pairs: proposedPairs(parent, node) };
  return { state: { ...state, nodes: [...state.nodes, node], links: [...state.links, link] }, added: showName };
}

/** The table and every table linked below it. */
export function downstream(state: Pick<DesignerState, 'links'>, showName: string): string[] {
  return downstreamNodes(showName, state.links.map((l) => ({ from: l.from, to: l.to, joinFields: [] })));
}

/** Removes a table with everything linked below it, their links and the filter rows on them. */
export function removeNode(state: DesignerState, showName: string): DesignerState {
  const gone = new Set(downstream(state, showName));
  const filters = state.filters.filter((f) => !f.tb || !gone.has(f.tb));
  return {
    ...state,
    nodes: state.nodes.filter((n) => !gone.has(n.showName)),
    links: state.links.filter((l) => !gone.has(l.from) && !gone.has(l.to)),
    filters: filters.length ? filters : [emptyFilter()],
  };
}

export function moveNode(state: DesignerState, showName: string, x: number, y: number): DesignerState {
  return { ...state, nodes: state.nodes.map((n) => (n.showName === showName ? { ...n, x, y } : n)) };
}

export function setLink(state: DesignerState, to: string, joinType: JoinType, pairs: DraftPair[]): DesignerState {
  return { ...state, links: state.links.map((l) => (l.to === to ? { ...l, joinType, pairs: pairs.length ? pairs : [{ from: null, to: null }] } : l)) };
}

/** Changes the fields of one table, or of all tables when `tb` is omitted. */
export function updateFields(state: DesignerState, change: (field: JoinNodeField) => JoinNodeField, tb?: string): DesignerState {
  return { ...state, nodes: state.nodes.map((n) => (tb === undefined || n.showName === tb ? { ...n, fields: n.fields.map(change) } : n)) };
}

export function updateField(state: DesignerState, tb: string, name: string, patch: Partial<Pick<JoinNodeField, 'check' | 'title' | 'description'>>): DesignerState {
  return updateFields(state, (f) => (f.name === name ? { ...f, ...patch } : f), tb);
}

/** Filter rows: a new row, a changed row (a new field resets the operator to its type's default), a removed row. */
export function addFilter(state: DesignerState): DesignerState {
  return { ...state, filters: [...state.filters, emptyFilter()] };
}

export function removeFilter(state: DesignerState, index: number): DesignerState {
  if (state.filters.length <= 1) return state;
  return { ...state, filters: state.filters.filter((_, i) => i !== index) };
}

export function fieldOf(state: Pick<DesignerState, 'nodes'>, tb: string | null, name: string | null): JoinNodeField | undefined {
  return state.nodes.find((n) => n.showName === tb)?.fields.find((f) => f.name === name);
}

export function chooseFilterField(state: DesignerState, index: number, tb: string, field: string): DesignerState {
  const dataType: DataType = fieldOf(state, tb, field)?.dataType ?? 'string';
  return {
    ...state,
    filters: state.filters.map((f, i) => (i === index ? { ...emptyFilter(), tb, field, compare: defaultCompare(dataType) } : f)),
  };
}

export function updateFilter(state: DesignerState, index: number, patch: Partial<Omit<DraftFilter, 'tb' | 'field'>>): DesignerState {
  return { ...state, filters: state.filters.map((f, i) => (i === index ? { ...f, ...patch } : f)) };
}

/** The filter rows that are sent: those with a field. */
export function filterItems(state: DesignerState): FilterItem[] {
  return state.filters
    .filter((f): f is DraftFilter & { tb: string; field: string } => Boolean(f.tb && f.field))
    .map((f) =>
      usesRange(f.compare)
        ? { tb: f.tb, field: f.field, compare: f.compare, compareValue: '', compareValueLeft: f.compareValueLeft ?? '', compareValueRight: f.compareValueRight ?? '' }
        : { tb: f.tb, field: f.field, compare: f.compare, compareValue: f.compareValue ?? '', compareValueLeft: '', compareValueRight: '' },
    );
}

/** The links as sent: only complete join-field rows, each side with its type. */
export function wireLinks(state: DesignerState): JoinLink[] {
  return state.links.map((link) => {
    const parent = state.nodes.find((n) => n.showName === link.from);
    const child = state.nodes.find((n) => n.showName === link.to);
    const joinFields = link.pairs
      .filter((p): p is { from: string; to: string } => Boolean(p.from && p.to))
      .map((p) => ({
        fromField: { name: p.from, dataType: fieldOf(state, link.from, p.from)?.dataType ?? 'string' },
        toField: { name: p.to, dataType: fieldOf(state, link.to, p.to)?.dataType ?? 'string' },
      }));
    return {
      dataSourceId: child?.dataSourceId ?? '',
      table: child?.name ?? link.to,
      from: link.from,
      fromTable: parent?.name ?? link.from,
      to: link.to,
      toTable: child?.name ?? link.to,
      joinType: link.joinType,
      joinFields,
    };
  });
}

/** What preview and save send. */
export function toDefinition(state: DesignerState): JoinDefinition {
  return {
    name: state.name.trim(),
    nodeDataArray: state.nodes.map(({ x, y, ...n }) => ({ ...n, location: `${Math.round(x)} ${Math.round(y)}` })),
    links: wireLinks(state),
    where: { whereType: 'condition', linker: state.linker, filterItems: filterItems(state) },
  };
}

/** A stored join as the designer's state (editing). */
/** "x y" of a stored node, or a place in a row when it has none. */
export function parseLocation(location: string | undefined, index: number): { x: number; y: number } {
  const [x, y] = (location ?? '').trim().split(/\s+/).map(Number);
  return Number.isFinite(x) && Number.isFinite(y) ? { x: x!, y: y! } : { x: 40 + 300 * index, y: 40 };
}

export function fromDefinition(join: JoinDefinition): DesignerState {
  const text = (v: string | null | undefined) => (v == null || v === '' ? null : String(v));
  const filters: DraftFilter[] = (join.where?.filterItems ?? []).map((f) => ({
    tb: f.tb,
    field: f.field,
    compare: f.compare,
    compareValue: text(f.compareValue),
    compareValueLeft: text(f.compareValueLeft),
    compareValueRight: text(f.compareValueRight),
  }));
  return {
    name: join.name,
    nodes: join.nodeDataArray.map(({ location, allCheck: _allCheck, ...n }, i) => ({ ...n, ...parseLocation(location, i) })),
    links: join.links.map((l) => ({
      from: l.from,
      to: l.to,
      joinType: l.joinType,
      pairs: l.joinFields.length ? l.joinFields.map((p) => ({ from: p.fromField.name, to: p.toField.name })) : [{ from: null, to: null }],
    })),
    linker: join.where?.linker === 'or' ? 'or' : 'and',
    filters: filters.length ? filters : [emptyFilter()],
  };
}
