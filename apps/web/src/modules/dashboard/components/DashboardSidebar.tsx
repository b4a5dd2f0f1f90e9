import { FileOutlined, FolderAddOutlined } from '@ant-design/icons';
import { DISPLAY_CUT } from '@bi/rules';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import * as Tree from '../../../shared/folder-tree';
import { useCopyLink } from '../hooks/useCopyLink';
import { useEditAuth } from '../hooks/useEditAuth';
import { useProjects, useSidebarMutations } from '../hooks/useProjects';
import { useDbTranslation } from '../i18n';
import type { Dashboard, Project, TabType } from '../types';
import { dashboardTree } from '../utils/tree';

// opened rarely: its own chunk, fetched when the menu entry is chosen
const FolderSourceDialog = lazy(() => import('./FolderSourceDialog').then((m) => ({ default: m.FolderSourceDialog })));

type DialogState =
  | { kind: 'addDashboard'; project: Project }
  | { kind: 'renameDashboard'; dashboard: Dashboard }
  | { kind: 'moveDashboard'; dashboard: Dashboard }
  | { kind: 'copyDashboard'; dashboard: Dashboard }
  | { kind: 'folderSource'; project: Project };

const TEST_IDS: Tree.TreeTestIds = {
  tree: 'sidebar-tree',
  search: 'sidebar-search',
  empty: 'sidebar-empty',
  noResults: 'sidebar-no-results',
  error: 'sidebar-error',
  folder: (id) => `folder-${id}`,
  folderMenu: (id) => `folder-menu-${id}`,
  dragFolder: (id) => `drag-folder-${id}`,
  item: (id) => `dashboard-item-${id}`,
  itemMenu: (id) => `dashboard-menu-${id}`,
  dragItem: (id) => `drag-dashboard-${id}`,
};

/**
 * What a higher module adds to the sidebar (the app hands it down, e.g. the template module's publish
 * entries on the dashboard tab and its copy/export/import on the template tab): menu entries after the
 * sidebar's own, head buttons, texts, its dialogs, and the query a dashboard opens with.
 */
export interface SidebarExtension {
  folderMenu?: (project: Project) => Tree.TreeMenuEntry[];
  dashboardMenu?: (dashboard: Dashboard) => Tree.TreeMenuEntry[];
  actions?: Tree.TreeAction[];
  texts?: Partial<Tree.TreeTexts>;
  dialogs?: ReactNode;
  /** appended to a dashboard's path when it is opened (e.g. `?apiName=template`) */
  openQuery?: string;
}
export type UseSidebarExtension = (tab: TabType) => SidebarExtension;
const noExtension: UseSidebarExtension = () => ({});
const withExtra = (own: Tree.TreeMenuEntry[], extra: Tree.TreeMenuEntry[] | undefined) => Tree.tidyMenu([...own, { divider: true }, ...(extra ?? [])]);

