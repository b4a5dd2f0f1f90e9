/** Linkage (cross-filter), compare split and chart copies of the dashboard page (issue 15 items 5–7). */
export { useDashboardLinkage } from './hooks/useDashboardLinkage';
export type { CopyTargetFolder } from './components/CopyChartDialog';
