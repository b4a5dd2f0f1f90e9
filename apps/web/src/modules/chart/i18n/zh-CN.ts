/** Simplified Chinese texts of the chart renderers (registered under chart.view.*). */
const zhCN = {
  loading: '图表加载中…',
  waiting: '进入可见区域后加载',
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
  // answer notes (meta.notes, one per ChartWarningKey of @bi/charts: utils/notes.ts)
  noteUnknownKind: '未知的图表类型“{{kind}}”',
  noteCustomOptionTooLarge: '自定义配置超过 {{chars}} 个字符或嵌套超过 {{depth}} 层，已忽略',
  noteCustomOptionInvalidJson: '自定义配置不是有效的 JSON，已忽略',
  noteCustomOptionNotObject: '自定义配置不是 JSON 对象，已忽略',
  noteGaugeScaleWidened: '刻度已扩展到 {{min}}–{{max}}，以容纳当前值',
  noteFirstValueOnly: '{{kind}}只显示第一个数值字段',
  noteCompareIgnored: '{{kind}}不使用对比字段',
  notePieNegativeLeftOut: '饼图未显示 {{count}} 个负值',
  noteDownsampled: '每个系列的 {{total}} 个点已抽样为 {{shown}} 个（LTTB）',
  noteTrendlineTooFew: '“{{series}}”的趋势线至少需要两个值',
  notePlotLineNoValue: '辅助线“{{name}}”没有值，未绘制',
  notePlotLinesNoSeries: '第 {{axis}} 个数值轴的辅助线没有可依附的系列',
  noteStatisticsFieldMissing: '统计字段“{{field}}”不在数值字段中，改用“{{using}}”',
  noteStatisticsFieldMissingAll: '统计字段“{{field}}”不在数值字段中，改用全部数值字段',
  noteNavDefaultTarget: '没有目标字段也没有最大值，目标按 {{target}} 计算',
  noteApproximateFigure: '{{field}}：{{rows}} 行在没有查询总计时合并，数值为近似值',
  noteGlobalFilterSkipped: '全局筛选“{{field}}”已跳过：此数据源没有该字段',
};

export type ChartViewCatalogue = { [K in keyof typeof zhCN]: string };

export default zhCN as ChartViewCatalogue;
