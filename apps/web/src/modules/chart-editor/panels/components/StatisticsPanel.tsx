import { CheckOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import { usePanelsTranslation } from '../i18n';
import { colorKey, setStatistic, setStatisticColor, setStatisticField, STATISTIC_COLOR_OPTIONS, STATISTIC_FLAGS, statisticColorOf, statisticFieldMissing, statisticFields } from '../utils/statistics';
import { Note, Row, SwitchRow, type PanelProps } from './common';
import { fieldLabel } from './PlotLinesPanel';

/** Totals and statistics (aggregateConfig): which figures, over which value field, in which of the nine colours. */
export function StatisticsPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const config = chart.aggregateConfig ?? {};
  const fields = statisticFields(chart);
  const color = statisticColorOf(chart);
  return (
    <div data-testid="statistics">
      {STATISTIC_FLAGS.map((flag) => (
        <SwitchRow key={flag} label={pt(`statistics.${flag}`)} checked={config[flag] === true} onChange={(on) => onChange(setStatistic(chart, flag, on))} testId={`statistics-${flag}`} />
      ))}
      <Row label={pt('statistics.field')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={config.aggregateField ?? ''}
          onChange={(name: string) => onChange(setStatisticField(chart, name || undefined))}
          options={[
            { value: '', label: pt('statistics.firstValue') },
            ...fields.map((f) => ({ value: f.name, label: fieldLabel(f) })),
          ]}
          optionRender={(o) => <span data-testid={`statistics-field-option-${String(o.value) || 'default'}`}>{o.label}</span>}
          data-testid="statistics-field"
        />
      </Row>
      {statisticFieldMissing(chart) ? <Note testId="statistics-field-missing">{pt('statistics.fieldMissing', { name: config.aggregateField })}</Note> : null}
      <Row label={pt('statistics.color')}>
        <div className="bi-panels__stat-colors" role="radiogroup" aria-label={pt('statistics.color')} data-testid="statistics-color" data-value={color ?? ''}>
          <Tooltip title={pt('common.default')}>
            <Button
              size="small"
              className="bi-panels__stat-color bi-panels__stat-color--default"
              role="radio"
              aria-checked={color === undefined}
              aria-label={pt('common.default')}
              onClick={() => onChange(setStatisticColor(chart, undefined))}
              icon={color === undefined ? <CheckOutlined /> : undefined}
              data-testid="statistics-color-default"
            />
          </Tooltip>
          {STATISTIC_COLOR_OPTIONS.map((c) => (
            <Tooltip key={c} title={c}>
              <Button
                size="small"
                className="bi-panels__stat-color"
                style={{ background: c }}
                role="radio"
                aria-checked={color === c}
                aria-label={pt('statistics.colorOption', { color: c })}
                onClick={() => onChange(setStatisticColor(chart, c))}
                icon={color === c ? <CheckOutlined style={{ color: colorKey(c).toUpperCase() === 'FFFFFF' ? '#333' : '#fff' }} /> : undefined}
                data-testid={`statistics-color-${colorKey(c)}`}
              />
            </Tooltip>
          ))}
        </div>
      </Row>
    </div>
  );
}
