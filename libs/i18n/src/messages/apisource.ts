import { defineMessages } from './define.js';

/** HTTP API sources (docs/api/data-source.md "HTTP API sources"). Keys: apisource.*. */
export const apisourceMessages = defineMessages({
  'apisource.url_invalid': { 'zh-CN': '请输入 http:// 或 https:// 开头的接口地址', 'zh-TW': '請輸入 http:// 或 https:// 開頭的介面位址', en: 'Enter an API address starting with http:// or https://' },
  'apisource.url_credentials': {
    'zh-CN': '接口地址中不能包含用户名或密码，请使用认证设置',
    'zh-TW': '介面位址中不能包含使用者名稱或密碼，請使用驗證設定',
    en: 'The address may not hold a user name or password; use the authentication settings',
  },
  'apisource.header_reserved': { 'zh-CN': '请求头 {name} 不能自行设置', 'zh-TW': '請求標頭 {name} 不能自行設定', en: 'The header {name} cannot be set here' },
  'apisource.paging_body_needs_post': { 'zh-CN': '分页参数放在请求体中时须使用 POST', 'zh-TW': '分頁參數放在請求本文中時須使用 POST', en: 'Paging parameters in the body need the POST method' },
  'apisource.paging_param_required': { 'zh-CN': '请填写分页参数名', 'zh-TW': '請填寫分頁參數名稱', en: 'Enter the name of the paging parameter' },
  'apisource.body_not_object': { 'zh-CN': '请求体须为 JSON 对象', 'zh-TW': '請求本文須為 JSON 物件', en: 'The body must be a JSON object' },
  'apisource.path_invalid': {
    'zh-CN': 'JSON 路径 {path} 无效（支持 $、.名称、[序号]、[*]）',
    'zh-TW': 'JSON 路徑 {path} 無效（支援 $、.名稱、[序號]、[*]）',
    en: 'The JSON path {path} is not valid ($, .name, [n] and [*] are supported)',
  },
  'apisource.rows_not_found': { 'zh-CN': '返回结果中找不到路径 {path} 的数据', 'zh-TW': '回應中找不到路徑 {path} 的資料', en: 'The answer holds nothing at the path {path}' },
  'apisource.variable_unknown': { 'zh-CN': '未知的变量 {name}', 'zh-TW': '未知的變數 {name}', en: 'Unknown variable {name}' },
  'apisource.target_not_allowed': {
    'zh-CN': '不允许访问该地址（内网地址需由管理员开放）',
    'zh-TW': '不允許存取該位址（內部網路位址需由管理員開放）',
    en: 'This address may not be reached (an administrator must allow internal addresses)',
  },
  'apisource.unreachable': { 'zh-CN': '无法连接接口', 'zh-TW': '無法連線介面', en: 'The API could not be reached' },
  'apisource.timeout': { 'zh-CN': '接口在 {seconds} 秒内未响应', 'zh-TW': '介面在 {seconds} 秒內未回應', en: 'The API did not answer within {seconds} seconds' },
  'apisource.answer_too_large': { 'zh-CN': '单页返回超过 {mb} MB', 'zh-TW': '單頁回應超過 {mb} MB', en: 'One page of the answer is over {mb} MB' },
  'apisource.http_status': { 'zh-CN': '接口返回 HTTP {status}', 'zh-TW': '介面回應 HTTP {status}', en: 'The API answered HTTP {status}' },
  'apisource.not_json': { 'zh-CN': '第 {page} 页返回的不是 JSON', 'zh-TW': '第 {page} 頁回應的不是 JSON', en: 'Page {page} of the answer is not JSON' },
  'apisource.cursor_invalid': { 'zh-CN': '下一页游标须为文本或数字', 'zh-TW': '下一頁游標須為文字或數字', en: 'The next-page cursor must be text or a number' },
  'apisource.link_other_origin': {
    'zh-CN': '下一页链接指向其他站点，已停止',
    'zh-TW': '下一頁連結指向其他網站，已停止',
    en: 'The next-page link points to another site; stopped',
  },
  'apisource.too_many_pages': { 'zh-CN': '分页超过 {max} 页上限', 'zh-TW': '分頁超過 {max} 頁上限', en: 'More than the limit of {max} pages' },
  'apisource.too_many_rows': { 'zh-CN': '数据超过 {max} 行上限', 'zh-TW': '資料超過 {max} 列上限', en: 'More than the limit of {max} rows' },
  'apisource.bad_value': {
    'zh-CN': '第 {row} 行 {column} 列的值 “{value}” 与该列的类型不符',
    'zh-TW': '第 {row} 列 {column} 欄的值「{value}」與該欄的類型不符',
    en: 'Row {row}, column {column}: “{value}” does not fit the column’s type',
  },
  'apisource.columns_required': { 'zh-CN': '请至少保留一列', 'zh-TW': '請至少保留一欄', en: 'Keep at least one column' },
  'apisource.column_name_invalid': {
    'zh-CN': '列名 {name} 无效（不能为空、重复或使用保留名）',
    'zh-TW': '欄名 {name} 無效（不能為空、重複或使用保留名稱）',
    en: 'The column name {name} is not valid (empty, repeated or reserved)',
  },
  'apisource.watermark_invalid': {
    'zh-CN': '增量同步须选择一列作为水位字段',
    'zh-TW': '增量同步須選擇一欄作為水位欄位',
    en: 'Incremental sync needs one of the columns as its watermark field',
  },
  'apisource.secret_required': {
    'zh-CN': '接口地址已更改，请重新填写认证密钥',
    'zh-TW': '介面位址已變更，請重新填寫驗證密鑰',
    en: 'The address changed: enter the authentication secret again',
  },
  'apisource.not_api_source': { 'zh-CN': '该数据源不是接口数据源', 'zh-TW': '該資料來源不是介面資料來源', en: 'This data source is not an API source' },
});
