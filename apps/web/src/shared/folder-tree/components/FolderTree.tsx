import { EllipsisOutlined, SearchOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Button, Empty, Input, Tooltip, Typography } from 'antd';
import { PendingSpin } from '../../components/PendingSpin';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import type { FolderTreeState } from '../hooks/useFolderTree';
import { useFolderTreeTranslation } from '../i18n';
import { acceptsDrop, dragId, parseDragId, planDrop, type DropPlan } from '../utils/drop';
import type { TreeMenuEntry } from '../utils/menu';
import type { TreeShape } from '../utils/tree';
import { RowMenu, SortableFolder, SortableItem } from './TreeRows';

/** The item under the pointer wins; without one, the closest centre (among the places the dragged kind may land). */
const collisionDetection: CollisionDetection = (args) => {
  const droppableContainers = args.droppableContainers.filter((container) => acceptsDrop(args.active.id, container.id));
  const within = pointerWithin({ ...args, droppableContainers });
  return within.length > 0 ? within : closestCenter({ ...args, droppableContainers });
};

/** The test ids of a tree (each area keeps the ids its end-to-end specs know). */
export interface TreeTestIds {
  tree: string;
  search: string;
  empty: string;
  noResults: string;
  error: string;
  folder: (id: string) => string;
  folderMenu: (id: string) => string;
  dragFolder: (id: string) => string;
  item: (id: string) => string;
  itemMenu: (id: string) => string;
  dragItem: (id: string) => string;
}

/** A button of the sidebar's head: an icon with a tooltip. */
export interface TreeAction {
  key: string;
  icon: ReactNode;
  label: string;
  testId: string;
  onClick: () => void;
}

/** The keys of the sidebar texts every area keeps under its own `sidebar.` catalogue entry. */
export const SIDEBAR_TEXT_KEYS = ['label', 'search', 'noFolders', 'noResults', 'loadFailed', 'emptyFolder', 'folderMenu'] as const;
export type SidebarTextKey = (typeof SIDEBAR_TEXT_KEYS)[number];

/** The area's words for its tree (`label`: accessible name of the sidebar and the tree). */
export type TreeTexts = Record<SidebarTextKey | 'title' | 'itemMenu', string>;

/** The tree's texts from the area's `sidebar.*` texts, plus its title and item-menu label. */
export function treeTexts(sidebar: (key: SidebarTextKey) => string, rest: { title: string; itemMenu: string }): TreeTexts {
  return { ...(Object.fromEntries(SIDEBAR_TEXT_KEYS.map((key) => [key, sidebar(key)])) as Record<SidebarTextKey, string>), ...rest };
}

export interface FolderTreeProps<F, I> {
  shape: TreeShape<F, I>;
  state: FolderTreeState<F>;
  query: { isPending: boolean; isError: boolean; error: Error | null };
  rootTestId: string;
  testIds: TreeTestIds;
  texts: TreeTexts;
  /** Display cuts (spec 01 §2: folder 19, dashboard 16, data source 20, relation map 14). */
  cut: { folder: number; item: number };
  itemIcon: ReactNode;
  activeItemId?: string;
  canDragFolders: boolean;
  canDragItem: (item: I) => boolean;
  /** Menus as data; an empty list shows no menu button. */
  folderMenu: (folder: F) => readonly TreeMenuEntry[];
  onFolderMenu?: (folder: F, key: string) => void;
  itemMenu: (item: I) => readonly TreeMenuEntry[];
  onItemMenu?: (item: I, key: string) => void;
  onOpenItem: (item: I) => void;
  /** A drop that changes something (plan of planDrop). */
  onDrop: (plan: DropPlan) => void;
  /** Buttons of the head next to the title, as data (shown only when the caller may use them). */
  actions?: readonly TreeAction[];
  /** A "…" menu after the head's buttons. */
  headMenu?: { label: string; testId: string; entries: readonly TreeMenuEntry[] };
  /** Replaces the plain search box (e.g. a search with a dropdown of matches). */
  searchBox?: ReactNode;
  itemAttributes?: (item: I) => Record<string, string>;
  itemRowAttributes?: (item: I) => HTMLAttributes<HTMLDivElement>;
  /** The area's dialogs. */
  children?: ReactNode;
}

/**
 * The sidebar of a folder tree (dashboards, templates, data sources, relation maps): head with
 * title and actions, search, and folders with their items; folders and items drag (where allowed)
 * to reorder or move, menus come as data, names are cut per kind.
 */
