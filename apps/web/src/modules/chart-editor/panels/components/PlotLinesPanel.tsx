import { DeleteOutlined, EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import type { Chart, ChartField, PlotLine } from '@bi/chart-model';
import { Button, Empty, Form, Input, InputNumber, Radio, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../../shared/components/DialogModal';
import { usePanelsTranslation, type PanelsT } from '../i18n';
import {
  addPlotLine,
  axisFields,
  draftOf,
  emptyDraft,
  lineAxes,
  linesOf,
  MAX_PLOT_LINES,
  PLOT_LINE_NAME_MAX,
  plotLineProblems,
  replacePlotLine,
  removePlotLine,
  strayLines,
  type Formula,
  type LineAxis,
  type PlotLineDraft,
  type PlotLineProblem,
} from '../utils/plotLines';
import { Note, Problem, type PanelProps } from './common';

const FORMULA_KEYS = { 0: 'average', 1: 'min', 2: 'max' } as const;

export const fieldLabel = (f: Pick<ChartField, 'name' | 'title'>) => (f.title && f.title.trim() ? f.title : f.name);

function axisLabel(chart: Chart, axis: LineAxis, pt: PanelsT): string {
  if (lineAxes(chart).length === 1) return pt('plotLines.valueAxis');
  return axis === 0 ? pt('plotLines.primaryAxis') : pt('plotLines.secondAxis');
}

function summary(line: PlotLine, fields: ChartField[], pt: PanelsT): string {
  if (line.valueType !== 1) return typeof line.value === 'number' ? String(line.value) : '–';
  const name = line.axisField?.axisName ?? '';
  const field = fields.find((f) => f.name === name);
  const title = field ? fieldLabel(field) : line.axisField?.axisTitle || name;
  return pt('plotLines.summaryCalculated', { formula: pt(`plotLines.formulas.${FORMULA_KEYS[line.formula ?? 0] ?? 'average'}`), field: title });
}

/** Plot lines of the value axis (and of the second axis on the double-axis chart): a list with add, edit, remove. */
export function PlotLinesPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const [dialog, setDialog] = useState<{ axis: LineAxis; index: number | null } | null>(null);

  return (
    <>
      {lineAxes(chart).map((axis) => {
        const lines = linesOf(chart, axis);
        const fields = axisFields(chart, axis);
        const stray = new Set(strayLines(chart, axis));
        return (
          <section key={axis} className="bi-panels__group" data-testid={`plotlines-axis-${axis}`} data-count={lines.length}>
            <div className="bi-panels__group-head">
              <Typography.Text strong>{axisLabel(chart, axis, pt)}</Typography.Text>
              <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ axis, index: null })} disabled={lines.length >= MAX_PLOT_LINES} data-testid={`plotlines-add-${axis}`}>
                {pt('plotLines.add')}
              </Button>
            </div>
            {lines.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={pt('plotLines.empty')} className="bi-panels__empty" />
            ) : (
              <ul className="bi-panels__list">
                {lines.map((line, i) => (
                  <li key={i} className="bi-panels__item" data-testid={`plotline-${axis}-${i}`} data-name={line.name} data-value-type={line.valueType} data-formula={line.formula ?? ''} data-field={line.axisField?.axisName ?? ''}>
                    <span className="bi-panels__item-text">
                      <Typography.Text ellipsis={{ tooltip: line.name }}>{line.name}</Typography.Text>
                      <Typography.Text type="secondary" className="bi-panels__item-sub">
                        {summary(line, fields, pt)}
                      </Typography.Text>
                    </span>
                    {stray.has(i) ? (
                      <Tooltip title={pt('plotLines.stray', { field: line.axisField?.axisTitle || line.axisField?.axisName || '' })}>
                        <WarningOutlined className="bi-panels__warn" data-testid={`plotline-${axis}-${i}-stray`} />
                      </Tooltip>
                    ) : null}
                    <Button size="small" type="text" icon={<EditOutlined />} aria-label={pt('common.edit')} onClick={() => setDialog({ axis, index: i })} data-testid={`plotline-${axis}-${i}-edit`} />
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={pt('common.remove')} onClick={() => onChange(removePlotLine(chart, axis, i))} data-testid={`plotline-${axis}-${i}-remove`} />
                  </li>
                ))}
              </ul>
            )}
            {fields.length === 0 ? <Note>{pt('plotLines.noFields')}</Note> : null}
          </section>
        );
      })}
      {dialog ? (
        <PlotLineDialog
          chart={chart}
          axis={dialog.axis}
          index={dialog.index}
          onClose={() => setDialog(null)}
          onSubmit={(next) => {
            onChange(next);
            setDialog(null);
          }}
        />
      ) : null}
    </>
  );
}

interface PlotLineDialogProps {
  chart: Chart;
  axis: LineAxis;
  /** the line edited, null for a new one */
  index: number | null;
  onSubmit: (chart: Chart) => void;
  onClose: () => void;
}

