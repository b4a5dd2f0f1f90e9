/** Texts of the folder tree shared by every sidebar (registered under folderTree.*). */
const zhCN = {
  names: {
    label: '名称',
    placeholder: '请输入名称（3 到 20 个字符）',
    required: '请输入名称',
    length: '名称长度须为 3 到 20 个字符',
    lineBreak: '名称须为单行文字，不能换行',
  },
  folders: {
    target: '目标文件夹',
    choose: '请选择目标文件夹',
  },
  drag: {
    folder: '拖动以调整文件夹顺序',
    item: '拖动以调整顺序或移到其他文件夹',
    itemMove: '拖动以移到其他文件夹',
    failed: '新的顺序未能保存',
  },
};

export type FolderTreeCatalogue = typeof zhCN;
export default zhCN;
