import { EditOutlined, HistoryOutlined, ReloadOutlined, ShareAltOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppTheme } from '../../chart/hooks/useAppTheme';
import { useEditAuth } from '../../dashboard/hooks/useEditAuth';
import { HistoryPanel } from '../../history/components/HistoryPanel';
import { useHsTranslation } from '../../history/i18n';
import { relationKeys } from '../api/relation';
import { useRelationOption } from '../hooks/useRelations';
import { useViewerTexts } from '../hooks/useViewerTexts';
import { useRelationTranslation } from '../i18n';
import type { RelationLayout, RelationMap, RelationTab } from '../types';
import { editorRows } from '../utils/editor';
import { relationPath } from '../utils/paths';
import { dressOption, nodeValueText, VIEWER_COLORS } from '../utils/viewer';
import { LayoutPicker } from './LayoutPicker';
import { RelationCarousel } from './RelationCarousel';
import { RelationShareDialog } from './RelationShareDialog';

const RelationChart = lazy(() => import('./RelationChart'));

/**
 * The relation-map viewer (spec 02 §2 screen 10): the map drawn as a force graph, a top-bottom or a
 * left-right tree (the switch draws it again, the stored layout is the editor's), each node with its
 * value (tooltip: value and chart name; broken and no-permission nodes drawn as such), and the same
 * nodes as a list. A click on a node (drawing or list) opens the relation carousel on it.
 */
export function RelationView({ tab, map }: { tab: RelationTab; map: RelationMap }) {
  const { rl } = useRelationTranslation();
  const navigate = useNavigate();
  const texts = useViewerTexts();
  const appTheme = useAppTheme();
  const tabEdit = useEditAuth(tab).editAuth;
  const canEdit = tabEdit && map.editAuth;
  const [layout, setLayout] = useState<RelationLayout>(map.chartType);
  const [carouselNode, setCarouselNode] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [history, setHistory] = useState(false);
  const { hs } = useHsTranslation();
  const queryClient = useQueryClient();
  const [drawn, setDrawn] = useState<string>('');
  const query = useRelationOption(tab, map.relationId, { chartType: layout });
  const answer = query.data;
  const option = useMemo(
    () => (answer ? dressOption({ option: answer.option, nodes: answer.nodes, layout: answer.chartType, texts, colors: VIEWER_COLORS[appTheme] }) : null),
    [answer, texts, appTheme],
  );
  const rows = useMemo(() => editorRows(answer?.nodes ?? []), [answer]);
  const shownLayout = answer?.chartType ?? layout;
  const drawnKey = `${shownLayout}:${query.dataUpdatedAt}`;

  let drawing;
  if (query.isPending) {
    drawing = (
      <div className="bi-relation-view__status" data-testid="relation-loading">
        <Spin />
        <Typography.Text type="secondary">{rl('viewer.loading')}</Typography.Text>
      </div>
    );
  } else if (query.isError) {
    drawing = <Result status="error" title={rl('viewer.failed')} subTitle={query.error.message} data-testid="relation-error" extra={<Button onClick={() => void query.refetch()}>{rl('viewer.refresh')}</Button>} />;
  } else if (!answer || answer.nodes.length === 0 || !option) {
    drawing = <Empty description={rl('viewer.empty')} data-testid="relation-empty" />;
  } else {
    drawing = (
      <Suspense fallback={<Spin />}>
        <RelationChart option={option} appTheme={appTheme} ariaLabel={map.name} onNodeClick={setCarouselNode} onRendered={() => setDrawn(drawnKey)} />
      </Suspense>
    );
  }

  return (
    <div className="bi-relation-view" data-testid="relation-view" data-relation-id={map.relationId} data-layout={shownLayout} data-drawn={drawn === drawnKey ? 'true' : 'false'} data-fetching={query.isFetching ? 'true' : 'false'}>
      <header className="bi-relation-view__header">
        <div className="bi-relation-view__heading">
          <Typography.Title level={4} className="bi-relation-view__title" data-testid="relation-title" ellipsis={{ tooltip: map.name }}>
            {map.name}
          </Typography.Title>
          <Typography.Text type="secondary" className="bi-relation-view__hint">
            {rl('viewer.hint')}
          </Typography.Text>
        </div>
        <div className="bi-relation-view__tools">
          <LayoutPicker value={layout} onChange={setLayout} testId="relation-layout" />
          <Tooltip title={rl('viewer.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={rl('viewer.refresh')} onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending} data-testid="relation-refresh" />
          </Tooltip>
          {/* the map's versions (issue 33): whoever reads the map; restore for who may change it */}
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="relation-history">
            {hs('entry')}
          </Button>
          {canEdit ? (
            <>
              <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)} data-testid="relation-share">
                {rl('viewer.share')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate(relationPath(tab, map.projectId, map.relationId, true))} data-testid="relation-edit">
                {rl('viewer.edit')}
              </Button>
            </>
          ) : null}
        </div>
      </header>
      <div className="bi-relation-view__body">
        <div className="bi-relation-view__drawing">{drawing}</div>
        {answer && answer.nodes.length > 0 ? (
          <aside className="bi-relation-view__list" aria-label={rl('viewer.nodeList')}>
            <Typography.Text strong>{rl('viewer.nodeList')}</Typography.Text>
            <ul data-testid="relation-node-list">
              {rows.map(({ node, depth }) => {
                const item = node;
                const problem = item.state === 'broken' || item.state === 'noPermission';
                return (
                  <li key={node.nodeId} style={{ paddingInlineStart: depth * 14 }}>
                    <button
                      type="button"
                      className="bi-relation-view__node"
                      data-testid={`relation-node-${node.nodeId}`}
                      data-state={item.state}
                      data-value={item.value ?? ''}
                      onClick={() => setCarouselNode(node.nodeId)}
                      title={[item.name, item.chartName].filter(Boolean).join(' · ')}
                    >
                      <span className="bi-relation-view__node-name">{item.name}</span>
                      {problem ? (
                        <Tag color={item.state === 'broken' ? 'error' : 'default'} icon={<WarningOutlined />} className="bi-relation-view__node-value">
                          {nodeValueText(item, texts)}
                        </Tag>
                      ) : (
                        <span className="bi-relation-view__node-value" data-testid="relation-node-value">
                          {nodeValueText(item, texts)}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          </aside>
        ) : null}
      </div>
      {carouselNode ? <RelationCarousel tab={tab} relationId={map.relationId} name={map.name} nodeId={carouselNode} texts={texts} onClose={() => setCarouselNode(null)} /> : null}
      <RelationShareDialog target={sharing ? map : null} onClose={() => setSharing(false)} />
      {history ? (
        <HistoryPanel
          tab={tab}
          kind="relation"
          objectId={map.relationId}
          name={map.name}
          canRestore={canEdit}
          onClose={() => setHistory(false)}
          onRestored={() => void queryClient.invalidateQueries({ queryKey: relationKeys.all })}
        />
      ) : null}
    </div>
  );
}
