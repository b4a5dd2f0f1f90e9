import { defineMessages } from './define.js';

/** Data sources: settings, fields and calculated fields, cache, export, and the change history (history.*). Keys: datasource.*, cache.*, table.*, field.*, secret.*, export.*, history.*. */
export const datasourceMessages = defineMessages({
  'history.join_created': {
    'zh-CN': '创建关联表',
    'zh-TW': '建立關聯表',
    en: 'Joined table created',
  },
  'history.join_changed': {
    'zh-CN': '修改了关联表',
    'zh-TW': '修改了關聯表',
    en: 'Joined table changed',
  },
  'history.row_rules_changed': {
    'zh-CN': '修改了行级规则（{count} 条）',
    'zh-TW': '修改了列級規則（{count} 條）',
    en: 'Row rules changed ({count} rules)',
  },
  'datasource.not_found': {
    'zh-CN': '数据源不存在',
    'zh-TW': '資料來源不存在',
    en: 'Data source not found',
  },
  'datasource.type_invalid': {
    'zh-CN': '不支持的数据源类型 {type}',
    'zh-TW': '不支援的資料來源類型 {type}',
    en: 'Unsupported data source type {type}',
  },
  'datasource.type_disabled': {
    'zh-CN': '数据源类型 {type} 未启用',
    'zh-TW': '資料來源類型 {type} 未啟用',
    en: 'The data source type {type} is not enabled',
  },
  'datasource.type_fixed': {
    'zh-CN': '数据源的类型不能修改',
    'zh-TW': '資料來源的類型不能修改',
    en: 'The type of a data source cannot change',
  },
  'datasource.analytics_admin_only': {
    'zh-CN': '只有管理员可以在分析库上创建 SQL 数据源',
    'zh-TW': '只有管理員可以在分析庫上建立 SQL 資料來源',
    en: 'Only administrators can create SQL sources on the analytics store',
  },
  'datasource.content_required': {
    'zh-CN': '请输入 SQL 语句或选择数据表',
    'zh-TW': '請輸入 SQL 語句或選擇資料表',
    en: 'Please enter the SQL text or choose a table',
  },
  'cache.interval_invalid': {
    'zh-CN': '缓存间隔须为 0、5、10、30、60、180、300、720、1440 分钟之一',
    'zh-TW': '快取間隔須為 0、5、10、30、60、180、300、720、1440 分鐘之一',
    en: 'Cache interval must be one of 0, 5, 10, 30, 60, 180, 300, 720, 1440 minutes',
  },
  'table.not_found': {
    'zh-CN': '找不到数据表 {table}',
    'zh-TW': '找不到資料表 {table}',
    en: 'Table {table} not found',
  },
  'field.alias_length': {
    'zh-CN': '字段别名须为 1 到 20 个字符',
    'zh-TW': '欄位別名須為 1 到 20 個字元',
    en: 'Field alias must be 1 to 20 characters',
  },
  'field.alias_line_break': {
    'zh-CN': '字段别名须为单行文字，不能换行',
    'zh-TW': '欄位別名須為單行文字，不能換行',
    en: 'A field alias must be a single line',
  },
  'field.aggregator_invalid': {
    'zh-CN': '字段 {name} 不能使用聚合方式 {aggregator}',
    'zh-TW': '欄位 {name} 不能使用彙總方式 {aggregator}',
    en: 'Aggregator {aggregator} cannot be used for field {name}',
  },
  'field.name_invalid': {
    'zh-CN': '计算字段的名称须为 1 到 {max} 个字符',
    'zh-TW': '計算欄位的名稱須為 1 到 {max} 個字元',
    en: 'A calculated field needs a name of 1 to {max} characters',
  },
  'field.name_used': {
    'zh-CN': '已存在名为 {name} 的字段',
    'zh-TW': '已存在名為 {name} 的欄位',
    en: 'A field named {name} already exists',
  },
  'field.base_changed': {
    'zh-CN': '来自数据库的字段不能新增、删除或修改类型（{name}）',
    'zh-TW': '來自資料庫的欄位不能新增、刪除或修改類型（{name}）',
    en: 'Fields from the database cannot be added, removed or retyped ({name})',
  },
  'field.expression_empty': {
    'zh-CN': '{name} 的表达式：请输入公式',
    'zh-TW': '{name} 的運算式：請輸入公式',
    en: 'Expression of {name}: please enter a formula',
  },
  'field.expression_too_long': {
    'zh-CN': '{name} 的表达式：最多 {max} 个字符',
    'zh-TW': '{name} 的運算式：最多 {max} 個字元',
    en: 'Expression of {name}: at most {max} characters',
  },
  'field.expression_unexpected': {
    'zh-CN': '{name} 的表达式：第 {position} 个字符 {char} 不合法',
    'zh-TW': '{name} 的運算式：第 {position} 個字元 {char} 不合法',
    en: 'Expression of {name}: unexpected character {char} at {position}',
  },
  'field.expression_unterminated': {
    'zh-CN': '{name} 的表达式：文本或字段名未结束',
    'zh-TW': '{name} 的運算式：文字或欄位名稱未結束',
    en: 'Expression of {name}: unterminated text or field name',
  },
  'field.expression_unknown_field': {
    'zh-CN': '{name} 的表达式：未知字段 {field}',
    'zh-TW': '{name} 的運算式：未知欄位 {field}',
    en: 'Expression of {name}: unknown field {field}',
  },
  'field.expression_unknown_function': {
    'zh-CN': '{name} 的表达式：未知函数 {function}；可用：ABS, ROUND, FLOOR, CEIL, UPPER, LOWER, TRIM, LENGTH, COALESCE, NULLIF, SUBSTRING, CONCAT',
    'zh-TW': '{name} 的運算式：未知函式 {function}；可用：ABS, ROUND, FLOOR, CEIL, UPPER, LOWER, TRIM, LENGTH, COALESCE, NULLIF, SUBSTRING, CONCAT',
    en: 'Expression of {name}: unknown function {function}; allowed: ABS, ROUND, FLOOR, CEIL, UPPER, LOWER, TRIM, LENGTH, COALESCE, NULLIF, SUBSTRING, CONCAT',
  },
  'field.expression_unbalanced': {
    'zh-CN': '{name} 的表达式：括号不匹配',
    'zh-TW': '{name} 的運算式：括號不對稱',
    en: 'Expression of {name}: unbalanced parentheses',
  },
  'field.expression_db': {
    'zh-CN': '{name} 的表达式被数据库拒绝（请求编号 {requestId}，详情见日志）',
    'zh-TW': '{name} 的運算式被資料庫拒絕（請求編號 {requestId}，詳情見日誌）',
    en: 'Expression of {name}: refused by the database (request id {requestId}; the details are in the log)',
  },
  'field.expression_syntax': {
    'zh-CN': '{name} 的表达式：第 {token} 个记号处缺少或多出运算符、操作数或逗号',
    'zh-TW': '{name} 的運算式：第 {token} 個記號處缺少或多出運算子、運算元或逗號',
    en: 'Expression of {name}: an operator, operand or comma is missing or out of place at token {token}',
  },
  'secret.unreadable': {
    'zh-CN': '无法解密已保存的密码，请重新输入密码',
    'zh-TW': '無法解密已儲存的密碼，請重新輸入密碼',
    en: 'The stored password cannot be decrypted; please enter the password again',
  },
  'export.too_many_rows': {
    'zh-CN': '为保护服务器，不支持导出超过 {max} 行数据',
    'zh-TW': '為保護伺服器，不支援匯出超過 {max} 列資料',
    en: 'Export of more than {max} rows is not supported, to protect the server',
  },
  'history.created': {
    'zh-CN': '创建数据源',
    'zh-TW': '建立資料來源',
    en: 'Data source created',
  },
  'history.sql_changed': {
    'zh-CN': '修改了 SQL',
    'zh-TW': '修改了 SQL',
    en: 'SQL changed',
  },
  'history.connection_changed': {
    'zh-CN': '修改了连接',
    'zh-TW': '修改了連線',
    en: 'Connection changed',
  },
  'history.description_changed': {
    'zh-CN': '修改了描述',
    'zh-TW': '修改了描述',
    en: 'Description changed',
  },
  'history.cache_changed': {
    'zh-CN': '缓存间隔由 {from} 分钟改为 {to} 分钟',
    'zh-TW': '快取間隔由 {from} 分鐘改為 {to} 分鐘',
    en: 'Cache interval changed from {from} to {to} minutes',
  },
  'history.columns_changed': {
    'zh-CN': '刷新了列：新增 {added} 个，删除 {removed} 个',
    'zh-TW': '重新整理了欄：新增 {added} 個，刪除 {removed} 個',
    en: 'Columns refreshed: {added} added, {removed} removed',
  },
  'history.fields_changed': {
    'zh-CN': '修改了字段设置',
    'zh-TW': '修改了欄位設定',
    en: 'Field settings changed',
  },
  'history.moved': {
    'zh-CN': '由文件夹 {from} 移到 {to}',
    'zh-TW': '由資料夾 {from} 移到 {to}',
    en: 'Moved from folder {from} to {to}',
  },
  'history.api_loaded': {
    'zh-CN': '从接口 {host} 导入 {rows} 行',
    'zh-TW': '從介面 {host} 匯入 {rows} 列',
    en: 'Loaded {rows} rows from the API at {host}',
  },
  'history.api_settings_changed': {
    'zh-CN': '修改了接口设置（{host}）',
    'zh-TW': '修改了介面設定（{host}）',
    en: 'Changed the API settings ({host})',
  },
  'history.ingested': {
    'zh-CN': '上传 {file}，导入 {rows} 行',
    'zh-TW': '上傳 {file}，匯入 {rows} 列',
    en: 'Uploaded {file}: {rows} rows',
  },
  'history.synced': {
    'zh-CN': '同步完成：{rows} 行，用时 {seconds} 秒',
    'zh-TW': '同步完成：{rows} 列，用時 {seconds} 秒',
    en: 'Synced: {rows} rows in {seconds} s',
  },
  'history.sync_failed': {
    'zh-CN': '同步失败（用时 {seconds} 秒），已保留原有数据',
    'zh-TW': '同步失敗（用時 {seconds} 秒），已保留原有資料',
    en: 'Sync failed after {seconds} s; the previous copy is kept',
  },
  'history.appended': {
    'zh-CN': '追加数据：{file}，{rows} 行',
    'zh-TW': '追加資料：{file}，{rows} 列',
    en: 'Appended {file}: {rows} rows',
  },
  'history.replaced': {
    'zh-CN': '替换数据：{file}，{rows} 行',
    'zh-TW': '取代資料：{file}，{rows} 列',
    en: 'Replaced the data with {file}: {rows} rows',
  },
  'history.rows_deleted': {
    'zh-CN': '删除了 {count} 行',
    'zh-TW': '刪除了 {count} 列',
    en: 'Deleted {count} rows',
  },
  'history.field_removed': {
    'zh-CN': '删除了字段 {name}',
    'zh-TW': '刪除了欄位 {name}',
    en: 'Removed field {name}',
  },
});
