import { defineMessages } from './define.js';

/** ERP report sources (type 4) and their report providers (docs/providers.md). Keys: e10.*. A provider's own text is never shown. */
export const e10Messages = defineMessages({
  'e10.provider_unauthorized': {
    'zh-CN': 'ERP 账号的用户名或密码不正确',
    'zh-TW': 'ERP 帳號的使用者名稱或密碼不正確',
    en: 'The ERP account’s user name or password is not correct',
  },
  'e10.provider_clock_skew': {
    'zh-CN': 'ERP 服务器的时间与本系统相差过大，请校准时间后重试',
    'zh-TW': 'ERP 伺服器的時間與本系統相差過大，請校準時間後重試',
    en: 'The ERP server’s clock differs too much from this system’s; correct the time and try again',
  },
  'e10.provider_forbidden': {
    'zh-CN': '该 ERP 账号无权使用此报表',
    'zh-TW': '該 ERP 帳號無權使用此報表',
    en: 'This ERP account may not use this report',
  },
  'e10.provider_not_found': {
    'zh-CN': 'ERP 中找不到该报表、条件方案或日期字段',
    'zh-TW': 'ERP 中找不到該報表、條件方案或日期欄位',
    en: 'The ERP has no such report, condition project or date field',
  },
  'e10.provider_invalid': {
    'zh-CN': 'ERP 拒绝了该请求（参数或日期范围不正确）',
    'zh-TW': 'ERP 拒絕了該請求（參數或日期範圍不正確）',
    en: 'The ERP refused the request (a parameter or the date range is not valid)',
  },
  'e10.provider_busy': {
    'zh-CN': 'ERP 服务器繁忙，请稍后再试',
    'zh-TW': 'ERP 伺服器忙碌，請稍後再試',
    en: 'The ERP server is busy; try again later',
  },
  'e10.provider_unavailable': {
    'zh-CN': 'ERP 服务暂时不可用，请稍后再试',
    'zh-TW': 'ERP 服務暫時無法使用，請稍後再試',
    en: 'The ERP service is not available right now; try again later',
  },
  'e10.provider_unreachable': {
    'zh-CN': '无法连接 ERP 服务器，请检查 ERP 账号的 IP 和端口',
    'zh-TW': '無法連線 ERP 伺服器，請檢查 ERP 帳號的 IP 和連接埠',
    en: 'The ERP server cannot be reached; check the ERP account’s IP and port',
  },
  'e10.provider_timeout': {
    'zh-CN': 'ERP 服务器未在规定时间内响应',
    'zh-TW': 'ERP 伺服器未在規定時間內回應',
    en: 'The ERP server did not answer in time',
  },
  'e10.provider_bad_response': {
    'zh-CN': 'ERP 服务器的应答不符合报表接口协议',
    'zh-TW': 'ERP 伺服器的回應不符合報表介面協定',
    en: 'The ERP server’s answer does not follow the report provider protocol',
  },
  'e10.provider_too_large': {
    'zh-CN': 'ERP 服务器的应答过大',
    'zh-TW': 'ERP 伺服器的回應過大',
    en: 'The ERP server’s answer is too large',
  },
  'e10.target_not_allowed': {
    'zh-CN': '不允许连接该 ERP 地址，请联系管理员开放（BI_OUTBOUND_ALLOW）',
    'zh-TW': '不允許連線該 ERP 位址，請聯絡管理員開放（BI_OUTBOUND_ALLOW）',
    en: 'Connecting to this ERP address is not allowed; ask the administrator to open it (BI_OUTBOUND_ALLOW)',
  },
  'e10.too_many_rows': {
    'zh-CN': '报表行数超过上限 {max}，请缩短日期区间或换用条件方案',
    'zh-TW': '報表列數超過上限 {max}，請縮短日期區間或換用條件方案',
    en: 'The report has more than {max} rows; shorten the date range or choose another condition project',
  },
  'e10.account_required': {
    'zh-CN': '请选择 ERP 账号',
    'zh-TW': '請選擇 ERP 帳號',
    en: 'Choose an ERP account',
  },
  'e10.account_invalid': {
    'zh-CN': 'ERP 账号的 IP、端口、用户名或密码不完整',
    'zh-TW': 'ERP 帳號的 IP、連接埠、使用者名稱或密碼不完整',
    en: 'The ERP account’s IP, port, user name or password is missing',
  },
  'e10.program_required': {
    'zh-CN': '请选择报表程序',
    'zh-TW': '請選擇報表程式',
    en: 'Choose a report program',
  },
  'e10.condition_project_required': {
    'zh-CN': '请选择条件方案',
    'zh-TW': '請選擇條件方案',
    en: 'Choose a condition project',
  },
  'e10.date_field_unknown': {
    'zh-CN': '该报表没有日期字段 {name}',
    'zh-TW': '該報表沒有日期欄位 {name}',
    en: 'The report has no date field {name}',
  },
  'e10.column_invalid': {
    'zh-CN': '报表列名 {name} 不能作为字段名',
    'zh-TW': '報表欄名 {name} 不能作為欄位名',
    en: 'The report column name {name} cannot be used as a field name',
  },
  'e10.program_columns_changed': {
    'zh-CN': '报表的列与此数据源不同，请新建一个数据源',
    'zh-TW': '報表的欄與此資料來源不同，請新建一個資料來源',
    en: 'The report’s columns differ from this source’s; create a new source instead',
  },
  'e10.use_wizard': {
    'zh-CN': 'ERP 报表数据源请在 ERP 报表设置中修改',
    'zh-TW': 'ERP 報表資料來源請在 ERP 報表設定中修改',
    en: 'An ERP report source is changed in its ERP report settings',
  },
  'e10.not_erp_report': {
    'zh-CN': '该数据源不是 ERP 报表数据源',
    'zh-TW': '該資料來源不是 ERP 報表資料來源',
    en: 'This data source is not an ERP report source',
  },
  'e10.no_report_url': {
    'zh-CN': '该报表在 ERP 中没有可打开的页面',
    'zh-TW': '該報表在 ERP 中沒有可開啟的頁面',
    en: 'This report has no page in the ERP to open',
  },
  'e10.history_synced': {
    'zh-CN': '从 ERP 报表 {program} 同步 {rows} 行',
    'zh-TW': '從 ERP 報表 {program} 同步 {rows} 列',
    en: 'Synced {rows} rows from ERP report {program}',
  },
  'e10.history_settings': {
    'zh-CN': '修改了 ERP 报表设置',
    'zh-TW': '修改了 ERP 報表設定',
    en: 'Changed the ERP report settings',
  },
  // SBEP and second-generation ERP sources (docs/adr/0017)
  'e10.connection_invalid': {
    'zh-CN': '连接字符串格式不正确，应为 {scheme}://地址:端口/账号/报表程序/条件方案/日期字段或 null',
    'zh-TW': '連線字串格式不正確，應為 {scheme}://位址:連接埠/帳號/報表程式/條件方案/日期欄位或 null',
    en: 'The connection string must read {scheme}://address:port/account/program/condition project/date field or null',
  },
  'e10.connection_account_mismatch': {
    'zh-CN': '连接字符串中的地址与所选 ERP 账号不一致',
    'zh-TW': '連線字串中的位址與所選 ERP 帳號不一致',
    en: 'The address in the connection string is not that of the ERP account',
  },
});
