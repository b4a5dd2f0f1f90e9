import { defineMessages } from './define.js';

/** Templates: publishing, copying, importing. Keys: template.*. */
export const templateMessages = defineMessages({
  'template.empty_folder': {
    'zh-CN': '该文件夹中没有可发布的仪表板',
    'zh-TW': '該資料夾中沒有可發佈的儀表板',
    en: 'The folder has no dashboard to publish',
  },
  'template.kind_invalid': {
    'zh-CN': '模板类型必须是 dash 或 proj',
    'zh-TW': '模板類型必須是 dash 或 proj',
    en: 'The template kind must be dash or proj',
  },
  'template.published': {
    'zh-CN': '已发布“{name}”（第 {version} 版）',
    'zh-TW': '已發佈「{name}」（第 {version} 版）',
    en: 'Published "{name}" (version {version})',
  },
  'template.copy_template_forbidden': {
    'zh-CN': '没有模板编辑权限时只能复制到仪表板，不能复制到模板',
    'zh-TW': '沒有模板編輯權限時只能複製到儀表板，不能複製到模板',
    en: 'Without template edit permission you can copy only to a dashboard, not into a template',
  },
  'template.source_gone': {
    'zh-CN': '此模板的数据源“{name}”已不存在，请选择您自己的数据源',
    'zh-TW': '此模板的資料來源「{name}」已不存在，請選擇您自己的資料來源',
    en: 'The data source "{name}" of this template no longer exists; choose one of yours',
  },
  'template.field_missing': {
    'zh-CN': '数据源“{name}”没有 {type} 类型的字段 {field}',
    'zh-TW': '資料來源「{name}」沒有 {type} 類型的欄位 {field}',
    en: 'The data source "{name}" has no field {field} of type {type}',
  },
  'template.publish_forbidden': {
    'zh-CN': '无法发布此仪表板：您无权访问图表“{title}”的数据源',
    'zh-TW': '無法發佈此儀表板：您無權存取圖表「{title}」的資料來源',
    en: 'You cannot publish this dashboard: you have no access to the data source of chart "{title}"',
  },
  'template.not_found': {
    'zh-CN': '未找到模板',
    'zh-TW': '找不到模板',
    en: 'Template not found',
  },
  'template.bad_file': {
    'zh-CN': '这不是模板文件',
    'zh-TW': '這不是模板檔案',
    en: 'This is not a template file',
  },
});
