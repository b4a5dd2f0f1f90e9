import { defineMessages } from './define.js';

/** Relations. Keys: relation.*. */
export const relationMessages = defineMessages({
  'relation.not_found': {
    'zh-CN': '关系图不存在',
    'zh-TW': '關係圖不存在',
    en: 'The relation map does not exist',
  },
  'relation.folder_not_found': {
    'zh-CN': '关系图文件夹不存在',
    'zh-TW': '關係圖資料夾不存在',
    en: 'The relation map folder does not exist',
  },
  'relation.folder_not_empty': {
    'zh-CN': '文件夹中还有关系图，不能删除',
    'zh-TW': '資料夾中還有關係圖，不能刪除',
    en: 'The folder still holds relation maps and cannot be deleted',
  },
  'relation.no_access': {
    'zh-CN': '您没有查看此关系图的权限',
    'zh-TW': '您沒有檢視此關係圖的權限',
    en: 'You do not have permission to view this relation map',
  },
  'relation.no_edit': {
    'zh-CN': '您没有修改此关系图的权限',
    'zh-TW': '您沒有修改此關係圖的權限',
    en: 'You do not have permission to change this relation map',
  },
  'relation.no_nodes': {
    'zh-CN': '关系图至少需要一个节点',
    'zh-TW': '關係圖至少需要一個節點',
    en: 'A relation map needs at least one node',
  },
  'relation.too_many_nodes': {
    'zh-CN': '关系图最多 {max} 个节点',
    'zh-TW': '關係圖最多 {max} 個節點',
    en: 'A relation map can have at most {max} nodes',
  },
  'relation.node_id': {
    'zh-CN': '节点编号 {id} 不合法',
    'zh-TW': '節點編號 {id} 不合法',
    en: 'The node id {id} is not valid',
  },
  'relation.duplicate_node': {
    'zh-CN': '节点编号 {id} 重复',
    'zh-TW': '節點編號 {id} 重複',
    en: 'The node id {id} is used twice',
  },
  'relation.mixed_maps': {
    'zh-CN': '所有节点须属于同一个关系图',
    'zh-TW': '所有節點須屬於同一個關係圖',
    en: 'All nodes must belong to the same relation map',
  },
  'relation.node_name': {
    'zh-CN': '节点名称须为 {min} 到 {max} 个字符',
    'zh-TW': '節點名稱須為 {min} 到 {max} 個字元',
    en: 'A node name must be {min} to {max} characters',
  },
  'relation.no_root': {
    'zh-CN': '关系图须有一个根节点',
    'zh-TW': '關係圖須有一個根節點',
    en: 'A relation map needs one root node',
  },
  'relation.two_roots': {
    'zh-CN': '关系图只能有一个根节点（现有：{names}）',
    'zh-TW': '關係圖只能有一個根節點（現有：{names}）',
    en: 'A relation map can have only one root node (found: {names})',
  },
  'relation.parent_unknown': {
    'zh-CN': '节点“{name}”的上级节点不存在',
    'zh-TW': '節點「{name}」的上級節點不存在',
    en: 'The parent of node "{name}" does not exist',
  },
  'relation.cycle': {
    'zh-CN': '节点“{name}”形成了循环，关系图须为树',
    'zh-TW': '節點「{name}」形成了循環，關係圖須為樹',
    en: 'Node "{name}" is part of a cycle; a relation map must be a tree',
  },
  'relation.too_deep': {
    'zh-CN': '关系图最多 {max} 层',
    'zh-TW': '關係圖最多 {max} 層',
    en: 'A relation map can be at most {max} levels deep',
  },
  'relation.concatenate_field': {
    'zh-CN': '节点“{name}”开启了关联，须选择关联字段',
    'zh-TW': '節點「{name}」開啟了關聯，須選擇關聯欄位',
    en: 'Node "{name}" is linked to its parent: choose the linked field',
  },
  'relation.concatenate_parent': {
    'zh-CN': '节点“{name}”开启了关联，它和上级节点都须绑定图表',
    'zh-TW': '節點「{name}」開啟了關聯，它和上級節點都須綁定圖表',
    en: 'Node "{name}" is linked to its parent: both need a chart',
  },
  'relation.chart_unknown': {
    'zh-CN': '节点“{name}”的图表不存在或不可用',
    'zh-TW': '節點「{name}」的圖表不存在或無法使用',
    en: 'The chart of node "{name}" does not exist or cannot be used',
  },
  'relation.field_unknown': {
    'zh-CN': '节点“{name}”的关联字段 {field} 不在其图表的数据源中',
    'zh-TW': '節點「{name}」的關聯欄位 {field} 不在其圖表的資料來源中',
    en: 'The linked field {field} of node "{name}" is not in its chart\'s data source',
  },
  'relation.dashboard_empty': {
    'zh-CN': '仪表板中没有图表，无法生成关系图',
    'zh-TW': '儀表板中沒有圖表，無法產生關係圖',
    en: 'The dashboard has no charts to build a relation map from',
  },
  'relation.chart_missing': {
    'zh-CN': '图表已删除',
    'zh-TW': '圖表已刪除',
    en: 'The chart was deleted',
  },
});
