import { defineMessages } from './define.js';

/** A data source's SQL text checks. Keys: sql.*. */
export const sqlMessages = defineMessages({
  'sql.empty': {
    'zh-CN': '请输入 SQL 查询',
    'zh-TW': '請輸入 SQL 查詢',
    en: 'Please enter a SQL query',
  },
  'sql.too_long': {
    'zh-CN': 'SQL 语句过长（最多 {max} 个字符）',
    'zh-TW': 'SQL 語句過長（最多 {max} 個字元）',
    en: 'The SQL text is too long (at most {max} characters)',
  },
  'sql.unterminated_string': {
    'zh-CN': 'SQL 中有未结束的字符串',
    'zh-TW': 'SQL 中有未結束的字串',
    en: 'The SQL has an unterminated string',
  },
  'sql.unterminated_name': {
    'zh-CN': 'SQL 中有未结束的带引号名称',
    'zh-TW': 'SQL 中有未結束的帶引號名稱',
    en: 'The SQL has an unterminated quoted name',
  },
  'sql.unterminated_comment': {
    'zh-CN': 'SQL 中有未结束的注释',
    'zh-TW': 'SQL 中有未結束的註解',
    en: 'The SQL has an unterminated comment',
  },
  'sql.executable_comment': {
    'zh-CN': '不允许使用可执行注释（/*! … */）',
    'zh-TW': '不允許使用可執行註解（/*! … */）',
    en: 'Executable comments (/*! … */) are not allowed',
  },
  'sql.unbalanced': {
    'zh-CN': 'SQL 中的括号不匹配',
    'zh-TW': 'SQL 中的括號不對稱',
    en: 'The SQL has unbalanced parentheses',
  },
  'sql.multiple_statements': {
    'zh-CN': '只允许一条语句，请删除“;”之后的内容',
    'zh-TW': '只允許一條語句，請刪除「;」之後的內容',
    en: 'Only one statement is allowed; remove the text after ";"',
  },
  'sql.only_select': {
    'zh-CN': '只允许 SELECT 或 WITH 查询',
    'zh-TW': '只允許 SELECT 或 WITH 查詢',
    en: 'Only a SELECT or WITH query is allowed',
  },
  'sql.forbidden_keyword': {
    'zh-CN': '不允许使用 {keyword}：数据源只能读取数据',
    'zh-TW': '不允許使用 {keyword}：資料來源只能讀取資料',
    en: '{keyword} is not allowed: data sources only read data',
  },
  'sql.parameter': {
    'zh-CN': '数据源 SQL 不支持 {marker} 这样的参数',
    'zh-TW': '資料來源 SQL 不支援 {marker} 這樣的參數',
    en: 'Parameters such as {marker} are not supported in source SQL',
  },
  'sql.order_by_top': {
    'zh-CN': 'SQL Server：只有 SELECT TOP 100 PERCENT 时才能使用 ORDER BY',
    'zh-TW': 'SQL Server：只有 SELECT TOP 100 PERCENT 時才能使用 ORDER BY',
    en: 'SQL Server: ORDER BY is allowed only with SELECT TOP 100 PERCENT',
  },
});
