/** Shapes of the relation-map calls (spec 02 §3 "Relation node", §7 "Relation maps"; docs/api/relation.md). */
import type { Formatter, RelationLayout, RelationNodeState, RelationNodeView, RelationOptionNode, RelationSelection } from '@bi/chart-model';
import type { Tab } from '@bi/rules';

/** the relation-option answer's node (value under the drill's choices) is @bi/chart-model's, shared with the BFF */
export type { Formatter, RelationLayout, RelationNodeState, RelationNodeView, RelationOptionNode, RelationSelection };

export type RelationTab = Tab;

/** A map as the sidebar lists it (with its folder's id added by the web). */
export interface RelationItem {
  relationId: string;
  name: string;
  createdBy: string;
  editAuth: boolean;
  projectId: string;
}

/** GET /api/relation/projects/{tabType}: a folder with its maps. */
export interface RelationFolder {
  projectId: string;
  name: string;
  order: number;
  relations: RelationItem[];
}

/** GET /api/relation/treedata/{relationId}, and the answer of change, create and generate. */
export interface RelationMap {
  relationId: string;
  name: string;
  tabType: RelationTab;
  projectId: string;
  chartType: RelationLayout;
  createdBy: string;
  editAuth: boolean;
  nodes: RelationNodeView[];
}

/** POST /api/relation/relation-option/{tabType}/{chartId}. */
export interface RelationOptionAnswer {
  relationId: string;
  name: string;
  chartType: RelationLayout;
  editAuth: boolean;
  option: Record<string, unknown>;
  nodes: RelationOptionNode[];
}

export interface RelationOptionBody {
  relationId?: string;
  chartType?: RelationLayout;
  selections?: RelationSelection[];
}

/** GET /api/relation/relation-concatenate/{tabType}/{relationId}?nodeId=. */
export interface RelationChainAnswer {
  relationId: string;
  name: string;
  index: number;
  chain: RelationNodeView[];
}

/** GET /api/relation/relation-charts/{type}: the charts a node can be bound to. */
export interface RelationChartField {
  name: string;
  title: string;
  dataType: string;
}
export interface RelationChart {
  chartId: string;
  title: string;
  type: string;
  dataSourceId: string;
  fields: RelationChartField[];
}
export interface RelationChartDashboard {
  dashboardId: string;
  name: string;
  charts: RelationChart[];
}
export interface RelationChartFolder {
  projectId: string;
  name: string;
  dashboards: RelationChartDashboard[];
}
