import { CloudUploadOutlined, ImportOutlined } from '@ant-design/icons';
import type { SidebarExtension } from '../../dashboard/components/DashboardSidebar';
import type { TabType } from '../../dashboard/types';
import { useTpTranslation } from '../i18n';
import { useTemplateActions } from './useTemplateActions';

/**
 * The dashboard tab's publish entries (spec 02 §2 screen 11 "publish menu"): "Publish as template"
 * on every folder and dashboard and in the sidebar's head, for template:edit holders.
 */
export function usePublishExtension(tab: TabType): SidebarExtension {
  const { tp } = useTpTranslation();
  const actions = useTemplateActions();
  if (tab !== 'dashboard' || !actions.canPublish) return {};
  const entry = (kind: 'dash' | 'proj', id: string) => ({ key: 'publish-template', label: tp('menu.publish'), testId: 'menu-publish-template', onSelect: () => actions.publish({ kind, id }) });
  return {
    folderMenu: (project) => (project.dashboards.length > 0 ? [entry('proj', project.projectId)] : []),
    dashboardMenu: (dashboard) => [entry('dash', dashboard.dashboardId)],
    actions: [{ key: 'publish-template', icon: <CloudUploadOutlined />, label: tp('menu.publish'), testId: 'publish-template', onClick: () => actions.publish() }],
    dialogs: actions.dialogs,
  };
}

/**
 * The template tab's sidebar (spec 02 §2 screen 11): the published templates the caller may see by
 * folder, opened read-only (`?apiName=template`) unless the caller edits templates; copy into one's
 * dashboards (a template) or copy a folder (projCopy), export, import, and publish for template:edit.
 */
export function useTemplateSidebarExtension(): SidebarExtension {
  const { tp } = useTpTranslation();
  const actions = useTemplateActions({ importer: true });
  const exportEntry = (kind: 'dash' | 'proj', id: string) => ({ key: 'export-template', label: tp('menu.export'), testId: 'menu-export-template', onSelect: () => actions.exportTemplate(kind, id) });
  return {
    openQuery: actions.canEditTemplate ? '' : '?apiName=template',
    texts: {
      title: tp('sidebar.title'),
      label: tp('sidebar.label'),
      search: tp('sidebar.search'),
      noFolders: tp('sidebar.noFolders'),
      noResults: tp('sidebar.noResults'),
      loadFailed: tp('sidebar.loadFailed'),
      emptyFolder: tp('sidebar.emptyFolder'),
      folderMenu: tp('sidebar.folderMenu'),
      itemMenu: tp('sidebar.itemMenu'),
    },
    folderMenu: (project) => [
      ...(actions.canCopy && project.dashboards.length > 0
        ? [{ key: 'copy-folder', label: tp('menu.copyFolder'), testId: 'menu-copy-folder', onSelect: () => actions.copy({ kind: 'proj', id: project.projectId, name: project.name }) }]
        : []),
      ...(project.dashboards.length > 0 ? [exportEntry('proj', project.projectId)] : []),
    ],
    dashboardMenu: (dashboard) => [
      ...(actions.canCopy
        ? [{ key: 'copy-to-dashboards', label: tp('menu.copyToDashboards'), testId: 'menu-copy-to-dashboards', onSelect: () => actions.copy({ kind: 'dash', id: dashboard.dashboardId, name: dashboard.name }) }]
        : []),
      exportEntry('dash', dashboard.dashboardId),
    ],
    actions: [
      ...(actions.canCopy ? [{ key: 'import-template', icon: <ImportOutlined />, label: tp('sidebar.import'), testId: 'import-template', onClick: actions.pickImport }] : []),
      ...(actions.canPublish ? [{ key: 'publish-template', icon: <CloudUploadOutlined />, label: tp('menu.publish'), testId: 'publish-template', onClick: () => actions.publish() }] : []),
    ],
    dialogs: actions.dialogs,
  };
}
