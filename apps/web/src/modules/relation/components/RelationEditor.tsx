import { ArrowLeftOutlined, DeleteOutlined, DragOutlined, NodeIndexOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { checkRelationTree, RELATION_DEFAULT_NAMES, RELATION_LIMITS, defaultRelationFormatter, type Formatter } from '@bi/chart-model';
import { Alert, App, Button, Empty, Form, Input, Select, Switch, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DialogModal } from '../../../shared/components/DialogModal';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import { useLeaveConfirmation } from '../../../shared/hooks/useLeaveConfirmation';
import { FormatterDialog } from '../../chart-editor/components/FormatterDialog';
import { useSourceFields } from '../../chart-editor/hooks/useSourceFields';
import { useRelationCharts, useRelationMutations } from '../hooks/useRelations';
import { useViewerTexts } from '../hooks/useViewerTexts';
import { useRelationTranslation } from '../i18n';
import type { RelationChartField, RelationMap, RelationNodeView, RelationTab } from '../types';
import { addChild, bindChart, canAddChild, canMoveUnder, changeNode, editorRows, findChart, moveUnder, newNodeId, nodesToSave, removeSubtree, sameNodes, setLayout, setMappedField, subtreeIds } from '../utils/editor';
import { relationPath } from '../utils/paths';
import { LayoutPicker } from './LayoutPicker';

const nameLength = (s: string) => [...s.trim()].length;

/**
 * The relation-map editor (spec 02 §2 screen 10; edit authority only): the nodes as an indented tree
 * (add child, move under — also by dragging a node onto another —, delete a subtree after a
 * confirmation), the chosen node's settings (name, chart from relation-charts, concatenate switch and
 * mapped field, value format) and the map's layout; Save sends the whole array (`change`) after the
 * tree rules of @bi/chart-model; a refusal shows the server's message and keeps the edits.
 */
export function RelationEditor({ tab, map }: { tab: RelationTab; map: RelationMap }) {
  const { rl, t, i18n } = useRelationTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const texts = useViewerTexts();
  const charts = useRelationCharts(tab);
  const mutations = useRelationMutations(tab);
  const [nodes, setNodes] = useState<RelationNodeView[]>(map.nodes);
  const [saved, setSaved] = useState<RelationNodeView[]>(map.nodes);
  const [selected, setSelected] = useState<string | null>(map.nodes.find((n) => !n.parentId)?.nodeId ?? null);
  const [moving, setMoving] = useState<RelationNodeView | null>(null);
  const [formatting, setFormatting] = useState<RelationNodeView | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    setNodes(map.nodes);
    setSaved(map.nodes);
  }, [map]);

  const dirty = !sameNodes(nodes, saved);
  const rows = useMemo(() => editorRows(nodes), [nodes]);
  const problem = checkRelationTree(nodesToSave(nodes), map.relationId);
  const problemText = problem ? rl(`editor.problems.${problem.key.replace('relation.', '')}` as 'editor.problems.cycle', problem.params) : null;
  const node = nodes.find((n) => n.nodeId === selected) ?? null;
  const layout = nodes.find((n) => !n.parentId)?.chartType ?? map.chartType;
  const language = (i18n.language in RELATION_DEFAULT_NAMES ? i18n.language : 'zh-CN') as keyof typeof RELATION_DEFAULT_NAMES;

  // leaving with unsaved edits asks first
  useLeaveConfirmation(dirty && !mutations.change.isPending);

  const chartOptions = useMemo(
    () =>
      (charts.data ?? []).flatMap((folder) =>
        folder.dashboards
          .filter((d) => d.charts.length > 0)
          .map((d) => ({
            label: `${folder.name} / ${d.name}`,
            title: `${folder.name} / ${d.name}`,
            options: d.charts.map((c) => ({ value: c.chartId, label: c.title, 'data-testid': `relation-chart-option-${c.chartId}` })),
          })),
      ),
    [charts.data],
  );
  const bound = node ? findChart(charts.data, node.chartId) : undefined;
  // the mapped field's choices: the chart's source fields (from relation-charts, else the chart's schema
  // through the chart editor's hook, so one cache serves both)
  const needSchema = Boolean(node?.isConcatenate && bound && bound.chart.fields.length === 0);
  const schema = useSourceFields(tab, bound?.chart.chartId ?? '', needSchema ? bound!.chart.dataSourceId : undefined);
  const fieldChoices: RelationChartField[] = bound ? (bound.chart.fields.length > 0 ? bound.chart.fields : (schema.data ?? [])) : [];

  const add = (parentId: string) => {
    const nodeId = newNodeId();
    setNodes((list) => addChild(list, parentId, nodeId, RELATION_DEFAULT_NAMES[language].child));
    setSelected(nodeId);
  };
  const confirmRemove = (target: RelationNodeView) => {
    const removed = subtreeIds(nodes, target.nodeId);
    modal.confirm(
      deleteConfirmation(t, {
        title: rl('editor.deleteTitle'),
        content: removed.size > 1 ? rl('editor.deleteContent', { name: target.name, count: removed.size - 1 }) : rl('editor.deleteLeafContent', { name: target.name }),
        onOk: () => {
          setNodes((list) => removeSubtree(list, target.nodeId));
          if (selected && removed.has(selected)) setSelected(target.parentId);
        },
      }),
    );
  };
  const save = async () => {
    if (problem || mutations.change.isPending) return;
    setServerError(null);
    try {
      const answer = await mutations.change.mutateAsync(nodesToSave(nodes));
      setNodes(answer.nodes);
      setSaved(answer.nodes);
      void message.success(rl('editor.saved'));
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : t('errors.operationFailed');
      setServerError(text);
      void message.error(text);
    }
  };
  const onDrop = (event: DragEvent, parentId: string) => {
    event.preventDefault();
    const nodeId = dragging ?? event.dataTransfer.getData('text/plain');
    setDragging(null);
    if (nodeId && canMoveUnder(nodes, nodeId, parentId)) setNodes((list) => moveUnder(list, nodeId, parentId));
  };

  const formatterText = (f: Formatter) => (f.type === 0 ? rl('editor.formatterDefault') : `${f.type === 2 ? '%' : '#'}${f.decimalPlaces > 0 ? `.${'0'.repeat(f.decimalPlaces)}` : ''}${f.useThousandth ? ' ,' : ''}${f.isCustomizeUnit ? ` ${f.customUnit}` : ''}`);

  return (
    <div className="bi-relation-editor" data-testid="relation-editor" data-dirty={dirty ? 'true' : 'false'} data-relation-id={map.relationId}>
      <header className="bi-relation-view__header">
        <div className="bi-relation-view__heading">
          <Typography.Title level={4} className="bi-relation-view__title" ellipsis={{ tooltip: map.name }} data-testid="relation-editor-title">
            {rl('editor.title', { name: map.name })}
          </Typography.Title>
        </div>
        <div className="bi-relation-view__tools">
          {dirty ? <Tag color="warning" data-testid="relation-unsaved">{rl('editor.unsaved')}</Tag> : null}
          <span className="bi-relation-editor__label">{rl('editor.layout')}</span>
          <LayoutPicker value={layout} onChange={(l) => setNodes((list) => setLayout(list, l))} testId="relation-editor-layout" />
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(relationPath(tab, map.projectId, map.relationId))} data-testid="relation-editor-back">
            {rl('editor.back')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()} loading={mutations.change.isPending} disabled={Boolean(problem) || !dirty} data-testid="relation-save">
            {rl('editor.save')}
          </Button>
        </div>
      </header>
      {problemText ? <Alert type="warning" showIcon title={problemText} data-testid="relation-problem" className="bi-relation-editor__alert" /> : null}
      {serverError ? <Alert type="error" showIcon closable title={serverError} onClose={() => setServerError(null)} data-testid="relation-save-error" className="bi-relation-editor__alert" /> : null}
      {charts.isError ? <Alert type="error" showIcon title={rl('editor.chartsFailed')} description={charts.error.message} className="bi-relation-editor__alert" /> : null}
      <div className="bi-relation-editor__body">
        <section className="bi-relation-editor__tree" aria-label={rl('editor.nodes')}>
          <div className="bi-relation-editor__tree-head">
            <Typography.Text strong>{rl('editor.nodes')}</Typography.Text>
            <Typography.Text type="secondary" className="bi-relation-editor__hint">
              {rl('editor.dragHint')} · {rl('editor.limits', { nodes: RELATION_LIMITS.nodes, depth: RELATION_LIMITS.depth })}
            </Typography.Text>
          </div>
          <ul className="bi-relation-editor__rows" data-testid="relation-editor-rows">
            {rows.map(({ node: row, depth }) => {
              const isRoot = !row.parentId;
              const problemState = row.state === 'broken' || row.state === 'noPermission';
              const dropOk = dragging !== null && canMoveUnder(nodes, dragging, row.nodeId);
              return (
                <li
                  key={row.nodeId}
                  className={['bi-relation-editor__row', row.nodeId === selected ? 'is-selected' : '', dropOk ? 'is-drop' : ''].join(' ')}
                  style={{ paddingInlineStart: 8 + depth * 20 }}
                  data-testid={`relation-editor-node-${row.nodeId}`}
                  data-depth={depth}
                  data-parent-id={row.parentId ?? ''}
                  draggable={!isRoot}
                  onDragStart={(event) => {
                    setDragging(row.nodeId);
                    event.dataTransfer.setData('text/plain', row.nodeId);
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(event) => {
                    if (dropOk) event.preventDefault();
                  }}
                  onDrop={(event) => onDrop(event, row.nodeId)}
                >
                  {!isRoot ? <DragOutlined className="bi-relation-editor__grip" aria-hidden="true" /> : <NodeIndexOutlined className="bi-relation-editor__grip" aria-hidden="true" />}
                  <button type="button" className="bi-relation-editor__pick" onClick={() => setSelected(row.nodeId)} data-testid="relation-editor-select" aria-pressed={row.nodeId === selected}>
                    <span className="bi-relation-editor__name" title={row.name}>
                      {row.name}
                    </span>
                    <span className="bi-relation-editor__chart" title={row.chartName ?? ''}>
                      {row.chartId && !problemState ? row.chartName || findChart(charts.data, row.chartId)?.chart.title || '' : texts.state[problemState ? (row.state as 'broken' | 'noPermission') : 'empty']}
                    </span>
                  </button>
                  {isRoot ? <Tag>{rl('editor.root')}</Tag> : null}
                  <span className="bi-relation-editor__actions">
                    <Tooltip title={rl('editor.addChild')}>
                      <Button size="small" type="text" icon={<PlusOutlined />} aria-label={rl('editor.addChild')} disabled={!canAddChild(nodes, row.nodeId)} onClick={() => add(row.nodeId)} data-testid="relation-add-child" />
                    </Tooltip>
                    {!isRoot ? (
                      <>
                        <Tooltip title={rl('editor.moveUnder')}>
                          <Button size="small" type="text" icon={<NodeIndexOutlined />} aria-label={rl('editor.moveUnder')} onClick={() => setMoving(row)} data-testid="relation-move" disabled={!nodes.some((n) => canMoveUnder(nodes, row.nodeId, n.nodeId))} />
                        </Tooltip>
                        <Tooltip title={rl('editor.delete')}>
                          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={rl('editor.delete')} onClick={() => confirmRemove(row)} data-testid="relation-delete-node" />
                        </Tooltip>
                      </>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
        <section className="bi-relation-editor__panel" aria-label={rl('editor.node')}>
          {node ? (
            <Form layout="vertical" component="div" data-testid="relation-node-form" data-node-id={node.nodeId}>
              <Typography.Text strong>{rl('editor.node')}</Typography.Text>
              <Form.Item label={rl('editor.name')} validateStatus={nameLength(node.name) < 1 || nameLength(node.name) > RELATION_LIMITS.nodeName ? 'error' : undefined} help={nameLength(node.name) < 1 || nameLength(node.name) > RELATION_LIMITS.nodeName ? rl('editor.nameRule') : undefined}>
                <Input value={node.name} maxLength={40} onChange={(e) => setNodes((list) => changeNode(list, node.nodeId, { name: e.target.value }))} onPressEnter={() => void save()} data-testid="relation-node-name" aria-label={rl('editor.name')} />
              </Form.Item>
              <Form.Item
                label={rl('editor.chart')}
                validateStatus={node.chartId && !bound && charts.isSuccess ? 'warning' : undefined}
                help={node.chartId && !bound && charts.isSuccess ? rl('editor.chartMissing') : undefined}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  value={bound ? node.chartId : undefined}
                  placeholder={rl('editor.chartPlaceholder')}
                  loading={charts.isPending}
                  options={chartOptions}
                  onChange={(chartId: string) => {
                    const found = findChart(charts.data, chartId);
                    if (found) setNodes((list) => bindChart(list, node.nodeId, found.chart, found.dashboardId));
                  }}
                  data-testid="relation-node-chart"
                  aria-label={rl('editor.chart')}
                />
              </Form.Item>
              {node.parentId ? (
                <>
                  <Form.Item label={rl('editor.concatenate')} extra={rl('editor.concatenateHint')}>
                    <Switch checked={node.isConcatenate} onChange={(on) => setNodes((list) => changeNode(list, node.nodeId, { isConcatenate: on }))} data-testid="relation-node-concatenate" aria-label={rl('editor.concatenate')} />
                  </Form.Item>
                  {node.isConcatenate ? (
                    <Form.Item label={rl('editor.mappedField')}>
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        value={node.relationName ?? undefined}
                        placeholder={rl('editor.mappedFieldPlaceholder')}
                        disabled={!bound}
                        loading={needSchema && schema.isPending}
                        options={fieldChoices.map((f) => ({ value: f.name, label: f.title && f.title !== f.name ? `${f.title} (${f.name})` : f.name, 'data-testid': `relation-field-option-${f.name}` }))}
                        onChange={(name: string) => {
                          const field = fieldChoices.find((f) => f.name === name);
                          setNodes((list) => setMappedField(list, node.nodeId, field ?? null));
                        }}
                        data-testid="relation-node-field"
                        aria-label={rl('editor.mappedField')}
                      />
                    </Form.Item>
                  ) : null}
                </>
              ) : null}
              <Form.Item label={rl('editor.formatter')}>
                <span className="bi-relation-editor__format">
                  <Typography.Text data-testid="relation-node-format">{formatterText(node.formatter)}</Typography.Text>
                  <Button size="small" onClick={() => setFormatting(node)} data-testid="relation-node-format-edit">
                    {rl('editor.formatterEdit')}
                  </Button>
                  {node.formatter.type !== 0 ? (
                    <Button size="small" type="link" onClick={() => setNodes((list) => changeNode(list, node.nodeId, { formatter: defaultRelationFormatter() }))}>
                      {rl('editor.formatterReset')}
                    </Button>
                  ) : null}
                </span>
              </Form.Item>
            </Form>
          ) : (
            <Empty description={rl('editor.selectHint')} />
          )}
        </section>
      </div>
      {moving ? (
        <MoveDialog
          node={moving}
          targets={rows.filter((r) => canMoveUnder(nodes, moving.nodeId, r.node.nodeId)).map((r) => ({ value: r.node.nodeId, label: `${'· '.repeat(r.depth)}${r.node.name}` }))}
          onClose={() => setMoving(null)}
          onMove={(parentId) => {
            setNodes((list) => moveUnder(list, moving.nodeId, parentId));
            void message.success(rl('editor.moved', { name: nodes.find((n) => n.nodeId === parentId)?.name ?? '' }));
            setMoving(null);
          }}
        />
      ) : null}
      <FormatterDialog
        field={formatting ? { name: formatting.name, title: formatting.name, dataType: 'number', ...(formatting.formatter.type !== 0 ? { formatter: formatting.formatter } : {}) } : null}
        onClose={() => setFormatting(null)}
        onSubmit={(formatter) => {
          if (formatting) setNodes((list) => changeNode(list, formatting.nodeId, { formatter: formatter ?? defaultRelationFormatter() }));
          setFormatting(null);
        }}
      />
    </div>
  );
}

/** "Move under…": the new parent (nodes that keep the map a tree); Enter submits. */
function MoveDialog({ node, targets, onClose, onMove }: { node: RelationNodeView; targets: { value: string; label: string }[]; onClose: () => void; onMove: (parentId: string) => void }) {
  const { rl } = useRelationTranslation();
  const [target, setTarget] = useState<string | undefined>(targets[0]?.value);
  return (
    <DialogModal open title={rl('editor.moveTitle', { name: node.name })} onOk={() => target && onMove(target)} onCancel={onClose} okButtonProps={{ disabled: !target }} width={450}>
      <div
        onKeyDown={(e) => {
          // Enter submits, unless it picks an option of the open list
          if (e.key === 'Enter' && target && !(e.target as HTMLElement).closest('.ant-select-open')) onMove(target);
        }}
      >
        <Form layout="vertical" component="div">
          <Form.Item label={rl('editor.moveTarget')}>
            <Select value={target} onChange={setTarget} options={targets} data-testid="relation-move-target" aria-label={rl('editor.moveTarget')} autoFocus />
          </Form.Item>
        </Form>
      </div>
    </DialogModal>
  );
}
