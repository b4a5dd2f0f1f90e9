import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Result, Steps, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import type { ChartSummary } from '../../chart/types';
import { ChartBox } from '../../dashboard/components/ChartBox';
import { chartBoxActions } from '../../dashboard/utils/permissions';
import { useRelationChain, useRelationCharts, useRelationOption } from '../hooks/useRelations';
import { useRelationTranslation } from '../i18n';
import type { RelationNodeView, RelationSelection, RelationTab } from '../types';
import { filterChips, pickAt, stepFilters, stepTo } from '../utils/carousel';
import { findChart } from '../utils/editor';
import { nodeValueText, type ViewerTexts } from '../utils/viewer';

interface RelationCarouselProps {
  tab: RelationTab;
  relationId: string;
  name: string;
  /** the clicked node: the carousel opens on it (its chain runs from the root through it to a leaf) */
  nodeId: string;
  texts: ViewerTexts;
  onClose: () => void;
}

/**
 * The relation carousel (spec 01 §2 overlay): the drill chain's charts one after another (relation-
 * concatenate), each drawn by the dashboard's chart box and run with the filters the categories picked
 * on the charts above it give; a click on a category of the current chart picks it. Back / next (also
 * the arrow keys), Esc or the close button leave it. Each step shows the node's value under the picks
 * (relation-option with the selections: the same batch as the map).
 */
