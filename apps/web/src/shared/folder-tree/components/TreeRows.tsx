import { CaretDownOutlined, CaretRightOutlined, FolderOutlined, HolderOutlined, MoreOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { cutName, displayWidth } from '@bi/rules';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import type { HTMLAttributes, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { dragId } from '../utils/drop';
import type { TreeMenuEntry } from '../utils/menu';

/** A name cut to its display width (spec 01 §2: non-ASCII counts 2), with the full name in a tooltip when cut. */
export function CutName({ name, limit }: { name: string; limit: number }) {
  const label = (
    <span className="bi-tree__name" aria-label={name}>
      {cutName(name, limit)}
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

export const stopEvent = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

/** A menu's entries as antd items, each label carrying its test id. */
export function menuItems(entries: readonly TreeMenuEntry[]): MenuProps['items'] {
  return entries.map((entry, index) =>
    'divider' in entry
      ? { type: 'divider' as const, key: `divider-${index}` }
      : { key: entry.key, label: <span data-testid={entry.testId}>{entry.label}</span>, disabled: entry.disabled, danger: entry.danger && !entry.disabled },
  );
}

interface RowMenuProps {
  testId: string;
  /** Accessible name of the "…" button. */
  label: string;
  entries: readonly TreeMenuEntry[];
  onSelect?: (key: string) => void;
  /** The button's icon (default: vertical dots). */
  icon?: ReactNode;
  size?: 'small' | 'middle';
  className?: string;
}

/** A "…" button and its dropdown menu, the entries given as data; an entry's own onSelect wins. */
export function RowMenu({ testId, label, entries, onSelect, icon = <MoreOutlined />, size = 'small', className = 'bi-tree__menu' }: RowMenuProps) {
  return (
    <Dropdown
      trigger={['click']}
      destroyOnHidden
      menu={{
        items: menuItems(entries),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          const entry = entries.find((e) => !('divider' in e) && e.key === key);
          if (entry && !('divider' in entry) && entry.onSelect) entry.onSelect();
          else onSelect?.(key);
        },
      }}
    >
      <Button type="text" size={size} className={className} icon={icon} aria-label={label} data-testid={testId} onClick={stopEvent} onKeyDown={stopEvent} />
    </Dropdown>
  );
}

/** Enter (and Space where asked) on the focused row itself runs its action. */
const onRowKey =
  (action: () => void, space: boolean) =>
  (event: KeyboardEvent): void => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || (space && event.key === ' ')) {
      event.preventDefault();
      action();
    }
  };

function DragHandle({ testId, label, handle }: { testId: string; label: string; handle: ReturnType<typeof useSortable> }) {
  return (
    <span
      ref={handle.setActivatorNodeRef}
      className="bi-tree__handle"
      data-testid={testId}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      onClick={stopEvent}
    >
      <HolderOutlined />
    </span>
  );
}

interface FolderRowProps {
  id: string;
  name: string;
  limit: number;
  /** Ids of the items shown in it (for the sortable context). */
  itemIds: readonly string[];
  expanded: boolean;
  draggable: boolean;
  /** An item is being dragged: the row highlights when it is under the pointer. */
  dropTarget: boolean;
  testId: string;
  dragTestId: string;
  dragLabel: string;
  emptyText: string;
  menu: ReactNode;
  onToggle: () => void;
  children: ReactNode;
}

/** A folder: its row (drag handle, caret, name, menu) and, when expanded, its items. */
export function SortableFolder(props: FolderRowProps) {
  const { id, name, limit, itemIds, expanded, draggable, dropTarget, testId, dragTestId, dragLabel, emptyText, menu, onToggle, children } = props;
  const sortable = useSortable({ id: dragId('folder', id), disabled: !draggable });
  const row = useDroppable({ id: dragId('folderRow', id), disabled: !draggable });
  return (
    <li
      ref={sortable.setNodeRef}
      className={['bi-tree__folder', sortable.isDragging ? 'is-dragging' : ''].join(' ')}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      data-folder-id={id}
    >
      <div
        ref={row.setNodeRef}
        className={['bi-tree__row', 'bi-tree__row--folder', dropTarget && row.isOver ? 'is-drop-target' : ''].join(' ')}
        data-testid={testId}
        role="button"
        tabIndex={0}
        aria-expanded={expanded}
        onClick={onToggle}
        onKeyDown={onRowKey(onToggle, true)}
      >
        {draggable ? <DragHandle testId={dragTestId} label={dragLabel} handle={sortable} /> : null}
        <span className="bi-tree__caret" aria-hidden="true">
          {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
        </span>
        <FolderOutlined className="bi-tree__icon" aria-hidden="true" />
        <CutName name={name} limit={limit} />
        {menu}
      </div>
      {expanded ? (
        <SortableContext items={itemIds.map((i) => dragId('item', i))} strategy={verticalListSortingStrategy}>
          <ul className="bi-tree__dashboards">
            {children}
            {itemIds.length === 0 ? <li className="bi-tree__empty">{emptyText}</li> : null}
          </ul>
        </SortableContext>
      ) : null}
    </li>
  );
}

interface ItemRowProps {
  id: string;
  name: string;
  limit: number;
  icon: ReactNode;
  active: boolean;
  draggable: boolean;
  testId: string;
  dragTestId: string;
  dragLabel: string;
  /** Attributes of the item's <li> (e.g. data-dashboard-id) and row (e.g. a title). */
  itemAttributes?: Record<string, string>;
  rowAttributes?: HTMLAttributes<HTMLDivElement>;
  menu: ReactNode;
  onOpen: () => void;
}

/** An item row: drag handle, icon, name (opens it), menu. */
export function SortableItem({ id, name, limit, icon, active, draggable, testId, dragTestId, dragLabel, itemAttributes, rowAttributes, menu, onOpen }: ItemRowProps) {
  const sortable = useSortable({ id: dragId('item', id), disabled: !draggable });
  return (
    <li
      ref={sortable.setNodeRef}
      className={['bi-tree__dashboard', sortable.isDragging ? 'is-dragging' : ''].join(' ')}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      {...itemAttributes}
    >
      <div
        {...rowAttributes}
        className={['bi-tree__row', 'bi-tree__row--dashboard', active ? 'is-active' : '', sortable.isOver && !sortable.isDragging ? 'is-drop-target' : ''].join(' ')}
        data-testid={testId}
        data-active={active ? 'true' : 'false'}
        role="link"
        tabIndex={0}
        aria-current={active ? 'page' : undefined}
        onClick={onOpen}
        onKeyDown={onRowKey(onOpen, false)}
      >
        {draggable ? <DragHandle testId={dragTestId} label={dragLabel} handle={sortable} /> : null}
        {icon}
        <CutName name={name} limit={limit} />
        {menu}
      </div>
    </li>
  );
}
