import { DatabaseOutlined, FolderOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Empty, Input, Tooltip } from 'antd';
import { useMemo, useState, type DragEvent } from 'react';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { errorText } from '../../data-source/components/common';
import { useJtTranslation } from '../i18n';
import type { JoinProject, JoinSourceItem } from '../types';
import { filterProjects } from '../utils/sources';

/** The drag data type of a worksheet dragged onto the canvas. */
export const SOURCE_DRAG_TYPE = 'application/x-bi-join-source';

interface SourcePanelProps {
  projects: readonly JoinProject[] | undefined;
  pending: boolean;
  error: unknown;
  /** showNames of the tables on the canvas (for the keyboard "add" menu) */
  tables: readonly string[];
  /** the root's store: sources of another store cannot be joined to it */
  rootStore: string | null;
  onAdd: (source: JoinSourceItem, onto: string | null) => void;
}

/**
 * The worksheets grouped by folder with a search (spec 02 §2 screen 8). Each one is dragged onto the
 * canvas, or added from its menu (the root, or joined to a table already there) without a mouse.
 */
export function SourcePanel({ projects, pending, error, tables, rootStore, onAdd }: SourcePanelProps) {
  const { jt } = useJtTranslation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterProjects(projects ?? [], search), [projects, search]);
  const hasAny = (projects ?? []).some((p) => p.dataSources.length > 0);

  const onDragStart = (event: DragEvent<HTMLElement>, source: JoinSourceItem) => {
    event.dataTransfer.setData(SOURCE_DRAG_TYPE, JSON.stringify({ dataSourceId: source.dataSourceId, name: source.name }));
    event.dataTransfer.effectAllowed = 'copy';
  };

  let body;
  if (pending) body = <PendingSpin />;
  else if (error) body = <Alert type="error" showIcon title={`${jt('sources.loadFailed')}: ${errorText(error)}`} />;
  else if (!hasAny) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="join-sources-empty">{jt('sources.empty')}</span>} />;
  else if (shown.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="join-sources-no-match">{jt('sources.noMatch')}</span>} />;
  else
    body = (
      <ul className="bi-jt-sources__folders">
        {shown.map((project) => (
          <li key={project.projectId} className="bi-jt-sources__folder" data-testid={`join-folder-${project.projectId}`}>
            <div className="bi-jt-sources__folder-name">
              <FolderOutlined /> <span title={project.name}>{project.name}</span>
            </div>
            <ul className="bi-jt-sources__items">
              {project.dataSources.map((source) => {
                const otherStore = rootStore !== null && source.store !== rootStore;
                const entries = tables.length === 0 ? [{ key: '', label: jt('sources.add') }] : tables.map((t) => ({ key: t, label: jt('sources.addOnto', { table: t }) }));
                return (
                  <li
                    key={source.dataSourceId}
                    className={`bi-jt-sources__item${otherStore ? ' bi-jt-sources__item--other' : ''}`}
                    draggable
                    onDragStart={(e) => onDragStart(e, source)}
                    data-testid={`join-source-${source.dataSourceId}`}
                    data-name={source.name}
                  >
                    <DatabaseOutlined />
                    <span className="bi-jt-sources__label" title={source.name}>
                      {source.name}
                    </span>
                    <Dropdown
                      trigger={['click']}
                      menu={{ items: entries.map((e) => ({ key: e.key || '__root', label: <span data-testid={`join-source-add-${e.key || 'root'}`}>{e.label}</span> })), onClick: ({ key }) => onAdd(source, key === '__root' ? null : key) }}
                    >
                      <Tooltip title={jt('sources.add')}>
                        <Button size="small" type="text" icon={<PlusOutlined />} aria-label={`${jt('sources.add')}: ${source.name}`} data-testid={`join-source-menu-${source.dataSourceId}`} />
                      </Tooltip>
                    </Dropdown>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    );

  return (
    <aside className="bi-jt-sources" aria-label={jt('sources.title')} data-testid="join-sources">
      <div className="bi-jt-sources__title">{jt('sources.title')}</div>
      <Input allowClear prefix={<SearchOutlined />} placeholder={jt('sources.search')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="join-sources-search" />
      <div className="bi-jt-sources__hint">{jt('sources.dragHint')}</div>
      <div className="bi-jt-sources__list">{body}</div>
    </aside>
  );
}