export function RelationCarousel({ tab, relationId, name, nodeId, texts, onClose }: RelationCarouselProps) {
  const { rl } = useRelationTranslation();
  const chainQuery = useRelationChain(tab, relationId, nodeId, true);
  const charts = useRelationCharts(tab);
  const [index, setIndex] = useState<number | null>(null);
  const [selections, setSelections] = useState<RelationSelection[]>([]);
  const chain = useMemo(() => chainQuery.data?.chain ?? [], [chainQuery.data]);
  const current = index ?? Math.max(0, chainQuery.data?.index ?? 0);
  const count = chain.length;
  const values = useRelationOption(tab, relationId, { selections }, count > 0);
  const node = chain[current];

  const step = (delta: number) => setIndex(stepTo(current, delta, count));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      // Esc closes also when the focus left the dialog (e.g. the last step disabled the focused Next button)
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('.ant-select-open, .ant-dropdown:not(.ant-dropdown-hidden)')) onClose();
      if (event.key === 'ArrowLeft') setIndex((i) => stepTo(i ?? current, -1, count));
      if (event.key === 'ArrowRight') setIndex((i) => stepTo(i ?? current, 1, count));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, count, onClose]);

  const summaryOf = (n: RelationNodeView): ChartSummary | null => {
    if (!n.chartId || n.state === 'broken' || n.state === 'empty') return null;
    const found = findChart(charts.data, n.chartId);
    return {
      chartId: n.chartId,
      dashboardId: n.dashboardId ?? found?.dashboardId ?? '',
      title: n.chartName || found?.chart.title || n.name,
      type: found?.chart.type ?? '',
      dataSourceId: n.relationSourceId ?? found?.chart.dataSourceId ?? '',
      hide: false,
    };
  };

  const picked = node ? selections.find((s) => s.nodeId === node.nodeId) : undefined;
  const filters = node ? stepFilters(chain, current, selections) : undefined;
  const valueNode = node ? values.data?.nodes.find((n) => n.nodeId === node.nodeId) : undefined;
  const chart = node ? summaryOf(node) : null;

  let body;
  if (chainQuery.isPending) body = <PendingSpin />;
  else if (chainQuery.isError) body = <Result status="error" title={rl('carousel.loadFailed')} subTitle={chainQuery.error.message} data-testid="relation-carousel-error" />;
  else if (!node) body = <Result status="info" title={rl('viewer.empty')} />;
  else
    body = (
      <div className="bi-relation-carousel__step" data-testid="relation-carousel-step" data-index={current} data-node-id={node.nodeId}>
        <div className="bi-relation-carousel__facts">
          <Typography.Text strong data-testid="relation-carousel-node">
            {node.name}
          </Typography.Text>
          <Tag color="blue" data-testid="relation-carousel-value" data-value={valueNode?.value ?? ''} data-pending={values.isFetching ? 'true' : 'false'}>
            {rl('carousel.nodeValue', { value: valueNode ? nodeValueText(valueNode, texts) : '…' })}
          </Tag>
          {filterChips(filters?.globalFilters).map((chip) => (
            <Tag key={chip.key} data-testid="relation-carousel-filter">
              {rl('carousel.filteredBy', { field: chip.field, value: chip.value })}
            </Tag>
          ))}
          {current > 0 && !filters ? <Typography.Text type="secondary">{rl('carousel.unfiltered')}</Typography.Text> : null}
        </div>
        {chart ? (
          <>
            <div className="bi-relation-carousel__pick">
              {picked ? (
                <Tag closable color="processing" data-testid="relation-carousel-picked" onClose={() => setSelections((s) => pickAt(chain, s, node.nodeId, null))} closeIcon={<CloseOutlined aria-label={rl('carousel.clearPick')} />}>
                  {rl('carousel.picked', { value: String(picked.value) })}
                </Tag>
              ) : current < count - 1 ? (
                <Typography.Text type="secondary">{rl('carousel.pickHint')}</Typography.Text>
              ) : null}
            </div>
            <div className="bi-relation-carousel__chart">
              <ChartBox
                key={`${node.nodeId}:${JSON.stringify(filters ?? null)}`}
                tab={tab}
                chart={chart}
                variant="viewer"
                actions={chartBoxActions({ editAuth: false, dataSourceAuth: true, apiName: null, tab })}
                refreshKey={0}
                filters={filters}
                onPointClick={(point) => setSelections((s) => pickAt(chain, s, node.nodeId, point.category))}
              />
            </div>
          </>
        ) : (
          <Alert type="warning" showIcon data-testid="relation-carousel-no-chart" title={rl('carousel.noChart', { state: texts.state[node.state === 'ok' || !node.state ? 'empty' : node.state] })} />
        )}
      </div>
    );

  return (
    <Modal
      open
      title={<span data-testid="relation-carousel-title">{rl('carousel.title', { name })}</span>}
      footer={null}
      onCancel={onClose}
      keyboard
      destroyOnHidden
      width="min(1200px, 96vw)"
      className="bi-relation-carousel"
      closable={{ 'aria-label': rl('carousel.close') }}
    >
      <div data-testid="relation-carousel" data-count={count} data-index={current}>
        {count > 0 ? (
          <>
            <Steps
              size="small"
              current={current}
              className="bi-relation-carousel__steps"
              items={chain.map((n, i) => ({ title: <span data-testid={`relation-carousel-stepper-${i}`}>{n.name}</span>, status: i === current ? 'process' : i < current ? 'finish' : 'wait' }))}
            />
            <div className="bi-relation-carousel__controls">
              <Tooltip title={rl('carousel.prev')}>
                <Button icon={<LeftOutlined />} onClick={() => step(-1)} disabled={current <= 0} data-testid="relation-carousel-prev">
                  {rl('carousel.prev')}
                </Button>
              </Tooltip>
              <Typography.Text type="secondary" aria-live="polite" data-testid="relation-carousel-position">
                {rl('carousel.position', { current: current + 1, total: count })}
              </Typography.Text>
              <Tooltip title={rl('carousel.next')}>
                <Button icon={<RightOutlined />} iconPlacement="end" onClick={() => step(1)} disabled={current >= count - 1} data-testid="relation-carousel-next">
                  {rl('carousel.next')}
                </Button>
              </Tooltip>
            </div>
          </>
        ) : null}
        {body}
      </div>
    </Modal>
  );
}
