/** Inner filters of a chart box, its detail rows and their export (issue 15 items 3 and 4). */
export { useChartDetail } from './hooks/useChartDetail';
export { DetailRoutesContext, detailBody, type DetailRoutes } from './api/detail';
