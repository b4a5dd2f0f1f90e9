import type { SharingCatalogue } from './zh-CN';

/** Traditional Chinese texts of the sharing module (registered under sharing.*). */
const zhTW: SharingCatalogue = {
  share: {
    title: '共用資料來源：{{name}}',
    roles: '角色',
    users: '使用者',
    rolesPlaceholder: '選擇可以檢視的角色',
    usersPlaceholder: '選擇可以檢視的使用者',
    hint: '被選取的角色和使用者可以檢視此資料來源及其圖表；未選取的將不再能檢視。',
    loadFailed: '共用設定載入失敗',
    save: '儲存',
    action: '共用',
  },
  batch: {
    title: '批次共用',
    folder: '資料夾',
    folderPlaceholder: '選擇資料夾',
    chooseFolder: '請選擇一個資料夾',
    selectAll: '全選',
    invert: '反選',
    selectNone: '全不選',
    add: '新增共用',
    remove: '取消共用',
    selected: '已選 {{count}} 個，共 {{total}} 個',
    name: '資料來源名稱',
    type: '類型',
    updated: '更新時間',
    notShareable: '你不能共用此資料來源',
    noSources: '此資料夾中沒有資料來源',
    noneChecked: '請至少勾選一個資料來源',
    noneChosen: '請至少選擇一個角色或使用者',
    back: '返回資料來源',
    running: '正在共用，請稍候…',
    removing: '正在取消共用，請稍候…',
    noPermission: '你沒有共用資料來源的權限',
    lastResult: '上次操作的結果',
  },
  result: {
    operateSuccess: '操作成功',
    publishSuccess: '共用成功',
    operateFailed: '操作失敗',
    publishFailed: '共用失敗',
    failedCount: '{{count}} 個資料來源失敗，其餘的已完成',
    dataSourceName: '資料來源名稱',
    failedMessage: '失敗原因',
  },
};

export default zhTW;
