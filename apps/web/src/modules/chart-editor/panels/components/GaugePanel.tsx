import { DeleteOutlined, PlusOutlined, SortAscendingOutlined } from '@ant-design/icons';
import type { Chart } from '@bi/chart-model';
import { Alert, Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../../shared/components/DialogModal';
import { usePanelsTranslation } from '../i18n';
import { applySections, gaugeRange, MAX_GAUGE_SECTIONS, nextSection, sectionDrafts, sectionProblems, sortSections, storedSectionsValid, type SectionDraft } from '../utils/gauge';
import { ColorInput, Note, Problem, type PanelProps } from './common';

/** Gauge section colours: the stored sections and the editor dialog. */
export function GaugePanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const [open, setOpen] = useState(false);
  const sections = chart.gaugeSection ?? [];
  return (
    <div data-testid="gauge-sections" data-count={sections.length}>
      {sections.length === 0 ? (
        <Note>{pt('gauge.empty')}</Note>
      ) : (
        <ul className="bi-panels__list">
          {sections.map((s, i) => (
            <li key={i} className="bi-panels__item" data-testid={`gauge-section-${i}`} data-value={s.section} data-color={s.sectionColor}>
              <span className="bi-panels__swatch" style={{ background: s.sectionColor }} aria-hidden />
              <span className="bi-panels__item-text">{pt('gauge.section', { index: i + 1 })}</span>
              <Typography.Text>≤ {s.section}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {!storedSectionsValid(chart) ? <Alert type="warning" showIcon title={pt('gauge.invalidStored')} className="bi-panels__alert" data-testid="gauge-invalid" /> : null}
      <Button size="small" onClick={() => setOpen(true)} data-testid="gauge-edit">
        {pt('gauge.edit')}
      </Button>
      {open ? (
        <GaugeSectionsDialog
          chart={chart}
          onClose={() => setOpen(false)}
          onSubmit={(next) => {
            onChange(next);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

/** The gauge section editor (600 px): rows of value and colour, rising, within the dial's min and max. */
export function GaugeSectionsDialog({ chart, onSubmit, onClose }: { chart: Chart; onSubmit: (chart: Chart) => void; onClose: () => void }) {
  const { pt } = usePanelsTranslation();
  const [rows, setRows] = useState<SectionDraft[]>(() => sectionDrafts(chart));
  const [tried, setTried] = useState(false);
  const range = gaugeRange(chart);
  const checked = sectionProblems(rows, range);

  const setRow = (i: number, patch: Partial<SectionDraft>) => setRows((list) => list.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const submit = () => {
    setTried(true);
    const next = applySections(chart, rows);
    if (next) onSubmit(next);
  };
  const rowProblem = (i: number): string | null => {
    const p = checked.rows[i];
    if (!p || (!tried && p === 'valueRequired')) return null;
    return pt(`gauge.problems.${p}`, { min: range.min, max: range.max ?? '' });
  };

  return (
    <DialogModal
      open
      title={pt('gauge.dialogTitle')}
      onOk={submit}
      onCancel={onClose}
      width={600}
    >
      <div data-testid="gauge-dialog" data-count={rows.length}>
        <Note>{range.max === null ? pt('gauge.hint', { min: range.min }) : pt('gauge.hintMax', { min: range.min, max: range.max })}</Note>
        <div className="bi-panels__sections">
          <div className="bi-panels__section-head">
            <Typography.Text type="secondary">{pt('gauge.value')}</Typography.Text>
            <Typography.Text type="secondary">{pt('gauge.color')}</Typography.Text>
            <span />
          </div>
          {rows.map((row, i) => (
            <div key={i} className="bi-panels__section-row" data-testid={`gauge-row-${i}`}>
              <div>
                <InputNumber<number>
                  value={row.section}
                  onChange={(v) => setRow(i, { section: typeof v === 'number' && Number.isFinite(v) ? v : null })}
                  status={rowProblem(i) && checked.rows[i] !== 'colorInvalid' ? 'error' : undefined}
                  style={{ width: '100%' }}
                  aria-label={pt('gauge.value')}
                  data-testid={`gauge-row-${i}-value`}
                />
                <Problem text={rowProblem(i)} testId={`gauge-row-${i}-error`} />
              </div>
              <div>
                <ColorInput value={row.sectionColor} onChange={(c) => setRow(i, { sectionColor: c ?? '' })} commit="change" size="middle" testId={`gauge-row-${i}-color`} ariaLabel={pt('gauge.color')} />
              </div>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={pt('common.remove')} onClick={() => setRows((list) => list.filter((_, k) => k !== i))} data-testid={`gauge-row-${i}-remove`} />
            </div>
          ))}
        </div>
        <Space>
          <Button icon={<PlusOutlined />} onClick={() => setRows((list) => [...list, nextSection(list, range)])} disabled={rows.length >= MAX_GAUGE_SECTIONS} data-testid="gauge-add">
            {pt('gauge.add')}
          </Button>
          <Button icon={<SortAscendingOutlined />} onClick={() => setRows((list) => sortSections(list))} disabled={rows.length < 2} data-testid="gauge-sort">
            {pt('gauge.sort')}
          </Button>
        </Space>
        <Problem text={checked.list ? pt('gauge.problems.tooMany', { max: MAX_GAUGE_SECTIONS }) : null} />
      </div>
    </DialogModal>
  );
}
