import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { resolveTheme } from '@bi/charts';
import type { Chart } from '@bi/chart-model';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../../shared/components/DialogModal';
import { usePanelsTranslation } from '../i18n';
import { addColor, colorsOf, MAX_COLORS, moveColor, paletteEntries, removeColor, sameColors, setColor } from '../utils/colors';
import { ColorInput, Note, type PanelProps } from './common';

/** The palette the chart draws with, and the colour settings dialog. */
export function ColorsPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const [open, setOpen] = useState(false);
  const entries = paletteEntries(chart.colorSettings ?? [], chart.theme);
  const own = entries.filter((e) => e.custom).length;
  return (
    <div data-testid="colors" data-own={own}>
      <div className="bi-panels__swatches bi-panels__swatches--wide" data-testid="colors-palette">
        {entries.map((e, i) => (
          <span key={i} className={`bi-panels__swatch${e.custom ? ' bi-panels__swatch--own' : ''}`} style={{ background: e.color }} title={e.color} />
        ))}
      </div>
      <Note>{own === 0 ? pt('colors.summaryNone') : pt('colors.summary', { count: own })}</Note>
      <Button size="small" onClick={() => setOpen(true)} data-testid="colors-edit">
        {pt('colors.edit')}
      </Button>
      {open ? (
        <ColorSettingsDialog
          chart={chart}
          onClose={() => setOpen(false)}
          onSubmit={(colorSettings) => {
            if (!sameColors(colorSettings, chart.colorSettings ?? [])) onChange({ ...chart, colorSettings });
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

/** Colour settings (520 px): each palette position as the theme's or the chart's own colour; add, reset, remove, reorder. */
export function ColorSettingsDialog({ chart, onSubmit, onClose }: { chart: Chart; onSubmit: (colorSettings: string[]) => void; onClose: () => void }) {
  const { pt } = usePanelsTranslation();
  const [list, setList] = useState<string[]>(() => [...(chart.colorSettings ?? [])]);
  const themeSize = resolveTheme(chart.theme).palette.length;
  const entries = paletteEntries(list, chart.theme);

  return (
    <DialogModal
      open
      title={pt('colors.dialogTitle')}
      onOk={() => onSubmit(colorsOf(entries))}
      onCancel={onClose}
      width={520}
    >
      <div data-testid="colors-dialog" data-count={entries.length}>
        <Note>{pt('colors.typeHint')}</Note>
        <div className="bi-panels__colors">
          {entries.map((entry, i) => (
            <div key={i} className="bi-panels__color-row" data-testid={`colors-row-${i}`} data-own={entry.custom} data-color={entry.color}>
              <Typography.Text className="bi-panels__color-index">{pt('colors.position', { index: i + 1 })}</Typography.Text>
              <div className="bi-panels__color-input">
                <ColorInput
                  value={entry.custom ? entry.color : undefined}
                  placeholder={entry.color}
                  fallback={entry.color}
                  allowClear={entry.theme}
                  commit="change"
                  onChange={(color) => setList((l) => (color ? setColor(l, i, color) : removeColor(l, i, themeSize)))}
                  testId={`colors-row-${i}-color`}
                  ariaLabel={pt('colors.position', { index: i + 1 })}
                />
              </div>
              <Space size={0}>
                <Tooltip title={pt('common.moveUp')}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => setList(moveColor(entries, i, i - 1))} aria-label={pt('common.moveUp')} data-testid={`colors-row-${i}-up`} />
                </Tooltip>
                <Tooltip title={pt('common.moveDown')}>
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === entries.length - 1} onClick={() => setList(moveColor(entries, i, i + 1))} aria-label={pt('common.moveDown')} data-testid={`colors-row-${i}-down`} />
                </Tooltip>
                {entry.theme ? (
                  <Tooltip title={pt('colors.reset')}>
                    <Button type="text" size="small" icon={<UndoOutlined />} disabled={!entry.custom} onClick={() => setList((l) => removeColor(l, i, themeSize))} aria-label={pt('colors.reset')} data-testid={`colors-row-${i}-reset`} />
                  </Tooltip>
                ) : (
                  <Tooltip title={pt('common.remove')}>
                    <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => setList((l) => removeColor(l, i, themeSize))} aria-label={pt('common.remove')} data-testid={`colors-row-${i}-remove`} />
                  </Tooltip>
                )}
              </Space>
            </div>
          ))}
        </div>
        <Space>
          <Button icon={<PlusOutlined />} disabled={entries.length >= MAX_COLORS} onClick={() => setList((l) => addColor(l, entries[entries.length % themeSize]?.color ?? '#5B8FF9', themeSize))} data-testid="colors-add">
            {pt('colors.add')}
          </Button>
          <Button icon={<UndoOutlined />} disabled={entries.every((e) => !e.custom)} onClick={() => setList([])} data-testid="colors-reset-all">
            {pt('colors.resetAll')}
          </Button>
        </Space>
        {entries.length >= MAX_COLORS ? <Note>{pt('colors.tooMany', { max: MAX_COLORS })}</Note> : null}
      </div>
    </DialogModal>
  );
}