function problemText(problem: PlotLineProblem, pt: PanelsT): string {
  return pt(`plotLines.problems.${problem}`, { max: problem === 'tooMany' ? MAX_PLOT_LINES : PLOT_LINE_NAME_MAX });
}

/** The plot line dialog (520 px): name, fixed value or calculated over a value field of the axis. */
export function PlotLineDialog({ chart, axis, index, onSubmit, onClose }: PlotLineDialogProps) {
  const { pt } = usePanelsTranslation();
  const existing = index === null ? undefined : linesOf(chart, axis)[index];
  const [draft, setDraft] = useState<PlotLineDraft>(() => (existing ? draftOf(existing) : emptyDraft(chart, axis)));
  const [nameTouched, setNameTouched] = useState(Boolean(existing));
  const [tried, setTried] = useState(false);
  const fields = axisFields(chart, axis);
  const problems = plotLineProblems(chart, axis, draft, index);
  const shown = (p: PlotLineProblem) => (tried && problems.includes(p) ? problemText(p, pt) : null);

  /** Until the user names the line, a calculated line is named after its formula. */
  const update = (patch: Partial<PlotLineDraft>) =>
    setDraft((d) => {
      const next = { ...d, ...patch };
      if (!nameTouched && next.valueType === 1) next.name = pt(`plotLines.formulas.${FORMULA_KEYS[next.formula]}`);
      if (!nameTouched && next.valueType === 0 && d.valueType === 1) next.name = '';
      return next;
    });

  const submit = () => {
    setTried(true);
    const r = index === null ? addPlotLine(chart, axis, draft) : replacePlotLine(chart, axis, index, draft);
    if (r.chart) onSubmit(r.chart);
  };

  return (
    <DialogModal
      open
      title={index === null ? pt('plotLines.addTitle') : pt('plotLines.editTitle')}
      onOk={submit}
      onCancel={onClose}
      width={520}
    >
      <Form layout="vertical" component="div" data-testid="plotline-dialog" data-axis={axis}>
        <Form.Item label={pt('plotLines.name')} validateStatus={shown('nameRequired') || shown('nameLength') ? 'error' : undefined} help={shown('nameRequired') ?? shown('nameLength')}>
          <Input
            value={draft.name}
            onChange={(e) => {
              setNameTouched(true);
              setDraft((d) => ({ ...d, name: e.target.value }));
            }}
            placeholder={pt('plotLines.namePlaceholder')}
            maxLength={PLOT_LINE_NAME_MAX + 10}
            onPressEnter={submit}
            autoFocus
            data-testid="plotline-name"
          />
        </Form.Item>
        <Form.Item label={pt('plotLines.type')}>
          <Radio.Group optionType="button" value={draft.valueType} onChange={(e) => update({ valueType: e.target.value as 0 | 1 })} data-testid="plotline-type">
            <Radio.Button value={0}>
              <span data-testid="plotline-type-fixed">{pt('plotLines.fixed')}</span>
            </Radio.Button>
            <Radio.Button value={1} disabled={fields.length === 0}>
              <span data-testid="plotline-type-calculated">{pt('plotLines.calculated')}</span>
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        {draft.valueType === 0 ? (
          <Form.Item label={pt('plotLines.value')} validateStatus={shown('valueRequired') ? 'error' : undefined} help={shown('valueRequired')}>
            <InputNumber<number>
              value={draft.value}
              onChange={(v) => setDraft((d) => ({ ...d, value: typeof v === 'number' && Number.isFinite(v) ? v : null }))}
              onPressEnter={submit}
              style={{ width: '100%' }}
              data-testid="plotline-value"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item label={pt('plotLines.field')} validateStatus={shown('fieldRequired') || shown('fieldNotOnAxis') ? 'error' : undefined} help={shown('fieldRequired') ?? shown('fieldNotOnAxis')}>
              <Select
                value={draft.axisName ?? undefined}
                onChange={(axisName: string) => update({ axisName })}
                placeholder={pt('plotLines.chooseField')}
                options={fields.map((f) => ({ value: f.name, label: fieldLabel(f) }))}
                optionRender={(o) => <span data-testid={`plotline-field-option-${String(o.value)}`}>{o.label}</span>}
                data-testid="plotline-field"
              />
            </Form.Item>
            <Form.Item label={pt('plotLines.formula')}>
              <Radio.Group optionType="button" value={draft.formula} onChange={(e) => update({ formula: e.target.value as Formula })} data-testid="plotline-formula">
                {([0, 1, 2] as const).map((f) => (
                  <Radio.Button key={f} value={f}>
                    <span data-testid={`plotline-formula-${FORMULA_KEYS[f]}`}>{pt(`plotLines.formulas.${FORMULA_KEYS[f]}`)}</span>
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
          </>
        )}
        <Problem text={shown('tooMany')} testId="plotline-too-many" />
      </Form>
    </DialogModal>
  );
}
