import { defineMessages } from './define.js';

/** Charts: settings, filters, drill-down, labels and aggregator names rendered into chart options. Keys: chart.*. */
export const chartMessages = defineMessages({
  'chart.join_type_unsupported': {
    'zh-CN': '该数据库不支持关联方式 {joinType}',
    'zh-TW': '該資料庫不支援關聯方式 {joinType}',
    en: 'The database has no {joinType} join',
  },
  'chart.not_found': {
    'zh-CN': '图表不存在',
    'zh-TW': '圖表不存在',
    en: 'Chart not found',
  },
  'chart.copy_template_forbidden': {
    'zh-CN': '没有模板编辑权限，不能复制到模板，只能复制到仪表板',
    'zh-TW': '沒有範本編輯權限，不能複製到範本，只能複製到儀表板',
    en: 'Without template edit permission a chart cannot be copied into a template, only to a dashboard',
  },
  'chart.title_length': {
    'zh-CN': '图表标题须为 1 到 50 个字符',
    'zh-TW': '圖表標題須為 1 到 50 個字元',
    en: 'Chart title must be 1 to 50 characters',
  },
  'chart.title_line_break': {
    'zh-CN': '图表标题须为单行文字，不能换行',
    'zh-TW': '圖表標題須為單行文字，不能換行',
    en: 'A chart title must be a single line',
  },
  'chart.unknown_field': {
    'zh-CN': '数据源中没有字段 {name}',
    'zh-TW': '資料來源中沒有欄位 {name}',
    en: 'The field {name} is not in the data source',
  },
  'chart.drill_kind': {
    'zh-CN': '这种图表不能下钻',
    'zh-TW': '這種圖表不能下鑽',
    en: 'This kind of chart cannot drill down',
  },
  'chart.drill_levels': {
    'zh-CN': '下钻层级需要 {min} 到 {max} 个字段',
    'zh-TW': '下鑽層級需要 {min} 到 {max} 個欄位',
    en: 'A drill-down hierarchy has {min} to {max} fields',
  },
  'chart.drill_first_level': {
    'zh-CN': '下钻的第一层必须是图表的第一个维度（{name}）',
    'zh-TW': '下鑽的第一層必須是圖表的第一個維度（{name}）',
    en: "The drill-down hierarchy's first level must be the chart's first dimension ({name})",
  },
  'chart.drill_duplicate': {
    'zh-CN': '下钻层级中字段 {name} 重复',
    'zh-TW': '下鑽層級中欄位 {name} 重複',
    en: 'The field {name} is twice in the drill-down hierarchy',
  },
  'chart.drill_granularity': {
    'zh-CN': '字段 {name} 的下钻粒度不合法（日期字段须由粗到细）',
    'zh-TW': '欄位 {name} 的下鑽粒度不合法（日期欄位須由粗到細）',
    en: 'The drill-down granularity of {name} is not valid (a date goes from coarser to finer)',
  },
  'chart.drill_invalid': {
    'zh-CN': '下钻路径不合法（{detail}）',
    'zh-TW': '下鑽路徑不合法（{detail}）',
    en: 'The drill path is not valid ({detail})',
  },
  'chart.aggregator_not_allowed': {
    'zh-CN': '求和与平均值只能用于数值字段（{name}）',
    'zh-TW': '加總與平均值只能用於數值欄位（{name}）',
    en: 'Sum and average are only available for number fields ({name})',
  },
  'chart.operator_not_allowed': {
    'zh-CN': '筛选条件 {compare} 不能用于字段 {name}',
    'zh-TW': '篩選條件 {compare} 不能用於欄位 {name}',
    en: 'The filter operator {compare} cannot be used on {name}',
  },
  'chart.invalid_value': {
    'zh-CN': '筛选值 {value} 与字段 {name} 的类型不符',
    'zh-TW': '篩選值 {value} 與欄位 {name} 的類型不符',
    en: 'The filter value {value} does not fit the field {name}',
  },
  'chart.too_many_values': {
    'zh-CN': '字段 {name} 选择的值过多（最多 {max} 个）',
    'zh-TW': '欄位 {name} 選擇的值過多（最多 {max} 個）',
    en: 'Too many values selected for {name} (at most {max})',
  },
  'chart.range_reversed': {
    'zh-CN': '字段 {name} 的范围起点 {from} 晚于终点 {to}',
    'zh-TW': '欄位 {name} 的範圍起點 {from} 晚於終點 {to}',
    en: 'The range of {name} starts at {from}, after its end {to}',
  },
  'chart.value_too_long': {
    'zh-CN': '字段 {name} 的筛选值过长（最多 {max} 个字符）',
    'zh-TW': '欄位 {name} 的篩選值過長（最多 {max} 個字元）',
    en: 'A filter value of {name} is too long (at most {max} characters)',
  },
  'chart.blank_value': {
    'zh-CN': '字段 {name} 的筛选值只有空格，请输入一个值或清空',
    'zh-TW': '欄位 {name} 的篩選值只有空白，請輸入一個值或清空',
    en: 'A filter value of {name} is only spaces: enter a value or clear it',
  },
  'chart.invalid_characters': {
    'zh-CN': '字段 {name} 的筛选值包含 NUL 字符或损坏的 Unicode 字符',
    'zh-TW': '欄位 {name} 的篩選值包含 NUL 字元或損壞的 Unicode 字元',
    en: 'A filter value of {name} contains a NUL character or a broken Unicode character',
  },
  'chart.too_many_series': {
    'zh-CN': '一个图表只能按一个字段对比',
    'zh-TW': '一個圖表只能依一個欄位對比',
    en: 'A chart can compare by one field only',
  },
  'chart.empty_chart': {
    'zh-CN': '请为图表添加维度或数值',
    'zh-TW': '請為圖表新增維度或數值',
    en: 'Please add a dimension or a value to the chart',
  },
  'chart.invalid_option': {
    'zh-CN': '图表设置不合法（{name}）',
    'zh-TW': '圖表設定不合法（{name}）',
    en: 'The chart settings are invalid ({name})',
  },
  'chart.invalid_sql': {
    'zh-CN': '数据源的 SQL 不能用于图表（{problem}）',
    'zh-TW': '資料來源的 SQL 不能用於圖表（{problem}）',
    en: 'The SQL of the data source cannot be used for charts ({problem})',
  },
  'chart.custom_option_invalid': {
    'zh-CN': '自定义配置必须是 JSON 对象',
    'zh-TW': '自訂設定必須是 JSON 物件',
    en: 'The custom option must be a JSON object',
  },
  'chart.custom_option_too_large': {
    'zh-CN': '自定义配置最多 {max} 个字符，嵌套不超过 {depth} 层',
    'zh-TW': '自訂設定最多 {max} 個字元，巢狀不超過 {depth} 層',
    en: 'The custom option may have at most {max} characters, nested at most {depth} levels',
  },
  'chart.source_required': {
    'zh-CN': '请选择数据源',
    'zh-TW': '請選擇資料來源',
    en: 'Please choose a data source',
  },
  'chart.write_forbidden': {
    'zh-CN': '无法修改图表“{title}”：您没有其数据源的访问权限',
    'zh-TW': '無法修改圖表「{title}」：您沒有其資料來源的存取權限',
    en: 'You cannot change the chart "{title}": you have no access to its data source',
  },
  'chart.source_forbidden': {
    'zh-CN': '您没有所选数据源的访问权限',
    'zh-TW': '您沒有所選資料來源的存取權限',
    en: 'You have no access to the chosen data source',
  },
  'chart.source_same': {
    'zh-CN': '请选择另一个数据源',
    'zh-TW': '請選擇另一個資料來源',
    en: 'Choose another data source',
  },
  'chart.label.sum': {
    'zh-CN': '合计',
    'zh-TW': '合計',
    en: 'Sum',
  },
  'chart.label.avg': {
    'zh-CN': '平均值',
    'zh-TW': '平均值',
    en: 'Average',
  },
  'chart.label.max': {
    'zh-CN': '最大值',
    'zh-TW': '最大值',
    en: 'Max',
  },
  'chart.label.min': {
    'zh-CN': '最小值',
    'zh-TW': '最小值',
    en: 'Min',
  },
  'chart.label.trend': {
    'zh-CN': '趋势',
    'zh-TW': '趨勢',
    en: 'trend',
  },
  'chart.aggregator.sum': {
    'zh-CN': '求和',
    'zh-TW': '加總',
    en: 'Sum',
  },
  'chart.aggregator.avg': {
    'zh-CN': '平均',
    'zh-TW': '平均',
    en: 'Average',
  },
  'chart.aggregator.count': {
    'zh-CN': '计数',
    'zh-TW': '計數',
    en: 'Count',
  },
  'chart.aggregator.countDistinct': {
    'zh-CN': '去重计数',
    'zh-TW': '不重複計數',
    en: 'Distinct count',
  },
  'chart.aggregator.max': {
    'zh-CN': '最大值',
    'zh-TW': '最大值',
    en: 'Max',
  },
  'chart.aggregator.min': {
    'zh-CN': '最小值',
    'zh-TW': '最小值',
    en: 'Min',
  },
  'chart.label.everyNth': {
    'zh-CN': '每 {n} 个标签显示 1 个',
    'zh-TW': '每 {n} 個標籤顯示 1 個',
    en: 'every {n} labels: 1 shown',
  },
  'chart.no_source_permission': {
    'zh-CN': '您没有查看此图表数据源的权限',
    'zh-TW': '您沒有檢視此圖表資料來源的權限',
    en: "You have no permission to see this chart's data source",
  },
  'chart.row_rule_target': {
    'zh-CN': '第 {index} 条行级规则须指定一个角色或一个用户',
    'zh-TW': '第 {index} 條列級規則須指定一個角色或一個使用者',
    en: 'Row rule {index} must name one role or one user',
  },
  'chart.row_rule_value_required': {
    'zh-CN': '第 {index} 条行级规则（字段 {name}）缺少值',
    'zh-TW': '第 {index} 條列級規則（欄位 {name}）缺少值',
    en: 'Row rule {index} on {name} needs a value',
  },
  'chart.too_many_row_rules': {
    'zh-CN': '一个数据源最多 {max} 条行级规则',
    'zh-TW': '一個資料來源最多 {max} 條列級規則',
    en: 'A data source has at most {max} row rules',
  },
});
