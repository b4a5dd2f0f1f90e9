import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Compare, FieldFilter, FilterCondition } from '@bi/chart-model';
import { Button, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { buttonTestId, DIALOG_CANCEL, DIALOG_OK } from '../../../shared/components/testIds';
import { useChartEditorTranslation } from '../i18n';
import type { ChartField } from '../types';
import { cleanFilter, conditionProblem, filterForEditing, newCondition, OPERATOR_LABEL_KEYS, OPERATORS, usesRange, withCompare } from '../utils/filters';
import { DateInput } from '../../../shared/components/DateInput';

/** Most conditions of one field filter (docs/api/chart.md). */
const MAX_CONDITIONS = 50;

interface FieldFilterDialogProps {
  field: ChartField | null;
  /** the filter, or undefined to remove it */
  onSubmit: (filter: FieldFilter | undefined) => void;
  onClose: () => void;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Field filter (spec 01 §3, §5): any/all of conditions, with the operators of the field's type. */
export function FieldFilterDialog({ field, onSubmit, onClose }: FieldFilterDialogProps) {
  const { ce, t } = useChartEditorTranslation();
  const [draft, setDraft] = useState<FieldFilter>({ logic: 1, conditions: [] });
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (field) {
      setDraft(filterForEditing(field));
      setTouched(false);
    }
  }, [field]);
  if (!field) return <Modal open={false} />;

  const problems = draft.conditions.map(conditionProblem);
  const setCondition = (index: number, next: FilterCondition) => setDraft((d) => ({ ...d, conditions: d.conditions.map((c, i) => (i === index ? next : c)) }));
  const submit = () => {
    setTouched(true);
    if (problems.some((p) => p !== null)) return;
    onSubmit(cleanFilter(draft));
  };
  const testIdOf = (key: 'compareValue' | 'compareValueLeft' | 'compareValueRight', index: number) => `filter-${key === 'compareValue' ? 'value' : key === 'compareValueLeft' ? 'from' : 'to'}-${index}`;
  const valueInput = (c: FilterCondition, index: number, key: 'compareValue' | 'compareValueLeft' | 'compareValueRight', label: string) =>
    c.field.dataType === 'date' ? (
      <DateInput key={key} value={text(c[key])} onChange={(v) => setCondition(index, { ...c, [key]: v })} placeholder={label} ariaLabel={label} className="bi-filter__value" testId={testIdOf(key, index)} />
    ) : (
      <Input
        key={key}
        inputMode={c.field.dataType === 'number' ? 'decimal' : undefined}
        value={text(c[key])}
        onChange={(e) => setCondition(index, { ...c, [key]: e.target.value })}
        placeholder={label}
        aria-label={label}
        className="bi-filter__value"
        data-testid={testIdOf(key, index)}
      />
    );

  return (
    <Modal
      open
      title={ce('filter.title', { name: field.title || field.name })}
      onCancel={onClose}
      destroyOnHidden
      width={680}
      footer={[
        <Button key="clear" onClick={() => onSubmit(undefined)} disabled={!field.fieldFilter} {...buttonTestId('filter-clear')}>
          {ce('filter.clear')}
        </Button>,
        <Button key="cancel" onClick={onClose} {...DIALOG_CANCEL}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={submit} {...DIALOG_OK}>
          {t('common.ok')}
        </Button>,
      ]}
    >
      <Space direction="vertical" className="bi-filter" size="middle">
        <Space>
          <span id="bi-filter-logic">{ce('filter.logic')}</span>
          <Radio.Group
            value={draft.logic}
            onChange={(e) => setDraft((d) => ({ ...d, logic: e.target.value as 0 | 1 }))}
            aria-labelledby="bi-filter-logic"
            data-testid="filter-logic"
            options={[
              { value: 1, label: ce('filter.all'), 'data-testid': 'filter-logic-all' } as never,
              { value: 0, label: ce('filter.any'), 'data-testid': 'filter-logic-any' } as never,
            ]}
          />
        </Space>
        <ol className="bi-filter__conditions" data-testid="filter-conditions">
          {draft.conditions.map((c, index) => {
            const problem = touched ? problems[index] : null;
            return (
              <li key={index} className="bi-filter__condition" data-testid={`filter-condition-${index}`}>
                <Space wrap align="start">
                  <Select<Compare>
                    value={c.compare}
                    onChange={(compare) => setCondition(index, withCompare(c, compare))}
                    options={OPERATORS[c.field.dataType].map((op) => ({ value: op, label: ce(`filter.operators.${OPERATOR_LABEL_KEYS[op]}`), 'data-testid': `filter-op-${OPERATOR_LABEL_KEYS[op]}` }))}
                    className="bi-filter__operator"
                    aria-label={ce('filter.operator')}
                    data-testid={`filter-operator-${index}`}
                    popupMatchSelectWidth={false}
                  />
                  {usesRange(c.compare) ? (
                    <>
                      {valueInput(c, index, 'compareValueLeft', ce('filter.from'))}
                      <span aria-hidden="true">–</span>
                      {valueInput(c, index, 'compareValueRight', ce('filter.to'))}
                    </>
                  ) : (
                    valueInput(c, index, 'compareValue', ce('filter.value'))
                  )}
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={ce('filter.remove')}
                    onClick={() => setDraft((d) => ({ ...d, conditions: d.conditions.filter((_c, i) => i !== index) }))}
                    data-testid={`filter-remove-${index}`}
                  />
                </Space>
                {problem ? (
                  <Typography.Text type="danger" className="bi-filter__error" data-testid={`filter-error-${index}`} role="alert">
                    {ce(`filter.errors.${problem}`)}
                  </Typography.Text>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setDraft((d) => ({ ...d, conditions: [...d.conditions, newCondition(field)] }))}
          disabled={draft.conditions.length >= MAX_CONDITIONS}
          data-testid="filter-add"
        >
          {ce('filter.add')}
        </Button>
      </Space>
    </Modal>
  );
}
