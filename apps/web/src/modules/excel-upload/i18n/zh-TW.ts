import type { ExcelUploadCatalogue } from './zh-CN';

/** Traditional Chinese texts of the Excel upload module (registered under excelUpload.*). */
const zhTW: ExcelUploadCatalogue = {
  title: {
    create: '上傳 Excel / CSV',
    append: '追加資料',
    replace: '取代資料',
  },
  steps: {
    upload: '上傳檔案',
    preview: '預覽工作表',
    worktable: '選擇工作表',
  },
  upload: {
    drop: '點擊或將檔案拖到此處上傳',
    hint: '一次一個檔案，最大 40M，支援 .xlsx 和 .csv；須為標準的一維表格，不能有合併儲存格，日期須包含年、月、日',
    tooLarge: '檔案超過 40M，不能上傳',
    xls: '不支援 .xls（Excel 97–2003）格式，請另存為 .xlsx 或 .csv',
    extension: '只能上傳 .xlsx 或 .csv 檔案',
    error: 'Excel 上傳出錯',
    status: {
      ready: '待上傳',
      uploading: '上傳中',
      success: '上傳成功',
      fail: '上傳失敗',
    },
    remove: '移除檔案',
  },
  preview: {
    rows: '前 {{count}} 列',
    noRows: '工作表只有標題列',
    type: '類型',
    types: {
      abandon: '放棄',
      string: '文字',
      number: '數字',
      date: '日期',
    },
    problem: '此工作表不能匯入',
    existingType: '按已有欄位的類型匯入',
  },
  worktable: {
    name: '工作表名稱',
    namePlaceholder: '3 到 20 個字元',
    nameRequired: '工作表名稱不能為空',
    nameLength: '名稱長度須為 3 到 20 個字元',
    source: '資料來源',
    column: '檔案中的欄',
    type: '類型',
    target: '欄位',
    targetNew: '新欄位名',
    notImported: '（不匯入）',
    noColumns: '請至少匯入一欄',
    targetRequired: '請為每一欄輸入欄位名',
    targetDuplicate: '欄位 {{name}} 被對應了多次',
    targetReserved: '欄位名 {{name}} 為系統保留',
    replaceWarning: '取代會先清空資料來源的全部資料，再匯入這個檔案',
    importing: '正在匯入資料，請稍候…',
  },
  actions: {
    next: '下一步',
    prev: '上一步',
    finish: '完成',
    cancel: '取消',
    append: '追加資料',
    replace: '取代資料',
  },
  rows: {
    delete: '刪除',
    deleteSelected: '刪除（{{count}}）',
    deleteTitle: '刪除資料',
    deleteContent: '確定刪除選取的 {{count}} 列資料嗎？',
    selected: '已選取 {{count}} 列',
    selectFirst: '請先選取要刪除的列',
  },
  fields: {
    remove: '刪除欄位',
    removeTitle: '刪除欄位',
    removeContent: '確定刪除欄位「{{name}}」及其資料嗎？刪除後無法復原。',
    removed: '已刪除欄位 {{name}}',
  },
  result: {
    created: '已匯入 {{count}} 列',
    appended: '已追加 {{count}} 列',
    replaced: '已取代為 {{count}} 列',
    deleted: '已刪除 {{count}} 列',
  },
  errors: {
    importFailed: '匯入失敗，可能是檔案格式不正確',
    notAllowed: '沒有權限上傳資料',
    unknownAction: '未知的操作',
    notUpload: '該資料來源不是上傳的資料',
    noRows: '沒有要刪除的 Excel 資料',
    noPrimaryKey: '沒有主鍵的資料不能刪除',
  },
};

export default zhTW;
