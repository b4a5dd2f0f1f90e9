/** What the chart editor offers per kind: the table lives in @bi/rules, shared with the web editor. */
export { CHART_KIND_INFO, chartKinds, type ChartKindInfo } from '@bi/rules';
