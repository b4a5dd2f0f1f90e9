/** Simplified Chinese texts of the chart renderers (registered under chart.view.*). */
const zhCN = {
  loading: '图表加载中…',
  error: '图表加载失败',
  retry: '重试',
  empty: '未查询到数据',
  unconfigured: '尚未配置字段',
  unconfiguredHint: '请在图表编辑中选择数据源和字段',
  edit: '编辑图表',
  downsampled: '显示 {{shown}} / {{total}} 个点',
  truncated: '结果超过 {{count}} 行，只显示前 {{count}} 行',
  warnings: '提示',
  drawFailed: '图表绘制失败',
  mapFailed: '地图加载失败',
  refreshing: '正在刷新',
  tableTotal: '共 {{total}} 行',
  noPermission: '暂无权限查看此图表的数据源',
  noPermissionHint: '请联系管理员共享该数据源',
  summary: '{{title}}：{{value}}',
};

export type ChartViewCatalogue = { [K in keyof typeof zhCN]: string };

export default zhCN as ChartViewCatalogue;
