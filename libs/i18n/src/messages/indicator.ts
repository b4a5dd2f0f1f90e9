import { defineMessages } from './define.js';

/** Indicator imports (types 1 and 5, spec 02 §4, §8) over the report provider protocol. Keys: indicator.*. */
export const indicatorMessages = defineMessages({
  'indicator.targets_required': {
    'zh-CN': '请选择指标',
    'zh-TW': '請選擇指標',
    en: 'Please select a target',
  },
  'indicator.name_required': {
    'zh-CN': '合并导入时请填写数据源名称',
    'zh-TW': '合併匯入時請填寫資料來源名稱',
    en: 'Enter a name for the merged source',
  },
  'indicator.not_a_target': {
    'zh-CN': '该节点不是可导入的指标',
    'zh-TW': '該節點不是可匯入的指標',
    en: 'This node is not a target that can be imported',
  },
  'indicator.target_failed': {
    'zh-CN': '指标系统中找不到该指标或无法读取其数值',
    'zh-TW': '指標系統中找不到該指標或無法讀取其數值',
    en: 'The indicator system has no such target or could not read its values',
  },
  'indicator.date_invalid': {
    'zh-CN': '开始日期不能晚于结束日期',
    'zh-TW': '開始日期不能晚於結束日期',
    en: 'The begin date cannot be after the end date',
  },
  'indicator.compare_invalid': {
    'zh-CN': '同比和环比仅适用于历史期间且检查周期不为日',
    'zh-TW': '同比和環比僅適用於歷史期間且檢查週期不為日',
    en: 'Same-period and cycle comparisons apply only to a history period whose cycle is not day',
  },
  'indicator.primary_account_required': {
    'zh-CN': '请先设置主 ERP 账号',
    'zh-TW': '請先設定主 ERP 帳號',
    en: 'Set up a primary ERP account first',
  },
  'indicator.not_indicator': {
    'zh-CN': '该数据源不是指标导入的数据源',
    'zh-TW': '該資料來源不是指標匯入的資料來源',
    en: 'This data source is not an indicator import',
  },
  'indicator.relation_template_required': {
    'zh-CN': '生成关系图请选择文件夹和模板',
    'zh-TW': '產生關係圖請選擇資料夾和範本',
    en: 'Choose a folder and a template to generate a relation map',
  },
  'indicator.relation_failed': {
    'zh-CN': '指标已导入，但关系图生成失败',
    'zh-TW': '指標已匯入，但關係圖產生失敗',
    en: 'The indicators were imported but the relation map could not be generated',
  },
  'indicator.history_synced': {
    'zh-CN': '导入指标 {targets}，共 {rows} 行',
    'zh-TW': '匯入指標 {targets}，共 {rows} 列',
    en: 'Imported targets {targets}: {rows} rows',
  },
});
