import type { LinkageCatalogue } from './zh-CN';

/** 聯動、對比拆分與複製圖表的介面文字（註冊在 linkage.* 下）。 */
const zhTW: LinkageCatalogue = {
  settings: {
    title: '聯動設定：{{title}}',
    intro: '點擊此圖表的資料點時，篩選下面勾選的圖表。為每個圖表選擇此圖表的維度對應它資料來源中的哪個欄位（預設同名欄位）。',
    noDimension: '此圖表沒有維度，無法聯動其他圖表。請先在圖表編輯中新增維度。',
    noOthers: '此儀表板上沒有其他圖表。',
    loading: '正在讀取圖表和欄位…',
    loadFailed: '無法讀取圖表的欄位：{{message}}',
    target: '被聯動的圖表',
    mapping: '欄位對應',
    notMapped: '不聯動此維度',
    needField: '請至少為一個維度選擇欄位',
    noSource: '此圖表還沒有資料來源',
    save: '儲存',
    cancel: '取消',
    saved: '聯動設定已儲存',
    removed: '聯動設定已清除',
  },
  chip: {
    selected: '已選：{{values}}（聯動 {{count}} 個圖表）',
    clearSelection: '清除選擇',
    label: '{{source}}：{{values}}',
    clear: '清除「{{source}}」的聯動篩選',
    more: '等 {{count}} 個',
    hint: '按住 Ctrl/Cmd 點擊可多選；再次點擊同一資料點可清除',
  },
  split: {
    title: '對比拆分：{{title}}',
    noCompare: '此圖表沒有對比欄位，無法拆分。可在圖表編輯中把欄位拖入「對比」區域。',
    loading: '正在讀取對比值…',
    loadFailed: '無法讀取圖表：{{message}}',
    empty: '對比欄位沒有值。',
    capped: '只顯示前 {{shown}} 個對比值（共 {{total}} 個）',
    value: '{{field}} = {{value}}',
  },
  copy: {
    title: '複製圖表：{{title}}',
    where: '複製到',
    here: '目前儀表板',
    other: '其他儀表板',
    dashboard: '目標儀表板',
    pick: '請選擇儀表板',
    dashboards: '儀表板',
    templates: '範本',
    templateHint: '沒有範本編輯權限，只能複製到儀表板',
    noTargets: '沒有可以複製到的其他儀表板',
    submit: '複製',
    cancel: '取消',
    done: '已複製圖表「{{title}}」',
    doneElsewhere: '已把圖表「{{title}}」複製到「{{dashboard}}」',
  },
};

export default zhTW;
