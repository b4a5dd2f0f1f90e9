import { CaretDownOutlined, CaretRightOutlined, FileOutlined, FolderOutlined, HolderOutlined, MoreOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DISPLAY_CUT, cutName, displayWidth } from '@bi/rules';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { Dashboard, Project } from '../types';
import { dragId } from '../utils/sort';
import { useDbTranslation } from '../i18n';

/** A name cut to its display width (spec 01 §2), with the full name in a tooltip when cut. */
export function CutName({ name, limit }: { name: string; limit: number }) {
  const text = cutName(name, limit);
  const label = (
    <span className="bi-tree__name" aria-label={name}>
      {text}
    </span>
  );
  return displayWidth(name) > limit ? (
    <Tooltip title={name} placement="right">
      {label}
    </Tooltip>
  ) : (
    label
  );
}

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

interface RowMenuProps {
  testId: string;
  label: string;
  items: MenuProps['items'];
  onSelect: (key: string) => void;
}

/** The "…" button of a row and its dropdown menu. */
export function RowMenu({ testId, label, items, onSelect }: RowMenuProps) {
  return (
    <Dropdown
      trigger={['click']}
      destroyOnHidden
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          onSelect(key);
        },
      }}
    >
      <Button
        type="text"
        size="small"
        className="bi-tree__menu"
        icon={<MoreOutlined />}
        aria-label={label}
        data-testid={testId}
        onClick={stop}
        onKeyDown={stop}
      />
    </Dropdown>
  );
}

interface FolderProps {
  project: Project;
  expanded: boolean;
  draggable: boolean;
  dropTarget: boolean;
  menu: ReactNode;
  onToggle: () => void;
  children: ReactNode;
}

/** A folder: its row (toggle, drag handle, name, menu) and, when expanded, its dashboards. */
export function SortableFolder({ project, expanded, draggable, dropTarget, menu, onToggle, children }: FolderProps) {
  const { db } = useDbTranslation();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({
    id: dragId('folder', project.projectId),
    disabled: !draggable,
  });
  const row = useDroppable({ id: dragId('folderRow', project.projectId), disabled: !draggable });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggle();
    }
  };

  return (
    <li
      ref={setNodeRef}
      className={['bi-tree__folder', isDragging ? 'is-dragging' : ''].join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-folder-id={project.projectId}
    >
      <div
        ref={row.setNodeRef}
        className={['bi-tree__row', 'bi-tree__row--folder', dropTarget && row.isOver ? 'is-drop-target' : ''].join(' ')}
        data-testid={`folder-${project.projectId}`}
        role="button"
        tabIndex={0}
        aria-expanded={expanded}
        onClick={onToggle}
        onKeyDown={onKeyDown}
      >
        {draggable ? (
          <span
            ref={setActivatorNodeRef}
            className="bi-tree__handle"
            data-testid={`drag-folder-${project.projectId}`}
            {...attributes}
            {...listeners}
            aria-label={db('sidebar.dragFolder')}
            onClick={stop}
          >
            <HolderOutlined />
          </span>
        ) : null}
        <span className="bi-tree__caret" aria-hidden="true">
          {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
        </span>
        <FolderOutlined className="bi-tree__icon" aria-hidden="true" />
        <CutName name={project.name} limit={DISPLAY_CUT.folder} />
        {menu}
      </div>
      {expanded ? (
        <SortableContext items={project.dashboards.map((d) => dragId('dashboard', d.dashboardId))} strategy={verticalListSortingStrategy}>
          <ul className="bi-tree__dashboards">
            {children}
            {project.dashboards.length === 0 ? <li className="bi-tree__empty">{db('sidebar.emptyFolder')}</li> : null}
          </ul>
        </SortableContext>
      ) : null}
    </li>
  );
}

interface DashboardRowProps {
  dashboard: Dashboard;
  active: boolean;
  draggable: boolean;
  menu: ReactNode;
  onOpen: () => void;
}

/** A dashboard row: drag handle, name (opens it), menu. */
export function SortableDashboard({ dashboard, active, draggable, menu, onOpen }: DashboardRowProps) {
  const { db } = useDbTranslation();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging, isOver } = useSortable({
    id: dragId('dashboard', dashboard.dashboardId),
    disabled: !draggable,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') onOpen();
  };

  return (
    <li
      ref={setNodeRef}
      className={['bi-tree__dashboard', isDragging ? 'is-dragging' : ''].join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dashboard-id={dashboard.dashboardId}
    >
      <div
        className={['bi-tree__row', 'bi-tree__row--dashboard', active ? 'is-active' : '', isOver && !isDragging ? 'is-drop-target' : ''].join(' ')}
        data-testid={`dashboard-item-${dashboard.dashboardId}`}
        data-active={active ? 'true' : 'false'}
        role="link"
        tabIndex={0}
        aria-current={active ? 'page' : undefined}
        onClick={onOpen}
        onKeyDown={onKeyDown}
      >
        {draggable ? (
          <span
            ref={setActivatorNodeRef}
            className="bi-tree__handle"
            data-testid={`drag-dashboard-${dashboard.dashboardId}`}
            {...attributes}
            {...listeners}
            aria-label={db('sidebar.dragDashboard')}
            onClick={stop}
          >
            <HolderOutlined />
          </span>
        ) : null}
        <FileOutlined className="bi-tree__icon" aria-hidden="true" />
        <CutName name={dashboard.name} limit={DISPLAY_CUT.dashboard} />
        {menu}
      </div>
    </li>
  );
}
