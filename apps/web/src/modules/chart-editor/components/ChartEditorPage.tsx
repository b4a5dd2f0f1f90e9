import '../chart-editor.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { chartKind, type Chart, type ChartType } from '@bi/chart-model';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, App, Button, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useLeaveConfirmation } from '../../../shared/hooks/useLeaveConfirmation';
import { buildPath } from '../../../shared/routing/routes';
import { useChartEditor, type ChartEditorState } from '../hooks/useChartEditor';
import { useSourceFields } from '../hooks/useSourceFields';
import { useChartEditorTranslation } from '../i18n';
import { ChartPanels } from '../panels';
import { SwitchSourceDialog } from '../panels/components/DataSourcePanel';
import type { ChartEditRouteParams, EditorTab, SchemaField, ZoneKey } from '../types';
import { fieldLabel, toSourceField } from '../utils/fields';
import { isUndoShortcut, undoBelongsElsewhere } from '../utils/history';
import { changeType, disableSecondPoints, disableSecondValues, type Areas } from '../utils/rules';
import { addField, applyDrop, dragRefOf, dropRefOf, moveField, removeField, updateField, ZONE_MAX, type ZoneEdit } from '../utils/zones';
import { AliasDialog } from './AliasDialog';
import { ChartPreview } from './ChartPreview';
import type { FieldAction } from './FieldChip';
import { FieldFilterDialog } from './FieldFilterDialog';
import { FieldList } from './FieldList';
import { FieldZones } from './FieldZones';
import { FormatterDialog } from './FormatterDialog';
import { SaveBar, SaveError } from './SaveBar';
import { TypeSwitch } from './TypeSwitch';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error ?? ''));

/** A zone's field under the pointer wins over the zone around it; the keyboard (no pointer) takes the closest. */
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) {
    const items = within.filter((c) => String(c.id).startsWith('item:'));
    return items.length > 0 ? items : within;
  }
  return closestCenter(args);
};

/**
 * /dashboard/chart_edit/:project/:dashboard/:chart and /template/chart_edit/…: the chart editor (spec 01 §2).
 * `onSaved`: each stored edit, for the host page to refresh its copies of the chart.
 */
export function ChartEditorPage({ tab, onSaved }: { tab: EditorTab; onSaved?: () => void }) {
  const { ce } = useChartEditorTranslation();
  const params = useParams() as ChartEditRouteParams;
  const chartId = params.chart ?? '';
  const editor = useChartEditor(tab, chartId, onSaved);
  const backPath = params.project && params.dashboard ? buildPath(tab, { project: params.project, dashboard: params.dashboard }) : buildPath(tab);

  if (editor.load.state === 'loading' && !editor.chart) {
    return (
      <div className="bi-editor__status" data-testid="editor-loading">
        <Spin tip={ce('page.loading')}>
          <div className="bi-editor__spin-area" />
        </Spin>
      </div>
    );
  }
  if (editor.load.state === 'error' || !editor.chart) {
    return (
      <Result
        status="error"
        title={ce('page.loadFailed')}
        subTitle={errorText(editor.load.error)}
        data-testid="editor-load-error"
        extra={[
          <Button key="retry" type="primary" onClick={editor.reload}>
            {ce('page.retry')}
          </Button>,
          <Link key="back" to={backPath}>
            {ce('page.back')}
          </Link>,
        ]}
      />
    );
  }
  return <EditorBody tab={tab} chartId={chartId} backPath={backPath} editor={editor} chart={editor.chart} />;
}

type DialogTarget = { kind: 'formatter' | 'alias' | 'filter'; zone: ZoneKey; index: number; name: string } | null;

