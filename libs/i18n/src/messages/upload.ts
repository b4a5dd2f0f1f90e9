import { defineMessages } from './define.js';

/** Excel / CSV upload and import (excel.*). Keys: excel.*. */
export const uploadMessages = defineMessages({
  'excel.unreadable': {
    'zh-CN': '无法读取该文件：它不是有效的 .xlsx 工作簿，可能已损坏或是其他格式',
    'zh-TW': '無法讀取該檔案：它不是有效的 .xlsx 活頁簿，可能已損壞或是其他格式',
    en: 'The file cannot be read: it is not a valid .xlsx workbook; it may be damaged or in another format',
  },
  'excel.xls_unsupported': {
    'zh-CN': '不支持 .xls（Excel 97–2003）格式，请另存为 .xlsx 或 .csv 后再上传',
    'zh-TW': '不支援 .xls（Excel 97–2003）格式，請另存為 .xlsx 或 .csv 後再上傳',
    en: 'The .xls format (Excel 97–2003) is not supported; save the file as .xlsx or .csv and upload it again',
  },
  'excel.extension': {
    'zh-CN': '只能上传 .xlsx 或 .csv 文件',
    'zh-TW': '只能上傳 .xlsx 或 .csv 檔案',
    en: 'Only .xlsx and .csv files can be uploaded',
  },
  'excel.too_large': {
    'zh-CN': '文件超过 {max}M，不能上传',
    'zh-TW': '檔案超過 {max}M，不能上傳',
    en: 'The file is larger than {max}M and cannot be uploaded',
  },
  'excel.too_many_rows': {
    'zh-CN': '工作表 {sheet} 超过 {max} 行数据，不能导入；请拆分后分批导入',
    'zh-TW': '工作表 {sheet} 超過 {max} 列資料，不能匯入；請拆分後分批匯入',
    en: 'Sheet {sheet} has more than {max} rows of data and cannot be imported; split it and import the parts',
  },
  'excel.cell_too_large': {
    'zh-CN': '工作表 {sheet} 第 {row} 行有一个单元格超过 {max} 个字符，不能导入',
    'zh-TW': '工作表 {sheet} 第 {row} 列有一個儲存格超過 {max} 個字元，不能匯入',
    en: 'Sheet {sheet}, row {row}: a cell holds more than {max} characters and cannot be imported',
  },
  'excel.text_too_large': {
    'zh-CN': '文件中有一段文字超过 {max} 个字符（一个单元格最多 {max} 个字符），不能导入',
    'zh-TW': '檔案中有一段文字超過 {max} 個字元（一個儲存格最多 {max} 個字元），不能匯入',
    en: 'The file holds a text of more than {max} characters (a cell may hold at most {max}) and cannot be imported',
  },
  'excel.csv_quote_unclosed': {
    'zh-CN': '工作表 {sheet}：第 {line} 行开始的引号没有结束（或该单元格超过 {max} 个字符）；请检查该行的引号',
    'zh-TW': '工作表 {sheet}：第 {line} 行開始的引號沒有結束（或該儲存格超過 {max} 個字元）；請檢查該行的引號',
    en: 'Sheet {sheet}: the quote opened on line {line} is never closed (or its cell holds more than {max} characters); check the quotes of that line',
  },
  'excel.upload_incomplete': {
    'zh-CN': '上传未完成（连接中断），请重新上传',
    'zh-TW': '上傳未完成（連線中斷），請重新上傳',
    en: 'The upload did not complete (the connection was cut); please upload the file again',
  },
  'excel.file_empty': {
    'zh-CN': '文件是空的',
    'zh-TW': '檔案是空的',
    en: 'The file is empty',
  },
  'excel.no_file': {
    'zh-CN': '请选择要上传的文件',
    'zh-TW': '請選擇要上傳的檔案',
    en: 'Please choose a file to upload',
  },
  'excel.multipart_required': {
    'zh-CN': '请以表单（multipart/form-data）方式上传文件',
    'zh-TW': '請以表單（multipart/form-data）方式上傳檔案',
    en: 'Please send the file as a form (multipart/form-data)',
  },
  'excel.action_invalid': {
    'zh-CN': '操作须为 create、append 或 replace',
    'zh-TW': '操作須為 create、append 或 replace',
    en: 'The action must be create, append or replace',
  },
  'excel.upload_not_found': {
    'zh-CN': '上传的文件已失效，请重新上传',
    'zh-TW': '上傳的檔案已失效，請重新上傳',
    en: 'The uploaded file is no longer available; please upload it again',
  },
  'excel.sheet_not_found': {
    'zh-CN': '找不到工作表 {sheet}',
    'zh-TW': '找不到工作表 {sheet}',
    en: 'Sheet {sheet} not found',
  },
  'excel.sheet_empty': {
    'zh-CN': '工作表 {sheet} 是空的',
    'zh-TW': '工作表 {sheet} 是空的',
    en: 'Sheet {sheet} is empty',
  },
  'excel.merged_cells': {
    'zh-CN': '工作表 {sheet} 含有合并单元格，请取消合并，使用标准的一维表格',
    'zh-TW': '工作表 {sheet} 含有合併儲存格，請取消合併，使用標準的一維表格',
    en: 'Sheet {sheet} has merged cells; unmerge them and use a standard one-dimensional table',
  },
  'excel.not_tabular': {
    'zh-CN': '工作表 {sheet} 不是标准的一维表格：第 {row} 行 {column} 列的数据没有列标题',
    'zh-TW': '工作表 {sheet} 不是標準的一維表格：第 {row} 列 {column} 欄的資料沒有欄標題',
    en: 'Sheet {sheet} is not a standard one-dimensional table: the value in row {row}, column {column} has no column header',
  },
  'excel.header_empty': {
    'zh-CN': '工作表 {sheet} 第 {row} 行的 {column} 列没有列标题',
    'zh-TW': '工作表 {sheet} 第 {row} 列的 {column} 欄沒有欄標題',
    en: 'Sheet {sheet}: column {column} of the header row {row} has no name',
  },
  'excel.header_duplicate': {
    'zh-CN': '工作表 {sheet} 的列标题 {name} 重复，请为每一列设置不同的标题',
    'zh-TW': '工作表 {sheet} 的欄標題 {name} 重複，請為每一欄設定不同的標題',
    en: 'Sheet {sheet}: the column header {name} appears more than once; give each column its own header',
  },
  'excel.bad_number': {
    'zh-CN': '工作表 {sheet} 第 {row} 行、列 {column} 的值 {value} 不是数字',
    'zh-TW': '工作表 {sheet} 第 {row} 列、欄 {column} 的值 {value} 不是數字',
    en: 'Sheet {sheet}, row {row}, column {column}: {value} is not a number',
  },
  'excel.bad_date': {
    'zh-CN': '工作表 {sheet} 第 {row} 行、列 {column} 的值 {value} 不是日期（日期须包含年、月、日，时间可选）',
    'zh-TW': '工作表 {sheet} 第 {row} 列、欄 {column} 的值 {value} 不是日期（日期須包含年、月、日，時間可選）',
    en: 'Sheet {sheet}, row {row}, column {column}: {value} is not a date (a date needs year, month and day; the time is optional)',
  },
  'excel.column_missing': {
    'zh-CN': '工作表 {sheet} 中没有列 {name}',
    'zh-TW': '工作表 {sheet} 中沒有欄 {name}',
    en: 'Sheet {sheet} has no column {name}',
  },
  'excel.column_duplicate': {
    'zh-CN': '列 {name} 出现了多次',
    'zh-TW': '欄 {name} 出現了多次',
    en: 'Column {name} is given more than once',
  },
  'excel.type_invalid': {
    'zh-CN': '列 {name} 的类型 {type} 不合法（可选：abandon、string、number、date）',
    'zh-TW': '欄 {name} 的類型 {type} 不合法（可選：abandon、string、number、date）',
    en: 'Column {name}: type {type} is not one of abandon, string, number, date',
  },
  'excel.no_columns': {
    'zh-CN': '请至少导入一列',
    'zh-TW': '請至少匯入一欄',
    en: 'Please import at least one column',
  },
  'excel.table_name_required': {
    'zh-CN': '工作表名称不能为空',
    'zh-TW': '工作表名稱不能為空',
    en: 'The worksheet name cannot be empty',
  },
  'excel.target_required': {
    'zh-CN': '请为每一列输入字段名',
    'zh-TW': '請為每一欄輸入欄位名',
    en: 'Please enter a field name for every column',
  },
  'excel.target_too_long': {
    'zh-CN': '字段名 {name} 过长（最多 {max} 个字节）',
    'zh-TW': '欄位名 {name} 過長（最多 {max} 個位元組）',
    en: 'The field name {name} is too long (at most {max} bytes)',
  },
  'excel.target_reserved': {
    'zh-CN': '字段名 {name} 为系统保留，请换一个名称',
    'zh-TW': '欄位名 {name} 為系統保留，請換一個名稱',
    en: 'The field name {name} is reserved; please choose another one',
  },
  'excel.target_duplicate': {
    'zh-CN': '字段 {name} 被映射了多次',
    'zh-TW': '欄位 {name} 被對應了多次',
    en: 'Field {name} is mapped more than once',
  },
  'excel.target_unknown': {
    'zh-CN': '数据源中没有字段 {name}',
    'zh-TW': '資料來源中沒有欄位 {name}',
    en: 'The data source has no field {name}',
  },
  'excel.no_primary_key': {
    'zh-CN': '没有主键的数据不能删除',
    'zh-TW': '沒有主鍵的資料不能刪除',
    en: 'Cannot delete data without primary key',
  },
  'excel.no_rows_selected': {
    'zh-CN': '没有要删除的 Excel 数据',
    'zh-TW': '沒有要刪除的 Excel 資料',
    en: 'No excel data to delete',
  },
  'excel.field_unknown': {
    'zh-CN': '没有可删除的字段 {name}',
    'zh-TW': '沒有可刪除的欄位 {name}',
    en: 'There is no field {name} to remove',
  },
  'excel.last_field': {
    'zh-CN': '不能删除最后一个字段',
    'zh-TW': '不能刪除最後一個欄位',
    en: 'The last field cannot be removed',
  },
  'excel.field_in_use': {
    'zh-CN': '字段 {name} 被计算字段 {field} 使用，请先修改计算字段',
    'zh-TW': '欄位 {name} 被計算欄位 {field} 使用，請先修改計算欄位',
    en: 'Field {name} is used by the calculated field {field}; change that field first',
  },
  'excel.cancelled': {
    'zh-CN': '导入已取消，数据保持不变',
    'zh-TW': '匯入已取消，資料保持不變',
    en: 'The import was cancelled; the data is unchanged',
  },
});
