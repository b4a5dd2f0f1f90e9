import { FolderAddOutlined, SearchOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { isReserved } from '@bi/rules';
import { Alert, App, Button, Empty, Input, Spin, Tooltip, Typography, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import { useEditAuth } from '../hooks/useEditAuth';
import { useProjects, useSidebarMutations } from '../hooks/useProjects';
import type { Dashboard, Project, TabType } from '../types';
import { filterProjects } from '../utils/search';
import { dragId, parseDragId, planDrop } from '../utils/sort';
import { CopyDashboardDialog, MoveDashboardDialog } from './FolderDialogs';
import { NameDialog } from './NameDialog';
import { RowMenu, SortableDashboard, SortableFolder } from './SidebarItems';
import { useDbTranslation } from '../i18n';

type DialogState =
  | { kind: 'createFolder' }
  | { kind: 'renameFolder'; project: Project }
  | { kind: 'addDashboard'; project: Project }
  | { kind: 'renameDashboard'; dashboard: Dashboard }
  | { kind: 'moveDashboard'; dashboard: Dashboard }
  | { kind: 'copyDashboard'; dashboard: Dashboard };

/**
 * Folders may only land on folders; dashboards on dashboards or folder rows. The item under the
 * pointer wins; without one, the closest centre.
 */
const collisionDetection: CollisionDetection = (args) => {
  const kind = parseDragId(args.active.id)?.kind;
  const droppableContainers = args.droppableContainers.filter((container) => {
    const target = parseDragId(container.id)?.kind;
    return kind === 'folder' ? target === 'folder' : target === 'dashboard' || target === 'folderRow';
  });
  const within = pointerWithin({ ...args, droppableContainers });
  return within.length > 0 ? within : closestCenter({ ...args, droppableContainers });
};

/** Folder sidebar of the dashboard and template tabs (spec 01 §2 "Dashboard sidebar"). */
export function DashboardSidebar({ tab }: { tab: TabType }) {
  const { db, t } = useDbTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const activeDashboard = params.dashboard;
  const { editAuth } = useEditAuth(tab);
  const query = useProjects(tab);
  const mutations = useSidebarMutations(tab);
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dragKind, setDragKind] = useState<string | null>(null);

  const projects = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => filterProjects(projects, search), [projects, search]);
  const searching = search.trim() !== '';

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const pathOf = (dashboard: Dashboard) => `/${tab}/${encodeURIComponent(dashboard.projectId)}/${encodeURIComponent(dashboard.dashboardId)}`;
  const showError = (error: unknown) => void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
  const toggle = (projectId: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(projectId)) next.delete(projectId);
      else next.add(projectId);
      return next;
    });
  const expand = (projectId: string) =>
    setCollapsed((current) => {
      if (!current.has(projectId)) return current;
      const next = new Set(current);
      next.delete(projectId);
      return next;
    });

  const confirmDeleteFolder = (project: Project) => {
    const full = projects.find((p) => p.projectId === project.projectId) ?? project;
    modal.confirm(deleteConfirmation(t, {
      title: db('folder.deleteTitle'),
      content: db('folder.deleteContent', { name: full.name, count: full.dashboards.length }),
      onOk: async () => {
        try {
          await mutations.deleteProject.mutateAsync(full.projectId);
          void message.success(db('folder.deleted'));
          if (params.project === full.projectId || full.dashboards.some((d) => d.dashboardId === activeDashboard)) void navigate(`/${tab}`);
        } catch (error) {
          showError(error);
        }
      },
    }));
  };

  const confirmDeleteDashboard = (dashboard: Dashboard) => {
    modal.confirm(deleteConfirmation(t, {
      title: db('item.deleteTitle'),
      content: db('item.deleteContent', { name: dashboard.name }),
      onOk: async () => {
        try {
          await mutations.deleteDashboard.mutateAsync(dashboard.dashboardId);
          void message.success(db('item.deleted'));
          if (dashboard.dashboardId === activeDashboard) void navigate(`/${tab}`);
        } catch (error) {
          showError(error);
        }
      },
    }));
  };

  const soon = (label: string) => `${label} (${db('menu.comingLater')})`;
  const menuLabel = (testId: string, text: string) => <span data-testid={testId}>{text}</span>;

  const folderMenu = (project: Project): MenuProps['items'] => {
    const reserved = isReserved(project.name);
    const items: MenuProps['items'] = [
      { key: 'rename', label: menuLabel('menu-rename', db('menu.rename')), disabled: reserved },
      { key: 'add-dashboard', label: menuLabel('menu-add-dashboard', db('menu.addDashboard')) },
      { key: 'delete', label: menuLabel('menu-delete', db('menu.delete')), disabled: reserved, danger: !reserved },
    ];
    if (tab === 'dashboard') {
      items.push({ key: 'modify-data-source', label: menuLabel('menu-modify-data-source', soon(db('menu.modifyDataSource'))), disabled: true });
    } else {
      items.push({ key: 'copy', label: menuLabel('menu-copy', soon(db('menu.copy'))), disabled: true });
      items.push({ key: 'share', label: menuLabel('menu-share', soon(db('menu.share'))), disabled: true });
    }
    return items;
  };

  const onFolderMenu = (project: Project, key: string) => {
    if (key === 'rename') setDialog({ kind: 'renameFolder', project });
    else if (key === 'add-dashboard') setDialog({ kind: 'addDashboard', project });
    else if (key === 'delete') confirmDeleteFolder(project);
  };

  const dashboardMenu = (dashboard: Dashboard): MenuProps['items'] => {
    const reserved = isReserved(dashboard.name);
    return [
      { key: 'rename', label: menuLabel('menu-rename', db('menu.rename')), disabled: reserved },
      { key: 'move', label: menuLabel('menu-move', db('menu.move')), disabled: projects.length < 2 },
      { key: 'copy', label: menuLabel('menu-copy', db('menu.copy')), disabled: reserved },
      { key: 'share', label: menuLabel('menu-share', soon(db('menu.share'))), disabled: true },
      { key: 'delete', label: menuLabel('menu-delete', db('menu.delete')), disabled: reserved, danger: !reserved },
    ];
  };

  const onDashboardMenu = (dashboard: Dashboard, key: string) => {
    if (key === 'rename') setDialog({ kind: 'renameDashboard', dashboard });
    else if (key === 'move') setDialog({ kind: 'moveDashboard', dashboard });
    else if (key === 'copy') setDialog({ kind: 'copyDashboard', dashboard });
    else if (key === 'delete') confirmDeleteDashboard(dashboard);
  };

  const onDragStart = (event: DragStartEvent) => setDragKind(parseDragId(event.active.id)?.kind ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragKind(null);
    const plan = planDrop(projects, event.active.id, event.over?.id);
    if (!plan) return;
    if (plan.kind === 'dashboard' && plan.moveTo) expand(plan.moveTo);
    mutations.drop.mutate(plan, {
      onSuccess: () => {
        if (plan.kind === 'dashboard' && plan.moveTo && plan.id === activeDashboard) {
          void navigate(`/${tab}/${encodeURIComponent(plan.moveTo)}/${encodeURIComponent(plan.id)}`, { replace: true });
        }
      },
      onError: (error) => void message.error(error.message || db('item.sortFailed')),
    });
  };

  const closeDialog = () => setDialog(null);

  let body;
  if (query.isPending) {
    body = (
      <div className="bi-sidebar__status">
        <Spin />
      </div>
    );
  } else if (query.isError) {
    body = <Alert type="error" showIcon title={db('sidebar.loadFailed')} description={query.error.message} data-testid="sidebar-error" />;
  } else if (projects.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="sidebar-empty">{db('sidebar.noFolders')}</span>} />;
  } else if (shown.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="sidebar-no-results">{db('sidebar.noResults')}</span>} />;
  } else {
    body = (
      <DndContext sensors={sensors} collisionDetection={collisionDetection} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragKind(null)}>
        <SortableContext items={shown.map((p) => dragId('folder', p.projectId))} strategy={verticalListSortingStrategy}>
          <ul className="bi-tree" data-testid="sidebar-tree" aria-label={db('sidebar.folders')}>
            {shown.map((project) => (
              <SortableFolder
                key={project.projectId}
                project={project}
                expanded={searching || !collapsed.has(project.projectId)}
                draggable={editAuth}
                dropTarget={dragKind === 'dashboard'}
                onToggle={() => toggle(project.projectId)}
                menu={
                  editAuth ? (
                    <RowMenu
                      testId={`folder-menu-${project.projectId}`}
                      label={db('sidebar.folderMenu')}
                      items={folderMenu(project)}
                      onSelect={(key) => onFolderMenu(project, key)}
                    />
                  ) : null
                }
              >
                {project.dashboards.map((dashboard) => (
                  <SortableDashboard
                    key={dashboard.dashboardId}
                    dashboard={dashboard}
                    active={dashboard.dashboardId === activeDashboard}
                    draggable={editAuth}
                    onOpen={() => void navigate(pathOf(dashboard))}
                    menu={
                      editAuth ? (
                        <RowMenu
                          testId={`dashboard-menu-${dashboard.dashboardId}`}
                          label={db('sidebar.dashboardMenu')}
                          items={dashboardMenu(dashboard)}
                          onSelect={(key) => onDashboardMenu(dashboard, key)}
                        />
                      ) : null
                    }
                  />
                ))}
              </SortableFolder>
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    );
  }

  return (
    <nav className="bi-sidebar bi-sidebar--tree" data-testid={`sidebar-${tab}`} aria-label={db('sidebar.label')}>
      <div className="bi-sidebar__head">
        <Typography.Title level={5} className="bi-sidebar__title">
          {db('sidebar.folders')}
        </Typography.Title>
        {editAuth ? (
          <Tooltip title={db('sidebar.createFolder')}>
            <Button
              type="text"
              icon={<FolderAddOutlined />}
              aria-label={db('sidebar.createFolder')}
              data-testid="create-folder"
              onClick={() => setDialog({ kind: 'createFolder' })}
            />
          </Tooltip>
        ) : null}
      </div>
      <Input
        className="bi-sidebar__search"
        data-testid="sidebar-search"
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={db('sidebar.search')}
        aria-label={db('sidebar.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="bi-sidebar__body">{body}</div>

      <NameDialog
        open={dialog?.kind === 'createFolder'}
        title={db('folder.createTitle')}
        onClose={closeDialog}
        onSubmit={async (name) => {
          const project = await mutations.createProject.mutateAsync(name);
          expand(project.projectId);
          void message.success(db('folder.created'));
        }}
      />
      {dialog?.kind === 'renameFolder' ? (
        <NameDialog
          open
          title={db('folder.renameTitle')}
          initialName={dialog.project.name}
          onClose={closeDialog}
          onSubmit={async (name) => {
            await mutations.renameProject.mutateAsync({ projectId: dialog.project.projectId, name });
            void message.success(db('folder.renamed'));
          }}
        />
      ) : null}
      {dialog?.kind === 'addDashboard' ? (
        <NameDialog
          open
          title={db('item.createTitle')}
          onClose={closeDialog}
          onSubmit={async (name) => {
            const dashboard = await mutations.createDashboard.mutateAsync({ projectId: dialog.project.projectId, name });
            expand(dialog.project.projectId);
            void message.success(db('item.created'));
            void navigate(pathOf(dashboard));
          }}
        />
      ) : null}
      {dialog?.kind === 'renameDashboard' ? (
        <NameDialog
          open
          title={db('item.renameTitle')}
          initialName={dialog.dashboard.name}
          onClose={closeDialog}
          onSubmit={async (name) => {
            await mutations.renameDashboard.mutateAsync({ dashboardId: dialog.dashboard.dashboardId, name });
            void message.success(db('item.renamed'));
          }}
        />
      ) : null}
      {dialog?.kind === 'moveDashboard' ? (
        <MoveDashboardDialog
          open
          projects={projects.filter((p) => p.projectId !== dialog.dashboard.projectId)}
          onClose={closeDialog}
          onSubmit={async (projectId) => {
            const moved = await mutations.moveDashboard.mutateAsync({ dashboardId: dialog.dashboard.dashboardId, projectId });
            expand(projectId);
            void message.success(db('item.moved'));
            if (moved.dashboardId === activeDashboard) void navigate(pathOf(moved), { replace: true });
          }}
        />
      ) : null}
      {dialog?.kind === 'copyDashboard' ? (
        <CopyDashboardDialog
          open
          projects={projects}
          initialName={db('item.copyName', { name: dialog.dashboard.name })}
          initialProjectId={dialog.dashboard.projectId}
          onClose={closeDialog}
          onSubmit={async ({ name, projectId }) => {
            await mutations.copyDashboard.mutateAsync({ dashboardId: dialog.dashboard.dashboardId, name, projectId });
            expand(projectId);
            void message.success(db('item.copied'));
          }}
        />
      ) : null}
    </nav>
  );
}