function EditorBody({ tab, chartId, backPath, editor, chart }: { tab: EditorTab; chartId: string; backPath: string; editor: ChartEditorState; chart: Chart }) {
  const { ce } = useChartEditorTranslation();
  const { message } = App.useApp();
  // the chart's source was deleted: the editor offers to put it on another one (its fields are not asked for)
  const sourceMissing = editor.preview.answer?.sourceMissing === true;
  const [switching, setSwitching] = useState(false);
  const fieldsQuery = useSourceFields(tab, chartId, sourceMissing ? undefined : chart.dataSourceId);
  const schema = useMemo(() => fieldsQuery.data ?? [], [fieldsQuery.data]);
  const sourceFields = useMemo(() => schema.map(toSourceField), [schema]);
  const [dialog, setDialog] = useState<DialogTarget>(null);
  const [dragging, setDragging] = useState<{ kind: 'source' | 'zone'; label: string } | null>(null);
  const { edit, undo, areas, setAreas } = editor;

  const shown = useMemo<ZoneKey[]>(() => {
    const zones: ZoneKey[] = ['points'];
    if (areas.secondPoints || chart.secondPoints.length > 0) zones.push('secondPoints');
    zones.push('values');
    if (areas.secondValues || chart.secondValues.length > 0) zones.push('secondValues');
    return zones;
  }, [areas, chart.secondPoints.length, chart.secondValues.length]);

  /** Applies a zone edit, or says why it was refused. */
  const applyZoneEdit = useCallback(
    (result: ZoneEdit, zone: ZoneKey) => {
      if (result.problem) void message.warning(ce('zones.full', { zone: ce(`zones.${zone}`), max: ZONE_MAX[zone] }));
      else if (result.chart !== chart) edit(result.chart);
    },
    [chart, edit, message, ce],
  );

  const onAdd = useCallback((zone: ZoneKey, field: SchemaField) => applyZoneEdit(addField(chart, zone, field), zone), [applyZoneEdit, chart]);

  const onAction = (zone: ZoneKey, index: number, action: FieldAction) => {
    const field = chart[zone][index];
    if (!field) return;
    switch (action.kind) {
      case 'aggregator':
        return edit(updateField(chart, zone, index, (f) => ({ ...f, aggregator: action.value })));
      case 'granularity':
        return edit(updateField(chart, zone, index, (f) => ({ ...f, granularity: action.value })));
      case 'order':
        return edit(updateField(chart, zone, index, (f) => ({ ...f, orderBy: action.value })));
      case 'trendline':
        return edit(updateField(chart, zone, index, (f) => ({ ...f, showTrendline: !f.showTrendline })));
      case 'formatter':
      case 'alias':
      case 'filter':
        return setDialog({ kind: action.kind, zone, index, name: field.name });
      case 'up':
        return applyZoneEdit(moveField(chart, { zone, index }, { zone, index: index - 1 }), zone);
      case 'down':
        return applyZoneEdit(moveField(chart, { zone, index }, { zone, index: index + 1 }), zone);
      case 'move':
        return applyZoneEdit(moveField(chart, { zone, index }, { zone: action.zone }), action.zone);
      case 'remove':
        return edit(removeField(chart, zone, index));
    }
  };

  const onArea = (area: keyof Areas, open: boolean) => {
    setAreas((current) => ({ ...current, [area]: open }));
    if (!open) edit(area === 'secondValues' ? disableSecondValues(chart) : disableSecondPoints(chart));
  };

  const onType = (type: ChartType) => {
    edit(changeType(chart, type));
    if (chartKind(type).editor.secondValuesOpen) setAreas((current) => ({ ...current, secondValues: true }));
  };

  // ---- dialogs: the field they were opened for (gone when the zones changed meanwhile)
  const dialogField = dialog && chart[dialog.zone][dialog.index]?.name === dialog.name ? chart[dialog.zone][dialog.index]! : null;
  const closeDialog = () => setDialog(null);
  const submitDialog = (change: Parameters<typeof updateField>[3]) => {
    if (dialog && dialogField) edit(updateField(chart, dialog.zone, dialog.index, change));
    setDialog(null);
  };

  // ---- drag and drop
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragStart = (event: DragStartEvent) => {
    const ref = dragRefOf(String(event.active.id), schema);
    if (ref) setDragging({ kind: ref.kind, label: dragName(event.active.id) });
  };
  // what a screen reader hears while a field is dragged (with the keyboard: Space, arrows, Space)
  const dragName = (id: string | number) => {
    const ref = dragRefOf(String(id), schema);
    if (!ref) return '';
    return ref.kind === 'source' ? ref.field.title || ref.field.name : fieldLabel(chart[ref.zone][ref.index] ?? { name: '' });
  };
  const dropName = (id: string | number | undefined) => {
    const ref = dropRefOf(id === undefined ? null : String(id));
    if (!ref) return null;
    return ref.kind === 'trash' ? ce('zones.trash') : ce(`zones.${ref.zone}`);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => ce('zones.picked', { name: dragName(active.id) }),
    onDragOver: ({ active, over }) => {
      const zone = dropName(over?.id);
      return zone ? ce('zones.over', { name: dragName(active.id), zone }) : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const zone = dropName(over?.id);
      return zone ? ce('zones.dropped', { name: dragName(active.id), zone }) : ce('zones.droppedNowhere', { name: dragName(active.id) });
    },
    onDragCancel: ({ active }) => ce('zones.cancelled', { name: dragName(active.id) }),
  };

  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const drag = dragRefOf(String(event.active.id), schema);
    if (!drag) return;
    const drop = dropRefOf(event.over ? String(event.over.id) : null);
    applyZoneEdit(applyDrop(chart, drag, drop), drop?.kind === 'zone' ? drop.zone : 'points');
  };

  // ---- undo with Ctrl/Cmd+Z outside text boxes and dialogs
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isUndoShortcut(event) || undoBelongsElsewhere(event.target as HTMLElement | null)) return;
      event.preventDefault();
      if (undo()) void message.info(ce('save.undone'));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, message, ce]);

  // ---- leaving the page with an edit not yet stored asks first
  // (each edit stores itself, so only closing or reloading the tab asks)
  useLeaveConfirmation(editor.status.state !== 'idle', { inApp: false });

  return (
    <div className="bi-editor" data-testid="chart-editor" data-chart-id={chart.chartId} data-type={chart.type}>
      <header className="bi-editor__header">
        <Link to={backPath} className="bi-editor__back" data-testid="editor-back" aria-label={ce('page.back')}>
          <ArrowLeftOutlined />
        </Link>
        <div className="bi-editor__heading">
          <Typography.Title level={4} className="bi-editor__title" data-testid="editor-title">
            {chart.title}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="editor-source">
            {editor.dataSourceName ? ce('page.dataSource', { name: editor.dataSourceName }) : sourceMissing ? ce('page.sourceGone') : ce('page.noDataSource')}
          </Typography.Text>
        </div>
        <SaveBar status={editor.status} canUndo={editor.canUndo} onUndo={() => void undo()} />
      </header>
      <SaveError status={editor.status} onRetry={editor.retrySave} />
      {sourceMissing ? (
        <Alert
          type="warning"
          showIcon
          className="bi-editor__source-missing"
          title={<span data-testid="editor-source-missing">{ce('page.sourceMissing')}</span>}
          action={
            <Button size="small" type="primary" onClick={() => setSwitching(true)} data-testid="editor-change-source">
              {ce('page.changeSource')}
            </Button>
          }
        />
      ) : null}
      {switching ? <SwitchSourceDialog tab={tab} chart={chart} fields={sourceFields} sourceMissing={sourceMissing} onReload={editor.reload} onClose={() => setSwitching(false)} /> : null}
      <div className="bi-editor__body">
        <DndContext sensors={sensors} collisionDetection={collisionDetection} accessibility={{ announcements }} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
          <FieldList fields={schema} loading={fieldsQuery.isPending && Boolean(chart.dataSourceId) && !sourceMissing} error={fieldsQuery.isError ? errorText(fieldsQuery.error) : null} zones={shown} onAdd={onAdd} />
          <main className="bi-editor__centre">
            <TypeSwitch value={chart.type} onChange={onType} />
            <FieldZones chart={chart} fields={schema} shown={shown} dragging={dragging?.kind ?? null} onAdd={onAdd} onAction={onAction} onArea={onArea} />
            <ChartPreview
              title={chart.title}
              answer={editor.preview.answer}
              running={editor.preview.running}
              error={editor.preview.error}
              stale={editor.status.state === 'error'}
              onRetry={editor.retryPreview}
              onPageChange={editor.setTablePage}
            />
          </main>
          <DragOverlay dropAnimation={null}>{dragging ? <div className="bi-chip bi-chip--overlay">{dragging.label}</div> : null}</DragOverlay>
        </DndContext>
        <aside className="bi-editor__panels" aria-label={ce('page.panelsLabel')}>
          <ChartPanels
            tab={tab}
            chart={chart}
            fields={sourceFields}
            dataSourceName={editor.dataSourceName}
            onChange={edit}
            onCustomOptionChange={editor.editCustomOption}
            onReload={editor.reload}
          />
        </aside>
      </div>
      <AliasDialog field={dialog?.kind === 'alias' ? dialogField : null} onClose={closeDialog} onSubmit={(alias) => submitDialog((f) => ({ ...f, title: alias }))} />
      <FormatterDialog
        field={dialog?.kind === 'formatter' ? dialogField : null}
        onClose={closeDialog}
        onSubmit={(formatter) =>
          submitDialog((f) => {
            const next = { ...f };
            if (formatter) next.formatter = formatter;
            else delete next.formatter;
            return next;
          })
        }
      />
      <FieldFilterDialog
        field={dialog?.kind === 'filter' ? dialogField : null}
        onClose={closeDialog}
        onSubmit={(filter) =>
          submitDialog((f) => {
            const next = { ...f };
            if (filter) next.fieldFilter = filter;
            else delete next.fieldFilter;
            return next;
          })
        }
      />
    </div>
  );
}
