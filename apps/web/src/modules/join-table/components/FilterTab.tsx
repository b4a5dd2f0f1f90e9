import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { JOIN_LIMITS } from '@bi/rules';
import { Button, DatePicker, Empty, Input, Radio, Select, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { addFilter, chooseFilterField, fieldOf, removeFilter, updateFilter, type DesignerState } from '../states/designer';
import { useJtTranslation } from '../i18n';
import type { Compare, Linker } from '../types';
import { useChartEditorTranslation } from '../../chart-editor/i18n';
import { JOIN_OPERATORS, operatorLabelKey, usesRange } from '../utils/filters';

const SEP = '\u0000';

interface FilterTabProps {
  state: DesignerState;
  onChange: (next: (state: DesignerState) => DesignerState) => void;
}

/** The filter conditions tab: rows joined by and/or; '=' by default, 'between' for dates; the last row stays. */
export function FilterTab({ state, onChange }: FilterTabProps) {
  const { jt } = useJtTranslation();
  const { ce } = useChartEditorTranslation();
  if (state.nodes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="join-filter-no-tables">{jt('filter.noTables')}</span>} />;

  const fieldOptions = state.nodes.map((node) => ({
    label: node.showName,
    title: node.showName,
    options: node.fields.map((f) => ({ value: `${node.showName}${SEP}${f.name}`, label: `${node.showName}.${f.originalTitle || f.name}`, 'data-testid': `join-filter-option-${node.showName}-${f.name}` })),
  }));

  return (
    <div className="bi-jt-filter" data-testid="join-filter">
      <div className="bi-jt-filter__linker">
        <span>{jt('filter.linker')}</span>
        <Radio.Group value={state.linker} onChange={(e) => onChange((s) => ({ ...s, linker: e.target.value as Linker }))} data-testid="join-filter-linker">
          <Radio value="and" data-testid="join-filter-and">
            {jt('filter.and')}
          </Radio>
          <Radio value="or" data-testid="join-filter-or">
            {jt('filter.or')}
          </Radio>
        </Radio.Group>
        <Typography.Text type="secondary">{jt('filter.hint')}</Typography.Text>
      </div>
      {state.filters.map((row, index) => {
        const field = fieldOf(state, row.tb, row.field);
        const operators = field ? JOIN_OPERATORS[field.dataType] : [];
        return (
          <div className="bi-jt-filter__row" key={index} data-testid={`join-filter-row-${index}`}>
            <Select
              className="bi-jt-filter__field"
              value={row.tb && row.field ? `${row.tb}${SEP}${row.field}` : undefined}
              placeholder={jt('filter.chooseField')}
              options={fieldOptions}
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={jt('filter.field')}
              onChange={(v: string) => {
                const [tb, name] = v.split(SEP) as [string, string];
                onChange((s) => chooseFilterField(s, index, tb, name));
              }}
              data-testid={`join-filter-field-${index}`}
            />
            <Select
              className="bi-jt-filter__compare"
              value={field ? row.compare : undefined}
              disabled={!field}
              aria-label={jt('filter.compare')}
              options={operators.map((op) => ({ value: op, label: ce(`filter.operators.${operatorLabelKey(op)}`), 'data-testid': `join-filter-op-${op}` }))}
              onChange={(v: Compare) => onChange((s) => updateFilter(s, index, { compare: v }))}
              data-testid={`join-filter-compare-${index}`}
            />
            {field && usesRange(row.compare) && field.dataType === 'date' ? (
              <DatePicker.RangePicker
                className="bi-jt-filter__value"
                value={[row.compareValueLeft ? dayjs(row.compareValueLeft) : null, row.compareValueRight ? dayjs(row.compareValueRight) : null]}
                placeholder={[jt('filter.from'), jt('filter.to')]}
                allowEmpty={[true, true]}
                onChange={(dates) =>
                  onChange((s) =>
                    updateFilter(s, index, {
                      compareValueLeft: dates?.[0] ? dates[0].format('YYYY-MM-DD') : null,
                      compareValueRight: dates?.[1] ? dates[1].format('YYYY-MM-DD') : null,
                    }),
                  )
                }
                data-testid={`join-filter-range-${index}`}
              />
            ) : field && usesRange(row.compare) ? (
              <div className="bi-jt-filter__value bi-jt-filter__range">
                <Input
                  value={row.compareValueLeft ?? ''}
                  placeholder={jt('filter.low')}
                  aria-label={jt('filter.low')}
                  inputMode="decimal"
                  onChange={(e) => onChange((s) => updateFilter(s, index, { compareValueLeft: e.target.value }))}
                  data-testid={`join-filter-low-${index}`}
                />
                <Input
                  value={row.compareValueRight ?? ''}
                  placeholder={jt('filter.high')}
                  aria-label={jt('filter.high')}
                  inputMode="decimal"
                  onChange={(e) => onChange((s) => updateFilter(s, index, { compareValueRight: e.target.value }))}
                  data-testid={`join-filter-high-${index}`}
                />
              </div>
            ) : (
              <Input
                className="bi-jt-filter__value"
                disabled={!field}
                value={row.compareValue ?? ''}
                placeholder={jt('filter.value')}
                aria-label={jt('filter.value')}
                inputMode={field?.dataType === 'number' ? 'decimal' : undefined}
                onChange={(e) => onChange((s) => updateFilter(s, index, { compareValue: e.target.value }))}
                data-testid={`join-filter-value-${index}`}
              />
            )}
            <Tooltip title={state.filters.length <= 1 ? jt('filter.lastRow') : jt('filter.removeRow')}>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                disabled={state.filters.length <= 1}
                aria-label={jt('filter.removeRow')}
                onClick={() => onChange((s) => removeFilter(s, index))}
                data-testid={`join-filter-remove-${index}`}
              />
            </Tooltip>
          </div>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} disabled={state.filters.length >= JOIN_LIMITS.filters} onClick={() => onChange(addFilter)} data-testid="join-filter-add">
        {jt('filter.addRow')}
      </Button>
    </div>
  );
}
