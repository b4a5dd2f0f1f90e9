import { CHART_TYPES, type ChartType } from '@bi/chart-model';
import { Radio, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_KIND_KEYS } from '../../dashboard/components/ChartBox';
import { ChartTypeIcon } from '../../dashboard/components/ChartTypeIcon';
import { useChartEditorTranslation } from '../i18n';

/** The chart type switch: the 13 kinds as a radio group (arrow keys move between them). */
export function TypeSwitch({ value, onChange }: { value: ChartType; onChange: (type: ChartType) => void }) {
  const { t } = useTranslation();
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
        <Tooltip key={kind} title={t(CHART_KIND_KEYS[kind])} mouseEnterDelay={0.5}>
          <Radio.Button value={kind} aria-label={t(CHART_KIND_KEYS[kind])}>
            <span data-testid={`type-${kind}`} data-checked={kind === value ? 'true' : 'false'}>
              <ChartTypeIcon type={kind} /> <span className="bi-type-switch__label">{t(CHART_KIND_KEYS[kind])}</span>
            </span>
          </Radio.Button>
        </Tooltip>
      ))}
    </Radio.Group>
  );
}
