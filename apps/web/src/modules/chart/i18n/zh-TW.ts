import type { ChartViewCatalogue } from './zh-CN';

/** Traditional Chinese texts of the chart renderers (registered under chart.view.*). */
const zhTW: ChartViewCatalogue = {
  loading: '圖表載入中…',
  error: '圖表載入失敗',
  retry: '重試',
  empty: '未查詢到資料',
  unconfigured: '尚未設定欄位',
  unconfiguredHint: '請在圖表編輯中選擇資料來源和欄位',
  edit: '編輯圖表',
  downsampled: '顯示 {{shown}} / {{total}} 個點',
  truncated: '結果超過 {{count}} 列，只顯示前 {{count}} 列',
  warnings: '提示',
  drawFailed: '圖表繪製失敗',
  mapFailed: '地圖載入失敗',
  refreshing: '正在重新整理',
  tableTotal: '共 {{total}} 列',
  noPermission: '暫無權限檢視此圖表的資料來源',
  noPermissionHint: '請聯絡管理員共用該資料來源',
  summary: '{{title}}：{{value}}',
};

export default zhTW;
