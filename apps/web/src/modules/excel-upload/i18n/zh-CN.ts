/** Simplified Chinese texts of the Excel upload module (registered under excelUpload.*). */
const zhCN = {
  title: {
    create: '上传 Excel / CSV',
    append: '追加数据',
    replace: '替换数据',
  },
  steps: {
    upload: '上传文件',
    preview: '预览工作表',
    worktable: '选择工作表',
  },
  upload: {
    drop: '点击或将文件拖到此处上传',
    hint: '一次一个文件，最大 40M，支持 .xlsx 和 .csv；须为标准的一维表格，不能有合并单元格，日期须包含年、月、日',
    tooLarge: '文件超过 40M，不能上传',
    xls: '不支持 .xls（Excel 97–2003）格式，请另存为 .xlsx 或 .csv',
    extension: '只能上传 .xlsx 或 .csv 文件',
    error: 'Excel 上传出错',
    status: {
      ready: '待上传',
      uploading: '上传中',
      success: '上传成功',
      fail: '上传失败',
    },
    remove: '移除文件',
  },
  preview: {
    rows: '前 {{count}} 行',
    noRows: '工作表只有标题行',
    type: '类型',
    types: {
      abandon: '放弃',
      string: '文本',
      number: '数字',
      date: '日期',
    },
    problem: '此工作表不能导入',
    existingType: '按已有字段的类型导入',
  },
  worktable: {
    name: '工作表名称',
    namePlaceholder: '3 到 20 个字符',
    nameRequired: '工作表名称不能为空',
    nameLength: '名称长度须为 3 到 20 个字符',
    source: '数据源',
    column: '文件中的列',
    type: '类型',
    target: '字段',
    targetNew: '新字段名',
    notImported: '（不导入）',
    noColumns: '请至少导入一列',
    targetRequired: '请为每一列输入字段名',
    targetDuplicate: '字段 {{name}} 被映射了多次',
    targetReserved: '字段名 {{name}} 为系统保留',
    replaceWarning: '替换会先清空数据源的全部数据，再导入这个文件',
    importing: '正在导入数据，请稍候…',
  },
  actions: {
    next: '下一步',
    prev: '上一步',
    finish: '完成',
    cancel: '取消',
    append: '追加数据',
    replace: '替换数据',
  },
  result: {
    created: '已导入 {{count}} 行',
    appended: '已追加 {{count}} 行',
    replaced: '已替换为 {{count}} 行',
    deleted: '已删除 {{count}} 行',
  },
  errors: {
    importFailed: '导入失败，可能是文件格式不正确',
    notAllowed: '没有权限上传数据',
    unknownAction: '未知的操作',
    notUpload: '该数据源不是上传的数据',
    noRows: '没有要删除的 Excel 数据',
    noPrimaryKey: '没有主键的数据不能删除',
  },
};

export type ExcelUploadCatalogue = typeof zhCN;
export default zhCN;
