import type { ChartViewCatalogue } from './zh-CN';

/** English texts of the chart renderers (registered under chart.view.*). */
const en: ChartViewCatalogue = {
  loading: 'Loading the chart…',
  error: 'The chart could not be loaded',
  retry: 'Retry',
  empty: 'No data found',
  unconfigured: 'No fields configured yet',
  unconfiguredHint: 'Choose a data source and fields in the chart editor',
  edit: 'Edit chart',
  downsampled: 'Showing {{shown}} of {{total}} points',
  truncated: 'More than {{count}} rows: the first {{count}} are shown',
  warnings: 'Notes',
  drawFailed: 'The chart could not be drawn',
  mapFailed: 'The map could not be loaded',
  refreshing: 'Refreshing',
  tableTotal: '{{total}} rows',
  noPermission: 'No permission to see this chart\'s data source',
  noPermissionHint: 'Ask an administrator to share the data source with you',
  summary: '{{title}}: {{value}}',
};

export default en;
