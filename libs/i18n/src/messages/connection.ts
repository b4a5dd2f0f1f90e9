import { defineMessages } from './define.js';

/** Database connections and running queries against them. Keys: connection.*, query.*. */
export const connectionMessages = defineMessages({
  'connection.required': {
    'zh-CN': '请填写数据库连接',
    'zh-TW': '請填寫資料庫連線',
    en: 'Please fill in the database connection',
  },
  'connection.host_required': {
    'zh-CN': '请输入主机',
    'zh-TW': '請輸入主機',
    en: 'Please enter the host',
  },
  'connection.user_required': {
    'zh-CN': '请输入用户名',
    'zh-TW': '請輸入使用者名稱',
    en: 'Please enter the user name',
  },
  'connection.port_invalid': {
    'zh-CN': '端口须为 1 到 65535 的数字',
    'zh-TW': '連接埠須為 1 到 65535 的數字',
    en: 'Port must be a number from 1 to 65535',
  },
  'connection.type_invalid': {
    'zh-CN': '连接类型须为 Basic（TNS 仅用于 Oracle）',
    'zh-TW': '連線類型須為 Basic（TNS 僅用於 Oracle）',
    en: 'Connection type must be Basic (TNS only for Oracle)',
  },
  'connection.role_invalid': {
    'zh-CN': '角色须为 Default、SYSDBA 或 SYSOPER（角色仅用于 Oracle）',
    'zh-TW': '角色須為 Default、SYSDBA 或 SYSOPER（角色僅用於 Oracle）',
    en: 'Role must be Default, SYSDBA or SYSOPER (roles only for Oracle)',
  },
  'connection.password_again': {
    'zh-CN': '修改主机或端口后请重新输入密码',
    'zh-TW': '修改主機或連接埠後請重新輸入密碼',
    en: 'Please enter the password again after changing the host or port',
  },
  'connection.refused': {
    'zh-CN': '无法连接 {host}:{port}（连接被拒绝）',
    'zh-TW': '無法連線 {host}:{port}（連線被拒絕）',
    en: 'Cannot reach {host}:{port} (connection refused)',
  },
  'connection.host_not_found': {
    'zh-CN': '找不到主机 {host}',
    'zh-TW': '找不到主機 {host}',
    en: 'Host {host} not found',
  },
  'connection.timeout': {
    'zh-CN': '{host}:{port} 的数据库未及时响应',
    'zh-TW': '{host}:{port} 的資料庫未及時回應',
    en: 'The database at {host}:{port} did not answer in time',
  },
  'connection.auth_failed': {
    'zh-CN': '数据库拒绝了用户名或密码',
    'zh-TW': '資料庫拒絕了使用者名稱或密碼',
    en: 'The database refused the user name or password',
  },
  'connection.database_not_found': {
    'zh-CN': '数据库 {database} 不存在',
    'zh-TW': '資料庫 {database} 不存在',
    en: 'Database {database} does not exist',
  },
  'connection.failed': {
    'zh-CN': '无法连接数据库（请求编号 {requestId}，详情见日志）',
    'zh-TW': '無法連線資料庫（請求編號 {requestId}，詳情見日誌）',
    en: 'Cannot connect to the database (request id {requestId}; the details are in the log)',
  },
  'query.timeout': {
    'zh-CN': '查询运行超过 {seconds} 秒，已被取消',
    'zh-TW': '查詢執行超過 {seconds} 秒，已被取消',
    en: 'The query ran longer than {seconds} seconds and was cancelled',
  },
  'query.failed': {
    'zh-CN': '数据库无法执行该查询（请求编号 {requestId}，详情见日志）',
    'zh-TW': '資料庫無法執行該查詢（請求編號 {requestId}，詳情見日誌）',
    en: 'The database could not run the query (request id {requestId}; the details are in the log)',
  },
  'query.unnamed_column': {
    'zh-CN': '第 {index} 列没有名称，请为其设置别名',
    'zh-TW': '第 {index} 欄沒有名稱，請為其設定別名',
    en: 'Column {index} has no name; give it an alias',
  },
  'query.duplicate_column': {
    'zh-CN': '查询返回了多个名为 {name} 的列，请为每列设置不同的别名',
    'zh-TW': '查詢傳回了多個名為 {name} 的欄，請為每欄設定不同的別名',
    en: 'The query returns the column {name} more than once; give each column its own alias',
  },
  'connection.catalog_invalid': {
    'zh-CN': '请输入 Trino 目录（catalog），可选 schema，仅限字母、数字、下划线和连字符',
    'zh-TW': '請輸入 Trino 目錄（catalog），可選 schema，僅限字母、數字、底線和連字號',
    en: 'Please enter the Trino catalog and optionally a schema (letters, digits, underscores and hyphens only)',
  },
});
