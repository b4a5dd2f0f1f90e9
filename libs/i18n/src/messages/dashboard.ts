import { defineMessages } from './define.js';

/** Dashboards: tabs, layout and order, chart linkage, global filters. Keys: dashboard.*, tab.*, layout.*, order.*, linkage.*, globalFilter.*. */
export const dashboardMessages = defineMessages({
  'tab.invalid': {
    'zh-CN': '未知的页签',
    'zh-TW': '未知的頁籤',
    en: 'Unknown tab',
  },
  'dashboard.not_found': {
    'zh-CN': '仪表板不存在',
    'zh-TW': '儀表板不存在',
    en: 'Dashboard not found',
  },
  'linkage.self': {
    'zh-CN': '图表不能联动自己',
    'zh-TW': '圖表不能聯動自己',
    en: 'A chart cannot filter itself',
  },
  'linkage.unknown_chart': {
    'zh-CN': '要联动的图表不在此仪表板上',
    'zh-TW': '要聯動的圖表不在此儀表板上',
    en: 'The chart to filter is not on this dashboard',
  },
  'linkage.unknown_source_field': {
    'zh-CN': '{name} 不是此图表的维度',
    'zh-TW': '{name} 不是此圖表的維度',
    en: '{name} is not a dimension of this chart',
  },
  'linkage.unknown_target_field': {
    'zh-CN': '图表“{title}”的数据源中没有字段 {name}',
    'zh-TW': '圖表「{title}」的資料來源中沒有欄位 {name}',
    en: 'The data source of the chart "{title}" has no field {name}',
  },
  'linkage.no_fields': {
    'zh-CN': '请为图表“{title}”选择至少一个联动字段',
    'zh-TW': '請為圖表「{title}」選擇至少一個聯動欄位',
    en: 'Choose at least one field for the chart "{title}"',
  },
  'linkage.duplicate': {
    'zh-CN': '图表“{title}”被选择了两次',
    'zh-TW': '圖表「{title}」被選擇了兩次',
    en: 'The chart "{title}" is chosen twice',
  },
  'linkage.too_many': {
    'zh-CN': '联动设置中的图表或字段过多（每个图表最多 {targets} 个目标，每个目标最多 {fields} 个字段）',
    'zh-TW': '聯動設定中的圖表或欄位過多（每個圖表最多 {targets} 個目標，每個目標最多 {fields} 個欄位）',
    en: 'Too many charts or fields in the link settings (at most {targets} targets per chart, {fields} fields per target)',
  },
  'linkage.no_dimension': {
    'zh-CN': '此图表没有维度，无法联动其他图表',
    'zh-TW': '此圖表沒有維度，無法聯動其他圖表',
    en: 'This chart has no dimension to filter other charts by',
  },
  'layout.invalid': {
    'zh-CN': '布局不合法：{detail}',
    'zh-TW': '版面不合法：{detail}',
    en: 'Invalid layout: {detail}',
  },
  'order.invalid': {
    'zh-CN': '排序值不合法',
    'zh-TW': '排序值不合法',
    en: 'Invalid order value',
  },
  'globalFilter.too_many': {
    'zh-CN': '一个仪表板最多 {max} 个全局筛选项',
    'zh-TW': '一個儀表板最多 {max} 個全域篩選項',
    en: 'A dashboard has at most {max} global filters',
  },
  'globalFilter.duplicate_id': {
    'zh-CN': '全局筛选项 {id} 重复',
    'zh-TW': '全域篩選項 {id} 重複',
    en: 'The global filter {id} appears twice',
  },
  'globalFilter.unknown_source': {
    'zh-CN': '筛选字段所在的数据表不存在或无权访问',
    'zh-TW': '篩選欄位所在的資料表不存在或無權存取',
    en: 'The table of the filter field does not exist or you may not use it',
  },
  'globalFilter.unknown_field': {
    'zh-CN': '数据表中没有字段 {name}',
    'zh-TW': '資料表中沒有欄位 {name}',
    en: 'The table has no field {name}',
  },
  'globalFilter.mixed_types': {
    'zh-CN': '所选字段类型不同，不能配置为筛选项',
    'zh-TW': '所選欄位類型不同，不能設定為篩選項',
    en: 'Selected fields of differing type cannot be configured as filter options',
  },
  'globalFilter.unknown_chart': {
    'zh-CN': '筛选作用的图表不在此仪表板上',
    'zh-TW': '篩選作用的圖表不在此儀表板上',
    en: 'A chart the filter applies to is not on this dashboard',
  },
  'globalFilter.operator_not_allowed': {
    'zh-CN': '筛选方式 {option} 不能用于字段 {name}',
    'zh-TW': '篩選方式 {option} 不能用於欄位 {name}',
    en: 'The filter option {option} cannot be used on {name}',
  },
  'globalFilter.too_many_values': {
    'zh-CN': '字段 {name} 选择的值过多（最多 {max} 个）',
    'zh-TW': '欄位 {name} 選擇的值過多（最多 {max} 個）',
    en: 'Too many values selected for {name} (at most {max})',
  },
  'globalFilter.invalid_value': {
    'zh-CN': '筛选值 {value} 与字段 {name} 的类型不符',
    'zh-TW': '篩選值 {value} 與欄位 {name} 的類型不符',
    en: 'The filter value {value} does not fit the field {name}',
  },
  'globalFilter.range_reversed': {
    'zh-CN': '字段 {name} 的范围起点晚于终点',
    'zh-TW': '欄位 {name} 的範圍起點晚於終點',
    en: 'The range of {name} starts after its end',
  },
  'dashboard.edit_forbidden': {
    'zh-CN': '没有修改仪表板的权限',
    'zh-TW': '沒有修改儀表板的權限',
    en: 'You do not have permission to change dashboards',
  },
});
