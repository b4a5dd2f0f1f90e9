import { CHART_TYPES, type ChartType } from '@bi/chart-model';
import { Radio, Tooltip } from 'antd';
import { ChartTypeIcon } from '../../chart/components/ChartTypeIcon';
import { useChartKindLabel } from '../../chart/i18n/kinds';
import { useChartEditorTranslation } from '../i18n';

/** The chart type switch: the 13 kinds as a radio group (arrow keys move between them). */
export function TypeSwitch({ value, onChange }: { value: ChartType; onChange: (type: ChartType) => void }) {
  const kindLabel = useChartKindLabel();
  const { ce } = useChartEditorTranslation();
  return (
    <Radio.Group
      className="bi-type-switch"
      optionType="button"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value as ChartType)}
      aria-label={ce('type.label')}
      data-testid="type-switch"
      data-value={value}
    >
      {CHART_TYPES.map((kind) => (
        <Tooltip key={kind} title={kindLabel(kind)} mouseEnterDelay={0.5}>
          <Radio.Button value={kind} aria-label={kindLabel(kind)}>
            <span data-testid={`type-${kind}`} data-checked={kind === value ? 'true' : 'false'}>
              <ChartTypeIcon type={kind} /> <span className="bi-type-switch__label">{kindLabel(kind)}</span>
            </span>
          </Radio.Button>
        </Tooltip>
      ))}
    </Radio.Group>
  );
}
