import type { FolderTreeCatalogue } from './zh-CN';

/** Traditional Chinese texts of the folder tree (registered under folderTree.*). */
const zhTW: FolderTreeCatalogue = {
  names: {
    label: '名稱',
    placeholder: '請輸入名稱（3 到 20 個字元）',
    required: '請輸入名稱',
    length: '名稱長度須為 3 到 20 個字元',
    lineBreak: '名稱須為單行文字，不能換行',
  },
  folders: {
    target: '目標資料夾',
    choose: '請選擇目標資料夾',
  },
  drag: {
    folder: '拖曳以調整資料夾順序',
    item: '拖曳以調整順序或移到其他資料夾',
    itemMove: '拖曳以移到其他資料夾',
    failed: '新的順序未能儲存',
  },
};

export default zhTW;
