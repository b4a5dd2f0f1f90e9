/** Shapes of docs/api/join-table.md (spec 02 §3 "Join table", §7 "Joined tables"). */
import type { Compare, DataType } from '@bi/chart-model';
import type { JoinType } from '@bi/rules';

export type { Compare, DataType, JoinType };
export { DEFAULT_JOIN_TYPE, JOIN_SOURCE_TYPE, JOIN_TYPES } from '@bi/rules';

/** A field of a node (spec 02 §3 "Field"). */
export interface JoinNodeField {
  name: string;
  /** the output column's title (alias) */
  title: string;
  /** the title in the source */
  originalTitle: string;
  dataType: DataType;
  /** the node's showName */
  tbName: string;
  /** part of the join's output */
  check: boolean;
  description: string;
}

/** A table on the canvas (spec 02 §3 "Node"). */
export interface JoinNode {
  dataSourceId: string;
  /** the source's name */
  name: string;
  /** unique on the canvas: the name, with "(2)", "(3)"… for a repeat (spec 02 §4) */
  showName: string;
  fields: JoinNodeField[];
  /** every field checked (answers) */
  allCheck?: boolean;
  /** where the node is drawn, "x y" (kept with the join so it reopens as drawn) */
  location?: string;
}

export interface JoinFieldRef {
  name: string;
  dataType: DataType;
}

export interface JoinFieldPair {
  fromField: JoinFieldRef;
  toField: JoinFieldRef;
}

/** A link from a table already on the canvas (from) to the table dropped onto it (to). */
export interface JoinLink {
  /** the joined (to) table's source */
  dataSourceId: string;
  /** the joined (to) table's source name */
  table: string;
  /** showName of the parent node */
  from: string;
  fromTable: string;
  /** showName of the joined node */
  to: string;
  toTable: string;
  joinType: JoinType;
  joinFields: JoinFieldPair[];
}

export type Linker = 'and' | 'or';

/** A filter row (spec 02 §3 "Filter item"): tb is a node's showName, field a field name of it. */
export interface FilterItem {
  tb: string;
  field: string;
  compare: Compare;
  compareValue: string;
  /** 'between': inclusive bounds, '' = open */
  compareValueLeft: string;
  compareValueRight: string;
}

export interface JoinWhere {
  whereType: 'condition';
  linker: Linker;
  filterItems: FilterItem[];
}

/** What the designer sends to preview and save. */
export interface JoinDefinition {
  name: string;
  description?: string;
  nodeDataArray: JoinNode[];
  links: JoinLink[];
  where?: JoinWhere;
}

/** A stored join (GET join_table/{id}, and what saves answer). */
export interface JoinTable extends JoinDefinition {
  joinTableId: string;
  dataSourceId: string;
  projectId: string;
  store: string;
  updateTime: string;
}

/** A source that may go onto the canvas. */
export interface JoinSourceItem {
  dataSourceId: string;
  name: string;
  type: number;
  /** sources of one store can be joined together ('analytics' or 'connection:<hex>') */
  store: string;
}

/** GET join_table_projs: folders with the sources the caller may join. */
export interface JoinProject {
  projectId: string;
  name: string;
  dataSources: JoinSourceItem[];
}

export type PreviewCell = string | number | boolean | null;

/** The join's first rows and its row count (a preview call). */
export interface JoinPreview {
  columns: { name: string; title: string; dataType: DataType }[];
  rows: Record<string, PreviewCell>[];
  rowCount: number;
  rootRowCount: number;
  rootTable: string;
  /** rowCount > rootRowCount: the join multiplies rows */
  explodes: boolean;
}
