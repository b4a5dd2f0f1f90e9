import { DatabaseOutlined, FolderAddOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { DISPLAY_CUT } from '@bi/rules';
import { AutoComplete, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import * as Tree from '../../../shared/folder-tree';
import { buildPath } from '../../../shared/routing/routes';
import { ErpAccountDialog } from '../../erp';
import { useShareDialog } from '../../sharing';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDataSourceProjects, useFolderMutations, useModuleFlags } from '../hooks/useProjects';
import { DeleteSourceDialog } from './DeleteSourceDialog';
import { useDsTranslation } from '../i18n';
import type { DataSourceSummary, Project } from '../types';
import { moduleAllowed } from '../utils/modules';
import { canChange, canEditSettings, editPath } from '../utils/permissions';
import { dataSourceTree } from '../utils/tree';
import { typeLabel } from './common';
import { CreateSourceDialog } from './CreateSourceDialog';
import { MoveSourcesDialog } from './FolderDialogs';
import '../data-source.css';

type DialogState =
  | { kind: 'moveSources'; project: Project }
  | { kind: 'createSource'; projectId?: string }
  | { kind: 'deleteSource'; source: DataSourceSummary }
  | { kind: 'erpAccounts' };

const TEST_IDS: Tree.TreeTestIds = {
  tree: 'ds-tree',
  search: 'ds-search',
  empty: 'ds-sidebar-empty',
  noResults: 'ds-sidebar-no-results',
  error: 'ds-sidebar-error',
  folder: (id) => `ds-folder-${id}`,
  folderMenu: (id) => `ds-folder-menu-${id}`,
  dragFolder: (id) => `ds-drag-folder-${id}`,
  item: (id) => `ds-item-${id}`,
  itemMenu: (id) => `ds-item-menu-${id}`,
  dragItem: (id) => `ds-drag-item-${id}`,
};

/** Base path of the sidebar's links: /database/... on the database route, else /data_source/... */
function useBasePath(): '/data_source' | '/database' {
  const { pathname } = useLocation();
  return pathname.startsWith('/database') ? '/database' : '/data_source';
}

/**
 * Data-source sidebar (spec 02 §2 screen 1) on the shared folder tree: folders with their sources,
 * search with a dropdown of matches, folder and source menus; folders drag to reorder, sources the
 * caller may change drag into another folder.
 */
export function DataSourceSidebar() {
  const { ds } = useDsTranslation();
  const { ft } = Tree.useFolderTreeTranslation();
  const feedback = Tree.useTreeFeedback();
  const navigate = useNavigate();
  const params = useParams();
  const base = useBasePath();
  const auth = useDataSourceAuth();
  const query = useDataSourceProjects();
  const folders = useFolderMutations();
  const activeSource = params.data_source;
  const tree = Tree.useFolderTree(dataSourceTree, query.data, activeSource);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const { openShare, shareDialog } = useShareDialog();
  // the ERP account manager (spec 02 §2 screen 9): with the e10report module flag (datasource:edit and the module on)
  const flags = useModuleFlags(auth.canEdit);
  const erpAccounts = moduleAllowed(flags.data, 'e10report');
  const projects = tree.folders;
  const matches = useMemo(() => Tree.matchingItems(dataSourceTree, projects, tree.search), [projects, tree.search]);

  const pathOf = (source: Pick<DataSourceSummary, 'projectId' | 'dataSourceId'>) => `${base}/${encodeURIComponent(source.projectId)}/${encodeURIComponent(source.dataSourceId)}`;
  const movableIn = (project: Project) => new Set(project.dataSources.filter((s) => canChange(s, auth)).map((s) => s.dataSourceId));
  const closeDialog = () => setDialog(null);

  const folderActions = Tree.useFolderActions({
    texts: Tree.folderTexts((key) => ds(`folder.${key}`), ({ name }) => ds('folder.deleteContent', { name })),
    calls: {
      create: async (name) => (await folders.createProject.mutateAsync(name)).projectId,
      rename: (projectId, name) => folders.renameProject.mutateAsync({ projectId, name }),
      remove: (projectId) => folders.deleteProject.mutateAsync(projectId),
    },
    expand: tree.expand,
    inputTestId: 'ds-folder-name',
    afterDelete: (projectId) => {
      if (params.project === projectId) void navigate(base);
    },
  });
  const folderOf = (project: Project) => ({ id: project.projectId, name: project.name });

  const confirmDeleteSource = (source: DataSourceSummary) => setDialog({ kind: 'deleteSource', source });

  const folderMenu = (project: Project): Tree.TreeMenuEntry[] => {
    const rights = Tree.nodeRights(project.name, auth.canEdit);
    if (!rights.menu) return [];
    return [
      { key: 'create-source', label: ds('menu.createSource'), testId: 'ds-menu-create-source', onSelect: () => setDialog({ kind: 'createSource', projectId: project.projectId }) },
      { key: 'rename', label: ds('menu.rename'), testId: 'ds-menu-rename', disabled: !rights.rename, onSelect: () => folderActions.rename(folderOf(project)) },
      {
        key: 'move',
        label: ds('menu.moveSources'),
        testId: 'ds-menu-move',
        disabled: movableIn(project).size === 0 || projects.length < 2,
        onSelect: () => setDialog({ kind: 'moveSources', project }),
      },
      {
        key: 'share',
        label: ds('menu.share'),
        testId: 'ds-menu-share',
        disabled: project.dataSources.length === 0,
        onSelect: () => void navigate(buildPath('data_source_publish', { project: project.projectId })),
      },
      { divider: true },
      { key: 'delete', label: ds('menu.delete'), testId: 'ds-menu-delete', disabled: !rights.delete, danger: true, onSelect: () => folderActions.remove(folderOf(project)) },
    ];
  };

  const sourceMenu = (source: DataSourceSummary): Tree.TreeMenuEntry[] => {
    const change = canChange(source, auth);
    const entries: Tree.TreeMenuEntry[] = [];
    if (canEditSettings(source, auth)) {
      entries.push({ key: 'edit', label: ds('menu.edit'), testId: 'ds-menu-edit', onSelect: () => void navigate(editPath(source)) });
    }
    if (change) {
      entries.push({ key: 'share', label: ds('menu.share'), testId: 'ds-menu-share-source', onSelect: () => openShare({ dataSourceId: source.dataSourceId, name: source.name }) });
      entries.push({ key: 'delete', label: ds('menu.deleteSource'), testId: 'ds-menu-delete', danger: true, onSelect: () => confirmDeleteSource(source) });
    }
    return entries;
  };

  const headMenu: Tree.TreeMenuEntry[] = [
    { key: 'create-folder', label: ds('sidebar.createFolder'), testId: 'ds-menu-create-folder', onSelect: folderActions.create },
    {
      key: 'batch-share',
      label: ds('menu.batchShare'),
      testId: 'ds-menu-batch-share',
      onSelect: () => void navigate(`${buildPath('data_source_batch_publish')}${params.project ? `?project=${encodeURIComponent(params.project)}` : ''}`),
    },
    ...(erpAccounts ? [{ key: 'erp-accounts', label: ds('menu.erpAccounts'), testId: 'ds-menu-erp-accounts', onSelect: () => setDialog({ kind: 'erpAccounts' }) }] : []),
  ];

  const searchBox = (
    <AutoComplete
      className="bi-sidebar__search"
      value={tree.search}
      onChange={(value: string) => tree.setSearch(value ?? '')}
      onSelect={(dataSourceId: string) => {
        const match = matches.find((m) => m.item.dataSourceId === dataSourceId);
        tree.setSearch('');
        if (match) {
          tree.expand(match.folderId);
          void navigate(pathOf(match.item));
        }
      }}
      options={matches.map(({ item, folderName }) => ({
        value: item.dataSourceId,
        label: (
          <span className="bi-ds-search__option" data-testid={`ds-search-option-${item.dataSourceId}`}>
            <span>{item.name}</span>
            <Typography.Text type="secondary" className="bi-ds-search__folder">
              {folderName}
            </Typography.Text>
          </span>
        ),
      }))}
      popupMatchSelectWidth={228}
    >
      <Input data-testid="ds-search" allowClear prefix={<SearchOutlined aria-hidden="true" />} placeholder={ds('sidebar.search')} aria-label={ds('sidebar.search')} />
    </AutoComplete>
  );

  return (
    <Tree.FolderTree
      shape={dataSourceTree}
      state={tree}
      query={query}
      rootTestId="ds-sidebar"
      testIds={TEST_IDS}
      texts={Tree.treeTexts((key) => ds(`sidebar.${key}`), { title: ds('title'), itemMenu: ds('sidebar.sourceMenu') })}
      cut={{ folder: DISPLAY_CUT.folder, item: DISPLAY_CUT.dataSource }}
      itemIcon={<DatabaseOutlined className="bi-tree__icon" aria-hidden="true" />}
      activeItemId={activeSource}
      canDragFolders={auth.canEdit}
      canDragItem={(source) => canChange(source, auth) && projects.length > 1}
      folderMenu={folderMenu}
      itemMenu={sourceMenu}
      itemAttributes={(source) => ({ 'data-source-id': source.dataSourceId })}
      itemRowAttributes={(source) => ({ title: typeLabel(ds, source.type) })}
      onOpenItem={(source) => void navigate(pathOf(source))}
      onDrop={(plan) =>
        folders.drop.mutate(plan, {
          onSuccess: () => {
            if (plan.kind === 'item' && plan.moveTo) {
              feedback.success(ds('folder.moved', { count: 1 }));
              if (plan.id === activeSource) void navigate(`${base}/${encodeURIComponent(plan.moveTo)}/${encodeURIComponent(plan.id)}`, { replace: true });
            }
          },
          onError: (error) => void feedback.message.error(error.message || ft('drag.failed')),
        })
      }
      searchBox={searchBox}
      actions={
        auth.canEdit
          ? [
              {
                key: 'create-source',
                icon: <PlusOutlined />,
                label: ds('sidebar.createSource'),
                testId: 'ds-create-source',
                onClick: () => setDialog({ kind: 'createSource', projectId: params.project }),
              },
              { key: 'create-folder', icon: <FolderAddOutlined />, label: ds('sidebar.createFolder'), testId: 'ds-create-folder', onClick: folderActions.create },
            ]
          : []
      }
      headMenu={auth.canEdit ? { label: ds('sidebar.more'), testId: 'ds-sidebar-menu', entries: headMenu } : undefined}
    >
      {folderActions.dialogs}
      {dialog?.kind === 'moveSources' ? (
        <MoveSourcesDialog
          open
          project={dialog.project}
          projects={projects}
          movable={movableIn(dialog.project)}
          onClose={closeDialog}
          onSubmit={async ({ to, dataSourceIds }) => {
            const result = await folders.moveSources.mutateAsync({ from: dialog.project.projectId, to, dataSourceIds });
            tree.expand(to);
            feedback.success(ds('folder.moved', { count: result.moved.length }));
            if (activeSource && result.moved.includes(activeSource)) void navigate(`${base}/${encodeURIComponent(to)}/${encodeURIComponent(activeSource)}`, { replace: true });
          }}
        />
      ) : null}
      {dialog?.kind === 'erpAccounts' ? <ErpAccountDialog open canEdit={auth.canEdit} onClose={closeDialog} /> : null}
      {dialog?.kind === 'deleteSource' ? (
        <DeleteSourceDialog
          source={dialog.source}
          onClose={closeDialog}
          onDeleted={() => {
            const source = dialog.source;
            closeDialog();
            if (source.dataSourceId === activeSource) void navigate(`${base}/${encodeURIComponent(source.projectId)}`);
          }}
        />
      ) : null}
      <CreateSourceDialog
        open={dialog?.kind === 'createSource'}
        projects={projects}
        initialProjectId={dialog?.kind === 'createSource' ? dialog.projectId : undefined}
        onClose={closeDialog}
      />
      {shareDialog}
    </Tree.FolderTree>
  );
}
