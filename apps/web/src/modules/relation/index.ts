/** Relation maps (spec 01 §2 relation-map content view, spec 02 §2 screen 10, §3, §7; docs/api/relation.md). */
export { useChartRelationEntry } from './components/ChartRelationEntry';
export { RelationPage } from './components/RelationPage';
export { RelationSidebar } from './components/RelationSidebar';
export { SidebarViewSwitch } from './components/SidebarViewSwitch';
