import type { Formatter } from '@bi/chart-model';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { buttonTestId, DIALOG_CANCEL, DIALOG_OK } from '../../../shared/components/testIds';
import { chartLocale } from '@bi/charts';
import { useChartEditorTranslation } from '../i18n';
import type { ChartField } from '../types';
import { cleanFormatter, CUSTOM_UNIT_MAX, DECIMALS_MAX, formatterForEditing, formatterPreview, formatterProblem, UNIT_CHOICES, unitChoiceOf, withUnitChoice, type UnitChoice } from '../utils/formatter';

interface FormatterDialogProps {
  field: ChartField | null;
  /** the formatter, or undefined to remove it */
  onSubmit: (formatter: Formatter | undefined) => void;
  onClose: () => void;
}

/** Value format of a measure (spec 01 §3 Formatter): value or percent, unit, decimals, thousands separator. */
export function FormatterDialog({ field, onSubmit, onClose }: FormatterDialogProps) {
  const { ce, t, i18n } = useChartEditorTranslation();
  const [draft, setDraft] = useState<Formatter>(() => formatterForEditing(undefined));
  useEffect(() => {
    if (field) setDraft(formatterForEditing(field.formatter));
  }, [field]);
  const problem = formatterProblem(draft);
  const change = (patch: Partial<Formatter>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = () => {
    if (!problem) onSubmit(cleanFormatter(draft));
  };
  return (
    <Modal
      open={field !== null}
      title={field ? ce('formatter.title', { name: field.title || field.name }) : ''}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      footer={[
        <Button key="clear" onClick={() => onSubmit(undefined)} {...buttonTestId('formatter-clear')} disabled={!field?.formatter}>
          {ce('formatter.clear')}
        </Button>,
        <Button key="cancel" onClick={onClose} {...DIALOG_CANCEL}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={submit} disabled={problem !== null} {...DIALOG_OK}>
          {t('common.ok')}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={ce('formatter.type')}>
          <Radio.Group value={draft.type === 2 ? 2 : 1} onChange={(e) => change({ type: e.target.value as 1 | 2 })} data-testid="formatter-type">
            <Radio value={1} data-testid="formatter-type-value">
              {ce('formatter.value')}
            </Radio>
            <Radio value={2} data-testid="formatter-type-percent">
              {ce('formatter.percent')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {draft.type !== 2 ? (
          <Form.Item label={ce('formatter.unit')}>
            <Select<UnitChoice>
              value={unitChoiceOf(draft)}
              onChange={(choice) => setDraft((d) => withUnitChoice(d, choice))}
              options={UNIT_CHOICES.map((u) => ({ value: u, label: ce(`formatter.units.${u}`), 'data-testid': `formatter-unit-${u}` }))}
              data-testid="formatter-unit"
              aria-label={ce('formatter.unit')}
            />
          </Form.Item>
        ) : null}
        {draft.type !== 2 && draft.isCustomizeUnit ? (
          <Form.Item
            label={ce('formatter.customUnit')}
            validateStatus={problem === 'customUnit' ? 'error' : undefined}
            help={problem === 'customUnit' ? ce('formatter.errors.customUnit') : undefined}
          >
            <Input value={draft.customUnit} maxLength={CUSTOM_UNIT_MAX} onChange={(e) => change({ customUnit: e.target.value })} data-testid="formatter-custom-unit" aria-label={ce('formatter.customUnit')} />
          </Form.Item>
        ) : null}
        <Form.Item label={ce('formatter.decimals')} validateStatus={problem === 'decimals' ? 'error' : undefined} help={problem === 'decimals' ? ce('formatter.errors.decimals') : undefined}>
          <InputNumber
            min={0}
            max={DECIMALS_MAX}
            precision={0}
            value={draft.decimalPlaces}
            onChange={(v) => change({ decimalPlaces: typeof v === 'number' ? v : 0 })}
            data-testid="formatter-decimals"
            aria-label={ce('formatter.decimals')}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={draft.useThousandth} onChange={(e) => change({ useThousandth: e.target.checked })} data-testid="formatter-thousands">
            {ce('formatter.thousands')}
          </Checkbox>
        </Form.Item>
        <Typography.Text type="secondary" data-testid="formatter-preview">
          {ce('formatter.preview', { text: problem ? '—' : formatterPreview(draft, chartLocale(i18n.language)) })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