export function FolderTree<F, I>(props: FolderTreeProps<F, I>) {
  const { shape, state, query, testIds, texts, cut } = props;
  const { ft } = useFolderTreeTranslation();
  const [dragKind, setDragKind] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ordered = shape.itemOrder !== undefined;

  let body: ReactNode;
  if (query.isPending) {
    body = <PendingSpin />;
  } else if (query.isError) {
    body = <Alert type="error" showIcon title={texts.loadFailed} description={query.error?.message} data-testid={testIds.error} />;
  } else if (state.folders.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid={testIds.empty}>{texts.noFolders}</span>} />;
  } else if (state.shown.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid={testIds.noResults}>{texts.noResults}</span>} />;
  } else {
    body = (
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={(event) => setDragKind(parseDragId(event.active.id)?.kind ?? null)}
        onDragCancel={() => setDragKind(null)}
        onDragEnd={(event) => {
          setDragKind(null);
          const plan = planDrop(shape, state.folders, event.active.id, event.over?.id);
          if (!plan) return;
          if (plan.kind === 'item' && plan.moveTo) state.expand(plan.moveTo);
          props.onDrop(plan);
        }}
      >
        <SortableContext items={state.shown.map((f) => dragId('folder', shape.folderId(f)))} strategy={verticalListSortingStrategy}>
          <ul className="bi-tree" data-testid={testIds.tree} aria-label={texts.label}>
            {state.shown.map((folder) => {
              const id = shape.folderId(folder);
              const items = shape.items(folder);
              const folderEntries = props.folderMenu(folder);
              return (
                <SortableFolder
                  key={id}
                  id={id}
                  name={shape.folderName(folder)}
                  limit={cut.folder}
                  itemIds={items.map(shape.itemId)}
                  expanded={state.isExpanded(id)}
                  draggable={props.canDragFolders}
                  dropTarget={dragKind === 'item'}
                  testId={testIds.folder(id)}
                  dragTestId={testIds.dragFolder(id)}
                  dragLabel={ft('drag.folder')}
                  emptyText={texts.emptyFolder}
                  onToggle={() => state.toggle(id)}
                  menu={
                    folderEntries.length > 0 ? (
                      <RowMenu testId={testIds.folderMenu(id)} label={texts.folderMenu} entries={folderEntries} onSelect={(key) => props.onFolderMenu?.(folder, key)} />
                    ) : null
                  }
                >
                  {items.map((item) => {
                    const itemId = shape.itemId(item);
                    const itemEntries = props.itemMenu(item);
                    return (
                      <SortableItem
                        key={itemId}
                        id={itemId}
                        name={shape.itemName(item)}
                        limit={cut.item}
                        icon={props.itemIcon}
                        active={itemId === props.activeItemId}
                        draggable={props.canDragItem(item)}
                        testId={testIds.item(itemId)}
                        dragTestId={testIds.dragItem(itemId)}
                        dragLabel={ordered ? ft('drag.item') : ft('drag.itemMove')}
                        itemAttributes={props.itemAttributes?.(item)}
                        rowAttributes={props.itemRowAttributes?.(item)}
                        onOpen={() => props.onOpenItem(item)}
                        menu={
                          itemEntries.length > 0 ? (
                            <RowMenu testId={testIds.itemMenu(itemId)} label={texts.itemMenu} entries={itemEntries} onSelect={(key) => props.onItemMenu?.(item, key)} />
                          ) : null
                        }
                      />
                    );
                  })}
                </SortableFolder>
              );
            })}
          </ul>
        </SortableContext>
      </DndContext>
    );
  }

  return (
    <nav className="bi-sidebar bi-sidebar--tree" data-testid={props.rootTestId} aria-label={texts.label}>
      <div className="bi-sidebar__head">
        <Typography.Title level={5} className="bi-sidebar__title">
          {texts.title}
        </Typography.Title>
        {props.actions?.length || props.headMenu ? (
          <span className="bi-sidebar__actions">
            {props.actions?.map((action) => (
              <Tooltip key={action.key} title={action.label}>
                <Button type="text" icon={action.icon} aria-label={action.label} data-testid={action.testId} onClick={action.onClick} />
              </Tooltip>
            ))}
            {props.headMenu ? (
              <RowMenu testId={props.headMenu.testId} label={props.headMenu.label} entries={props.headMenu.entries} icon={<EllipsisOutlined />} size="middle" className="" />
            ) : null}
          </span>
        ) : null}
      </div>
      {props.searchBox ?? (
        <Input
          className="bi-sidebar__search"
          data-testid={testIds.search}
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={texts.search}
          aria-label={texts.search}
          value={state.search}
          onChange={(event) => state.setSearch(event.target.value)}
        />
      )}
      <div className="bi-sidebar__body">{body}</div>
      {props.children}
    </nav>
  );
}