/** Folder sidebar of the dashboard and template tabs (spec 01 §2 "Dashboard sidebar") on the shared folder tree. */
export function DashboardSidebar({ tab, useExtension = noExtension }: { tab: TabType; useExtension?: UseSidebarExtension }) {
  const { db } = useDbTranslation();
  const { ft } = Tree.useFolderTreeTranslation();
  const feedback = Tree.useTreeFeedback();
  const navigate = useNavigate();
  const params = useParams();
  const activeDashboard = params.dashboard;
  const { editAuth } = useEditAuth(tab);
  const query = useProjects(tab);
  const mutations = useSidebarMutations(tab);
  const tree = Tree.useFolderTree(dashboardTree, query.data, activeDashboard);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const projects = tree.folders;
  const extension = useExtension(tab);

  const pathOf = (dashboard: Dashboard) => `/${tab}/${encodeURIComponent(dashboard.projectId)}/${encodeURIComponent(dashboard.dashboardId)}${extension.openQuery ?? ''}`;
  const copyLink = useCopyLink(tab, extension.openQuery);
  const closeDialog = () => setDialog(null);
  const folderActions = Tree.useFolderActions({
    texts: Tree.folderTexts((key) => db(`folder.${key}`), ({ id, name }) => db('folder.deleteContent', { name, count: projects.find((p) => p.projectId === id)?.dashboards.length ?? 0 })),
    calls: {
      create: async (name) => (await mutations.createProject.mutateAsync(name)).projectId,
      rename: (projectId, name) => mutations.renameProject.mutateAsync({ projectId, name }),
      remove: (projectId) => mutations.deleteProject.mutateAsync(projectId),
    },
    expand: tree.expand,
    afterDelete: (projectId) => {
      const project = projects.find((p) => p.projectId === projectId);
      if (params.project === projectId || project?.dashboards.some((d) => d.dashboardId === activeDashboard)) void navigate(`/${tab}`);
    },
  });
  const folderOf = (project: Project) => ({ id: project.projectId, name: project.name });

  const folderMenu = (project: Project): Tree.TreeMenuEntry[] => withExtra(ownFolderMenu(project), extension.folderMenu?.(project));
  const ownFolderMenu = (project: Project): Tree.TreeMenuEntry[] => {
    const rights = Tree.nodeRights(project.name, editAuth);
    if (!rights.menu) return [];
    return [
      { key: 'rename', label: db('menu.rename'), testId: 'menu-rename', disabled: !rights.rename, onSelect: () => folderActions.rename(folderOf(project)) },
      { key: 'add-dashboard', label: db('menu.addDashboard'), testId: 'menu-add-dashboard', onSelect: () => setDialog({ kind: 'addDashboard', project }) },
      { key: 'delete', label: db('menu.delete'), testId: 'menu-delete', disabled: !rights.delete, danger: true, onSelect: () => folderActions.remove(folderOf(project)) },
      // the template tab's folder "share" is the template's publication (the sidebar head's publish, template:edit)
      ...(tab === 'dashboard'
        ? [{ key: 'modify-data-source', label: db('menu.modifyDataSource'), testId: 'menu-modify-data-source', disabled: project.dashboards.length === 0, onSelect: () => setDialog({ kind: 'folderSource', project }) }]
        : []),
    ];
  };

  const dashboardMenu = (dashboard: Dashboard): Tree.TreeMenuEntry[] => withExtra(ownDashboardMenu(dashboard), extension.dashboardMenu?.(dashboard));
  const ownDashboardMenu = (dashboard: Dashboard): Tree.TreeMenuEntry[] => {
    const rights = Tree.nodeRights(dashboard.name, editAuth);
    if (!rights.menu) return [];
    return [
      { key: 'rename', label: db('menu.rename'), testId: 'menu-rename', disabled: !rights.rename, onSelect: () => setDialog({ kind: 'renameDashboard', dashboard }) },
      { key: 'move', label: db('menu.move'), testId: 'menu-move', disabled: projects.length < 2, onSelect: () => setDialog({ kind: 'moveDashboard', dashboard }) },
      { key: 'copy', label: db('menu.copy'), testId: 'menu-copy', disabled: !rights.copy, onSelect: () => setDialog({ kind: 'copyDashboard', dashboard }) },
      { key: 'share', label: db('menu.share'), testId: 'menu-share', onSelect: () => void copyLink(dashboard) },
      { key: 'delete', label: db('menu.delete'), testId: 'menu-delete', disabled: !rights.delete, danger: true, onSelect: () => confirmDeleteDashboard(dashboard) },
    ];
  };

  const confirmDeleteDashboard = (dashboard: Dashboard) =>
    feedback.confirmDelete({
      title: db('item.deleteTitle'),
      content: db('item.deleteContent', { name: dashboard.name }),
      run: () => mutations.deleteDashboard.mutateAsync(dashboard.dashboardId),
      done: db('item.deleted'),
      after: () => {
        if (dashboard.dashboardId === activeDashboard) void navigate(`/${tab}`);
      },
    });

  const folderChoices = (list: readonly Project[]) => list.map((p) => ({ id: p.projectId, name: p.name }));

  return (
    <Tree.FolderTree
      shape={dashboardTree}
      state={tree}
      query={query}
      rootTestId={`sidebar-${tab}`}
      testIds={TEST_IDS}
      texts={{ ...Tree.treeTexts((key) => db(`sidebar.${key}`), { title: db('sidebar.folders'), itemMenu: db('sidebar.dashboardMenu') }), ...extension.texts }}
      cut={{ folder: DISPLAY_CUT.folder, item: DISPLAY_CUT.dashboard }}
      itemIcon={<FileOutlined className="bi-tree__icon" aria-hidden="true" />}
      activeItemId={activeDashboard}
      canDragFolders={editAuth}
      canDragItem={() => editAuth}
      folderMenu={folderMenu}
      itemMenu={dashboardMenu}
      itemAttributes={(dashboard) => ({ 'data-dashboard-id': dashboard.dashboardId })}
      onOpenItem={(dashboard) => void navigate(pathOf(dashboard))}
      onDrop={(plan) =>
        mutations.drop.mutate(plan, {
          onSuccess: () => {
            if (plan.kind === 'item' && plan.moveTo && plan.id === activeDashboard) {
              void navigate(`/${tab}/${encodeURIComponent(plan.moveTo)}/${encodeURIComponent(plan.id)}`, { replace: true });
            }
          },
          onError: (error) => void feedback.message.error(error.message || ft('drag.failed')),
        })
      }
      actions={[
        ...(editAuth ? [{ key: 'create-folder', icon: <FolderAddOutlined />, label: db('sidebar.createFolder'), testId: 'create-folder', onClick: folderActions.create }] : []),
        ...(extension.actions ?? []),
      ]}
    >
      {folderActions.dialogs}
      {dialog?.kind === 'folderSource' ? (
        <Suspense fallback={null}>
          <FolderSourceDialog tab={tab} project={dialog.project} onClose={closeDialog} />
        </Suspense>
      ) : null}
      {extension.dialogs}
      {dialog?.kind === 'addDashboard' ? (
        <Tree.NameDialog
          open
          title={db('item.createTitle')}
          onClose={closeDialog}
          onSubmit={async (name) => {
            const dashboard = await mutations.createDashboard.mutateAsync({ projectId: dialog.project.projectId, name });
            tree.expand(dialog.project.projectId);
            feedback.success(db('item.created'));
            void navigate(pathOf(dashboard));
          }}
        />
      ) : null}
      {dialog?.kind === 'renameDashboard' ? (
        <Tree.NameDialog
          open
          title={db('item.renameTitle')}
          initialName={dialog.dashboard.name}
          onClose={closeDialog}
          onSubmit={async (name) => {
            await mutations.renameDashboard.mutateAsync({ dashboardId: dialog.dashboard.dashboardId, name });
            feedback.success(db('item.renamed'));
          }}
        />
      ) : null}
      {dialog?.kind === 'moveDashboard' ? (
        <Tree.FolderPickerDialog
          open
          title={db('item.moveTitle')}
          folders={folderChoices(projects.filter((p) => p.projectId !== dialog.dashboard.projectId))}
          onClose={closeDialog}
          onSubmit={async ({ folderId }) => {
            const moved = await mutations.moveDashboard.mutateAsync({ dashboardId: dialog.dashboard.dashboardId, projectId: folderId });
            tree.expand(folderId);
            feedback.success(db('item.moved'));
            if (moved.dashboardId === activeDashboard) void navigate(pathOf(moved), { replace: true });
          }}
        />
      ) : null}
      {dialog?.kind === 'copyDashboard' ? (
        <Tree.FolderPickerDialog
          open
          title={db('item.copyTitle')}
          folders={folderChoices(projects)}
          initialName={db('item.copyName', { name: dialog.dashboard.name })}
          initialFolderId={dialog.dashboard.projectId}
          onClose={closeDialog}
          onSubmit={async ({ name, folderId }) => {
            await mutations.copyDashboard.mutateAsync({ dashboardId: dialog.dashboard.dashboardId, name, projectId: folderId });
            tree.expand(folderId);
            feedback.success(db('item.copied'));
          }}
        />
      ) : null}
    </Tree.FolderTree>
  );
}
