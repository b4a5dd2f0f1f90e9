import { checkName } from '@bi/rules';
import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useDsTranslation } from '../i18n';
import { useCacheOptions } from './common';

/**
 * The form items every source's settings share — its name and refresh interval, its description, the
 * ERP kinds' recent period — one copy for the SQL wizard, the ERP report wizard, the E10 form and the SBEP
 * edit screen. `testIdPrefix` keeps each screen's own test ids (`<prefix>-name`, `<prefix>-cache-interval`…).
 */

/** The source's refresh interval (cacheInterval). */
export function CacheIntervalItem({ testIdPrefix }: { testIdPrefix: string }) {
  const { ds } = useDsTranslation();
  const cacheOptions = useCacheOptions();
  return (
    <Form.Item name="cacheInterval" label={ds('wizard.cacheInterval')} className="bi-ds-conn__half">
      <Select data-testid={`${testIdPrefix}-cache-interval`} options={cacheOptions} />
    </Form.Item>
  );
}

/** A row of the source's name (checked by the shared name rule, in the reader's language) and its refresh interval. */
export function NameCacheRow({ testIdPrefix }: { testIdPrefix: string }) {
  const { ds } = useDsTranslation();
  return (
    <div className="bi-ds-conn__row">
      <Form.Item
        name="name"
        label={ds('wizard.name')}
        className="bi-ds-conn__half"
        required
        validateFirst
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const problem = checkName(value);
              if (problem === 'required') throw new Error(ds('wizard.nameRequired'));
              if (problem === 'length') throw new Error(ds('wizard.nameLength'));
              if (problem === 'line_break') throw new Error(ds('wizard.nameLineBreak'));
            },
          },
        ]}
      >
        <Input data-testid={`${testIdPrefix}-name`} placeholder={ds('wizard.namePlaceholder')} maxLength={40} />
      </Form.Item>
      <CacheIntervalItem testIdPrefix={testIdPrefix} />
    </div>
  );
}

/** The source's description (≤ 500 characters). */
export function DescriptionItem({ testIdPrefix }: { testIdPrefix: string }) {
  const { ds } = useDsTranslation();
  return (
    <Form.Item name="description" label={ds('wizard.description')} rules={[{ max: 500 }]}>
      <Input.TextArea data-testid={`${testIdPrefix}-description`} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
    </Form.Item>
  );
}

/** The ERP kinds' recent period: how many days or months back (periodNumber, periodDimension); off without a date field. */
export function PeriodItem({ testIdPrefix, disabled }: { testIdPrefix: string; disabled: boolean }) {
  const { ds } = useDsTranslation();
  return (
    <Form.Item label={ds('erp.periodNumber')} className="bi-ds-conn__half">
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="periodNumber" noStyle>
          <InputNumber data-testid={`${testIdPrefix}-period-number`} min={1} max={3660} precision={0} disabled={disabled} style={{ width: '60%' }} />
        </Form.Item>
        <Form.Item name="periodDimension" noStyle>
          <Select
            data-testid={`${testIdPrefix}-period-dimension`}
            aria-label={ds('erp.periodDimension')}
            disabled={disabled}
            style={{ width: '40%' }}
            options={[
              { value: 1, label: ds('erp.day') },
              { value: 2, label: ds('erp.month') },
            ]}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
