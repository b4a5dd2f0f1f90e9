import { CaretDownOutlined, CaretRightOutlined, DatabaseOutlined, EllipsisOutlined, FolderAddOutlined, FolderOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { DISPLAY_CUT, isReserved } from '@bi/rules';
import { Alert, App, AutoComplete, Button, Dropdown, Empty, Input, Spin, Tooltip, Typography, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import { buildPath } from '../../../shared/routing/routes';
import { useShareDialog } from '../../sharing';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDataSourceProjects, useDeleteSource, useFolderMutations } from '../hooks/useProjects';
import { useDsTranslation } from '../i18n';
import type { DataSourceSummary, Project } from '../types';
import { canChange, canEditSettings } from '../utils/permissions';
import { filterProjects, matchingSources } from '../utils/search';
import { CutName, RowMenu, errorText, menuLabel, stopEvent, typeLabel } from './common';
import { CreateSourceDialog } from './CreateSourceDialog';
import { FolderNameDialog, MoveSourcesDialog } from './FolderDialogs';
import '../data-source.css';

type DialogState =
  | { kind: 'createFolder' }
  | { kind: 'renameFolder'; project: Project }
  | { kind: 'moveSources'; project: Project }
  | { kind: 'createSource'; projectId?: string };

/** Base path of the sidebar's links: /database/... on the database route, else /data_source/... */
function useBasePath(): '/data_source' | '/database' {
  const { pathname } = useLocation();
  return pathname.startsWith('/database') ? '/database' : '/data_source';
}

/** Data-source sidebar (spec 02 §2 screen 1): folders with their sources, search, folder and source menus. */
export function DataSourceSidebar() {
  const { ds, t } = useDsTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const base = useBasePath();
  const auth = useDataSourceAuth();
  const query = useDataSourceProjects();
  const folders = useFolderMutations();
  const deleteSource = useDeleteSource();
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const { openShare, shareDialog } = useShareDialog();

  const activeSource = params.data_source;
  const projects = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => filterProjects(projects, search), [projects, search]);
  const matches = useMemo(() => matchingSources(projects, search), [projects, search]);
  const searching = search.trim() !== '';

  // the folder of the open source is always expanded
  useEffect(() => {
    if (!activeSource) return;
    const folder = projects.find((p) => p.dataSources.some((s) => s.dataSourceId === activeSource));
    if (folder) setCollapsed((current) => (current.has(folder.projectId) ? new Set([...current].filter((id) => id !== folder.projectId)) : current));
  }, [activeSource, projects]);

  const pathOf = (source: Pick<DataSourceSummary, 'projectId' | 'dataSourceId'>) => `${base}/${encodeURIComponent(source.projectId)}/${encodeURIComponent(source.dataSourceId)}`;
  const toggle = (projectId: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(projectId)) next.delete(projectId);
      else next.add(projectId);
      return next;
    });
  const expand = (projectId: string) => setCollapsed((current) => (current.has(projectId) ? new Set([...current].filter((id) => id !== projectId)) : current));

  const confirmDeleteFolder = (project: Project) => {
    modal.confirm(deleteConfirmation(t, {
      title: ds('folder.deleteTitle'),
      content: ds('folder.deleteContent', { name: project.name }),
      onOk: async () => {
        try {
          await folders.deleteProject.mutateAsync(project.projectId);
          void message.success(ds('folder.deleted'));
          if (params.project === project.projectId) void navigate(base);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    }));
  };

  const confirmDeleteSource = (source: DataSourceSummary) => {
    modal.confirm(deleteConfirmation(t, {
      title: ds('source.deleteTitle'),
      content: ds('source.deleteContent', { name: source.name }),
      onOk: async () => {
        try {
          await deleteSource.mutateAsync(source.dataSourceId);
          void message.success(ds('source.deleted'));
          if (source.dataSourceId === activeSource) void navigate(`${base}/${encodeURIComponent(source.projectId)}`);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    }));
  };

  const soon = (label: string) => ds('menu.comingLater', { label });
  const movableIn = (project: Project) => new Set(project.dataSources.filter((s) => canChange(s, auth)).map((s) => s.dataSourceId));

  const folderMenu = (project: Project): MenuProps['items'] => {
    const reserved = isReserved(project.name);
    const movable = movableIn(project).size > 0 && projects.length > 1;
    return [
      { key: 'create-source', label: menuLabel('ds-menu-create-source', ds('menu.createSource')) },
      { key: 'rename', label: menuLabel('ds-menu-rename', ds('menu.rename')), disabled: reserved },
      { key: 'move', label: menuLabel('ds-menu-move', ds('menu.moveSources')), disabled: !movable },
      { key: 'share', label: menuLabel('ds-menu-share', ds('menu.share')), disabled: project.dataSources.length === 0 },
      { key: 'batch-params', label: menuLabel('ds-menu-batch-params', soon(ds('menu.batchParams'))), disabled: true },
      { type: 'divider' },
      { key: 'delete', label: menuLabel('ds-menu-delete', ds('menu.delete')), disabled: reserved, danger: !reserved },
    ];
  };

  const onFolderMenu = (project: Project, key: string) => {
    if (key === 'create-source') setDialog({ kind: 'createSource', projectId: project.projectId });
    else if (key === 'rename') setDialog({ kind: 'renameFolder', project });
    else if (key === 'move') setDialog({ kind: 'moveSources', project });
    else if (key === 'share') void navigate(buildPath('data_source_publish', { project: project.projectId }));
    else if (key === 'delete') confirmDeleteFolder(project);
  };

  const sourceMenu = (source: DataSourceSummary): MenuProps['items'] => {
    const items: MenuProps['items'] = [];
    if (canEditSettings(source, auth)) items.push({ key: 'edit', label: menuLabel('ds-menu-edit', ds('menu.edit')) });
    if (canChange(source, auth)) items.push({ key: 'share', label: menuLabel('ds-menu-share-source', ds('menu.share')) });
    if (canChange(source, auth)) items.push({ key: 'delete', label: menuLabel('ds-menu-delete', ds('menu.delete')), danger: true });
    return items;
  };

  const onSourceMenu = (source: DataSourceSummary, key: string) => {
    if (key === 'edit') void navigate(`/data_source_edit/${encodeURIComponent(source.dataSourceId)}`);
    else if (key === 'share') openShare({ dataSourceId: source.dataSourceId, name: source.name });
    else if (key === 'delete') confirmDeleteSource(source);
  };

  const onRowKey = (action: () => void) => (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      action();
    }
  };

  let body;
  if (query.isPending) {
    body = (
      <div className="bi-sidebar__status">
        <Spin />
      </div>
    );
  } else if (query.isError) {
    body = <Alert type="error" showIcon title={ds('sidebar.loadFailed')} description={query.error.message} data-testid="ds-sidebar-error" />;
  } else if (projects.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="ds-sidebar-empty">{ds('sidebar.noFolders')}</span>} />;
  } else if (shown.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="ds-sidebar-no-results">{ds('sidebar.noResults')}</span>} />;
  } else {
    body = (
      <ul className="bi-tree" data-testid="ds-tree" aria-label={ds('sidebar.label')}>
        {shown.map((project) => {
          const expanded = searching || !collapsed.has(project.projectId);
          return (
            <li key={project.projectId} className="bi-tree__folder" data-folder-id={project.projectId}>
              <div
                className="bi-tree__row bi-tree__row--folder"
                data-testid={`ds-folder-${project.projectId}`}
                role="button"
                tabIndex={0}
                aria-expanded={expanded}
                onClick={() => toggle(project.projectId)}
                onKeyDown={onRowKey(() => toggle(project.projectId))}
              >
                <span className="bi-tree__caret" aria-hidden="true">
                  {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
                </span>
                <FolderOutlined className="bi-tree__icon" aria-hidden="true" />
                <CutName name={project.name} limit={DISPLAY_CUT.folder} />
                {auth.canEdit ? (
                  <RowMenu
                    testId={`ds-folder-menu-${project.projectId}`}
                    label={ds('sidebar.folderMenu')}
                    items={folderMenu(project)}
                    onSelect={(key) => onFolderMenu(project, key)}
                  />
                ) : null}
              </div>
              {expanded ? (
                <ul className="bi-tree__dashboards">
                  {project.dataSources.map((source) => {
                    const active = source.dataSourceId === activeSource;
                    const items = sourceMenu(source);
                    return (
                      <li key={source.dataSourceId} className="bi-tree__dashboard" data-source-id={source.dataSourceId}>
                        <div
                          className={['bi-tree__row', active ? 'is-active' : ''].join(' ')}
                          data-testid={`ds-item-${source.dataSourceId}`}
                          data-active={active ? 'true' : 'false'}
                          role="link"
                          tabIndex={0}
                          title={typeLabel(ds, source.type)}
                          aria-current={active ? 'page' : undefined}
                          onClick={() => void navigate(pathOf(source))}
                          onKeyDown={onRowKey(() => void navigate(pathOf(source)))}
                        >
                          <DatabaseOutlined className="bi-tree__icon" aria-hidden="true" />
                          <CutName name={source.name} limit={DISPLAY_CUT.dataSource} />
                          {items && items.length > 0 ? (
                            <RowMenu
                              testId={`ds-item-menu-${source.dataSourceId}`}
                              label={ds('sidebar.sourceMenu')}
                              items={items}
                              onSelect={(key) => onSourceMenu(source, key)}
                            />
                          ) : null}
                        </div>
                      </li>
                    );
                  })}
                  {project.dataSources.length === 0 ? <li className="bi-tree__empty">{ds('sidebar.emptyFolder')}</li> : null}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  const headMenu: MenuProps['items'] = [
    { key: 'create-folder', label: menuLabel('ds-menu-create-folder', ds('sidebar.createFolder')) },
    { key: 'batch-share', label: menuLabel('ds-menu-batch-share', ds('menu.batchShare')) },
  ];

  return (
    <nav className="bi-sidebar bi-sidebar--tree" data-testid="ds-sidebar" aria-label={ds('sidebar.label')}>
      <div className="bi-sidebar__head">
        <Typography.Title level={5} className="bi-sidebar__title">
          {ds('title')}
        </Typography.Title>
        {auth.canEdit ? (
          <span className="bi-ds-sidebar__actions">
            <Tooltip title={ds('sidebar.createSource')}>
              <Button
                type="text"
                icon={<PlusOutlined />}
                aria-label={ds('sidebar.createSource')}
                data-testid="ds-create-source"
                onClick={() => setDialog({ kind: 'createSource', projectId: params.project })}
              />
            </Tooltip>
            <Tooltip title={ds('sidebar.createFolder')}>
              <Button type="text" icon={<FolderAddOutlined />} aria-label={ds('sidebar.createFolder')} data-testid="ds-create-folder" onClick={() => setDialog({ kind: 'createFolder' })} />
            </Tooltip>
            <Dropdown
              trigger={['click']}
              destroyOnHidden
              menu={{
                items: headMenu,
                onClick: ({ key }) => {
                  if (key === 'create-folder') setDialog({ kind: 'createFolder' });
                  else if (key === 'batch-share') void navigate(`${buildPath('data_source_batch_publish')}${params.project ? `?project=${encodeURIComponent(params.project)}` : ''}`);
                },
              }}
            >
              <Button type="text" icon={<EllipsisOutlined />} aria-label={ds('sidebar.more')} data-testid="ds-sidebar-menu" onClick={stopEvent} />
            </Dropdown>
          </span>
        ) : null}
      </div>
      <AutoComplete
        className="bi-sidebar__search"
        value={search}
        onChange={(value: string) => setSearch(value ?? '')}
        onSelect={(dataSourceId: string) => {
          const match = matches.find((m) => m.dataSourceId === dataSourceId);
          setSearch('');
          if (match) {
            expand(match.projectId);
            void navigate(pathOf(match));
          }
        }}
        options={matches.map((m) => ({
          value: m.dataSourceId,
          label: (
            <span className="bi-ds-search__option" data-testid={`ds-search-option-${m.dataSourceId}`}>
              <span>{m.name}</span>
              <Typography.Text type="secondary" className="bi-ds-search__folder">
                {m.projectName}
              </Typography.Text>
            </span>
          ),
        }))}
        popupMatchSelectWidth={228}
      >
        <Input data-testid="ds-search" allowClear prefix={<SearchOutlined aria-hidden="true" />} placeholder={ds('sidebar.search')} aria-label={ds('sidebar.search')} />
      </AutoComplete>
      <div className="bi-sidebar__body">{body}</div>

      <FolderNameDialog
        open={dialog?.kind === 'createFolder'}
        title={ds('folder.createTitle')}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          const project = await folders.createProject.mutateAsync(name);
          expand(project.projectId);
          void message.success(ds('folder.created'));
        }}
      />
      {dialog?.kind === 'renameFolder' ? (
        <FolderNameDialog
          open
          title={ds('folder.renameTitle')}
          initialName={dialog.project.name}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await folders.renameProject.mutateAsync({ projectId: dialog.project.projectId, name });
            void message.success(ds('folder.renamed'));
          }}
        />
      ) : null}
      {dialog?.kind === 'moveSources' ? (
        <MoveSourcesDialog
          open
          project={dialog.project}
          projects={projects}
          movable={movableIn(dialog.project)}
          onClose={() => setDialog(null)}
          onSubmit={async ({ to, dataSourceIds }) => {
            const result = await folders.moveSources.mutateAsync({ from: dialog.project.projectId, to, dataSourceIds });
            expand(to);
            void message.success(ds('folder.moved', { count: result.moved.length }));
            if (activeSource && result.moved.includes(activeSource)) void navigate(`${base}/${encodeURIComponent(to)}/${encodeURIComponent(activeSource)}`, { replace: true });
          }}
        />
      ) : null}
      <CreateSourceDialog
        open={dialog?.kind === 'createSource'}
        projects={projects}
        initialProjectId={dialog?.kind === 'createSource' ? dialog.projectId : undefined}
        onClose={() => setDialog(null)}
      />
      {shareDialog}
    </nav>
  );
}
