import { defineMessages } from './define.js';

/** Join tables (the join designer). Keys: join.*. */
export const joinMessages = defineMessages({
  'join.name_required': {
    'zh-CN': '工作表名称不能为空',
    'zh-TW': '工作表名稱不能為空',
    en: 'The worktable name cannot be empty',
  },
  'join.no_nodes': {
    'zh-CN': '请至少拖入一张表',
    'zh-TW': '請至少拖入一張表',
    en: 'Drop at least one table on the canvas',
  },
  'join.too_many_nodes': {
    'zh-CN': '一个关联表最多 {max} 张表',
    'zh-TW': '一個關聯表最多 {max} 張表',
    en: 'A joined table holds at most {max} tables',
  },
  'join.show_name_invalid': {
    'zh-CN': '表的显示名称须为 1 到 {max} 个字符',
    'zh-TW': '表的顯示名稱須為 1 到 {max} 個字元',
    en: 'A table name on the canvas must be 1 to {max} characters',
  },
  'join.duplicate_node': {
    'zh-CN': '画布上已有同名的表：{name}',
    'zh-TW': '畫布上已有同名的表：{name}',
    en: 'Duplicate table name on the canvas: {name}',
  },
  'join.node_missing': {
    'zh-CN': '关联指向了画布上不存在的表：{name}',
    'zh-TW': '關聯指向了畫布上不存在的表：{name}',
    en: 'The link points to a table that is not on the canvas: {name}',
  },
  'join.cycle': {
    'zh-CN': '关联在 {name} 处形成了循环：每张表只能关联一次，且只能关联到它之前的表上',
    'zh-TW': '關聯在 {name} 處形成了循環：每張表只能關聯一次，且只能關聯到它之前的表上',
    en: 'The joins form a cycle at {name}: every table is joined once, onto a table before it',
  },
  'join.not_joined': {
    'zh-CN': '表 {name} 没有与其他表关联',
    'zh-TW': '表 {name} 沒有與其他表關聯',
    en: 'The table {name} is not joined to the others',
  },
  'join.type_invalid': {
    'zh-CN': '不支持的关联方式 {joinType}',
    'zh-TW': '不支援的關聯方式 {joinType}',
    en: 'Unsupported join type {joinType}',
  },
  'join.fields_required': {
    'zh-CN': '请为 {from} 与 {to} 至少选择一对关联字段',
    'zh-TW': '請為 {from} 與 {to} 至少選擇一對關聯欄位',
    en: 'Choose at least one pair of join fields between {from} and {to}',
  },
  'join.too_many_join_fields': {
    'zh-CN': '一个关联最多 {max} 对关联字段',
    'zh-TW': '一個關聯最多 {max} 對關聯欄位',
    en: 'A join has at most {max} pairs of join fields',
  },
  'join.unknown_field': {
    'zh-CN': '表 {table} 中没有字段 {field}',
    'zh-TW': '表 {table} 中沒有欄位 {field}',
    en: 'The field {field} is not in {table}',
  },
  'join.type_mismatch': {
    'zh-CN': '关联字段 {from} 与 {to} 的类型不同（{fromType} / {toType}）',
    'zh-TW': '關聯欄位 {from} 與 {to} 的類型不同（{fromType} / {toType}）',
    en: 'The join fields {from} and {to} have different types ({fromType} / {toType})',
  },
  'join.linker_invalid': {
    'zh-CN': '筛选条件的连接方式须为 and 或 or',
    'zh-TW': '篩選條件的連接方式須為 and 或 or',
    en: 'Filter conditions are linked with and or or',
  },
  'join.too_many_filters': {
    'zh-CN': '最多 {max} 个筛选条件',
    'zh-TW': '最多 {max} 個篩選條件',
    en: 'At most {max} filter conditions',
  },
  'join.description_too_long': {
    'zh-CN': '字段 {name} 的描述最多 {max} 个字符',
    'zh-TW': '欄位 {name} 的描述最多 {max} 個字元',
    en: 'The description of {name} has at most {max} characters',
  },
  'join.no_fields': {
    'zh-CN': '请至少勾选一个字段',
    'zh-TW': '請至少勾選一個欄位',
    en: 'Check at least one field',
  },
  'join.duplicate_fields': {
    'zh-CN': '字段重复：{titles}',
    'zh-TW': '欄位重複：{titles}',
    en: 'duplicate fields: {titles}',
  },
  'join.cross_store': {
    'zh-CN': '暂不支持关联不同存储中的表：{a} 与 {b}',
    'zh-TW': '暫不支援關聯不同儲存中的表：{a} 與 {b}',
    en: 'Tables from different stores cannot be joined yet: {a} and {b}',
  },
  'join.nested': {
    'zh-CN': '关联表不能再作为其他关联表的输入',
    'zh-TW': '關聯表不能再作為其他關聯表的輸入',
    en: 'A joined table cannot be an input of another join',
  },
  'join.in_use': {
    'zh-CN': '数据源正被关联表 {names} 使用，请先修改或删除这些关联表',
    'zh-TW': '資料來源正被關聯表 {names} 使用，請先修改或刪除這些關聯表',
    en: 'The data source is used by the joined tables {names}; change or delete them first',
  },
  'join.use_designer': {
    'zh-CN': '关联表只能在关联表设计器中修改',
    'zh-TW': '關聯表只能在關聯表設計器中修改',
    en: 'A joined table is changed in the join designer',
  },
  'join.full_unsupported': {
    'zh-CN': '{database} 不支持全关联（full join）',
    'zh-TW': '{database} 不支援全關聯（full join）',
    en: '{database} has no full join',
  },
  'join.with_unsupported': {
    'zh-CN': '表 {name} 的 SQL 以 WITH 开头，不能参与 SQL Server 上的关联',
    'zh-TW': '表 {name} 的 SQL 以 WITH 開頭，不能參與 SQL Server 上的關聯',
    en: 'The SQL of {name} starts with WITH and cannot be joined on SQL Server',
  },
  'join.federation_table_only': {
    'zh-CN': '跨存储关联只能使用来自数据表的数据源（不含 SQL 或计算字段）：{name}',
    'zh-TW': '跨儲存關聯只能使用來自資料表的資料來源（不含 SQL 或計算欄位）：{name}',
    en: 'Joins across stores take sources made from a table (no SQL, no calculated fields): {name}',
  },
  'join.federation_engine_invalid': {
    'zh-CN': '联邦查询引擎必须是一个 Trino 数据源',
    'zh-TW': '聯邦查詢引擎必須是一個 Trino 資料來源',
    en: 'The federation engine must be a Trino source',
  },
  'join.federation_source_invalid': {
    'zh-CN': '联邦映射中的数据源不存在或不是数据库数据源：{id}',
    'zh-TW': '聯邦對應中的資料來源不存在或不是資料庫資料來源：{id}',
    en: 'A source of the federation mapping does not exist or is not a database source: {id}',
  },
});
