/** 历史记录与回收站的文字（注册在 history.* 下）。 */
const zhCN = {
  entry: '历史记录',
  trashEntry: '回收站',
  title: {
    dashboard: '仪表板“{{name}}”的历史记录',
    chart: '图表“{{name}}”的历史记录',
  },
  trashTitle: '回收站',
  loadFailed: '无法加载历史记录',
  empty: '暂无历史记录',
  system: '系统',
  version: '版本 {{rev}}',
  current: '当前',
  restoredFrom: '恢复自版本 {{rev}}',
  diff: '变更内容',
  diffAgainst: '与版本 {{rev}} 相比',
  diffCreated: '创建时的内容',
  noChanges: '没有字段变化',
  field: '字段',
  before: '修改前',
  after: '修改后',
  layoutBefore: '布局（修改前）',
  layoutAfter: '布局（修改后）',
  restore: '恢复到此版本',
  restoreConfirm: '将“{{name}}”恢复到版本 {{rev}}？当前内容会作为新版本保存在历史记录中。',
  restored: '已恢复“{{name}}”',
  trash: {
    intro: '删除的图表和仪表板会保留一段时间，期间可以恢复；每一项都显示剩余天数。',
    empty: '回收站是空的',
    kind: { dashboard: '仪表板', chart: '图表' },
    deletedBy: '{{name}} 删除于 {{time}}',
    daysLeft: '还剩 {{count}} 天',
    restore: '恢复',
    restoreConfirm: '恢复{{kind}}“{{name}}”？',
    restored: '已恢复“{{name}}”',
  },
  ok: '恢复',
  cancel: '取消',
};

export type HistoryCatalogue = typeof zhCN;
export default zhCN;
