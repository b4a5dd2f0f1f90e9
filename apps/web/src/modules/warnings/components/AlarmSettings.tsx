import { DeleteOutlined, EditOutlined, LeftOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { WARN_MAX_CONDITIONS, WARN_MAX_ITEMS, WARN_NAME_MAX, warnFields, warnValueType, type ChartField, type WarnCondition, type WarnConfig, type WarnItem, type WarnListName } from '@bi/chart-model';
import { Alert, App, Button, Checkbox, Empty, Input, Popconfirm, Radio, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { chartLocale, type ChartLocale } from '@bi/charts';
import { useWarnTranslation, type WarningsT } from '../i18n';
import { fetchRobotChoices, type AlertState } from '../api/alarm';
import {
  HOURS,
  applyDraft,
  availableLists,
  canAdd,
  conditionField,
  conditionValueText,
  editDraft,
  fieldByKey,
  fieldKey,
  hourLabel,
  itemCount,
  newDraft,
  operatorsFor,
  problemKey,
  removeItem,
  setSwitch,
  valueOf,
  withCompare,
  withField,
  withList,
  withTime,
  type WarnChart,
  type WarnDraft,
} from '../utils/form';
import { draftProblem } from '../utils/draft-problem';
import '../warnings.css';

interface AlarmSettingsProps {
  chart: WarnChart;
  value: WarnConfig;
  /** saves the whole config (the dialog's own call, or the editor's chart save); rejects with a user-facing error */
  onSave(next: WarnConfig): Promise<unknown>;
  /** where the edit view puts its Cancel/Save row (the alarm dialog's footer); under the form when absent */
  footer?: HTMLElement | null;
  /** told when the edit view opens (true) and closes (false) */
  onEditing?(editing: boolean): void;
  /** each alert's state by warnId (the alarm dialog reads them with the alerts): a paused one says why */
  states?: Record<string, AlertState>;
}

/** The text of a thrown error (ApiError messages are the server's, in the UI language). */
function errorText(error: unknown, wt: WarningsT): string {
  return error instanceof Error && error.message ? error.message : wt('problems.invalid', { name: 'warnConfigData' });
}

function fieldLabel(field: Pick<ChartField, 'name' | 'title' | 'aggregator'>, wt: WarningsT): string {
  const name = field.title || field.name;
  return field.aggregator ? `${name} (${wt(`aggregators.${field.aggregator}`)})` : name;
}

/** "Amount (Sum) greater than 100" */
function conditionText(chart: WarnChart, list: WarnListName, c: WarnCondition, wt: WarningsT, locale: ChartLocale): string {
  const field = conditionField(chart, list, c);
  const name = field ? fieldLabel(field, wt) : c.axisField.axisTitle || c.axisField.axisName;
  const op = wt(`ops.${c.compare}`);
  const v = (x: unknown) => conditionValueText(x, field, locale);
  return c.compare === 'between' ? `${name} ${op} ${v(c.compareValueLeft)} – ${v(c.compareValueRight)}` : `${name} ${op} ${v(c.compareValue)}`;
}

/**
 * The alarm dialog's content (spec 01 §4): a list view of the chart's alerts (switch, edit, delete,
 * new) and an edit view of one alert (name, switch, logic, conditions, time, channels). Every change
 * is checked with the shared check of @bi/chart-model before `onSave`.
 */
export function AlarmSettings({ chart, value, onSave, footer, onEditing, states }: AlarmSettingsProps) {
  const { wt, i18n } = useWarnTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<WarnDraft | null>(null);
  const [origin, setOrigin] = useState<WarnListName | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const editing = draft !== null;
  useEffect(() => onEditing?.(editing), [editing, onEditing]);

  const save = async (next: WarnConfig, done: string) => {
    if (busy.current) return false;
    busy.current = true;
    setSaving(true);
    try {
      await onSave(next);
      void message.success(done);
      return true;
    } catch (e) {
      const text = errorText(e, wt);
      setProblem(text);
      void message.error(text);
      return false;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const startNew = () => {
    if (!canAdd(value)) {
      void message.warning(wt('alarm.limit', { max: WARN_MAX_ITEMS }));
      return;
    }
    const d = newDraft(chart);
    if (!d) return;
    setProblem(null);
    setOrigin(undefined);
    setDraft(d);
  };

  if (draft) {
    return (
      <AlarmEdit
        chart={chart}
        draft={draft}
        problem={problem}
        saving={saving}
        footer={footer}
        onChange={(d) => {
          setProblem(null);
          setDraft(d);
        }}
        onBack={() => {
          setProblem(null);
          setDraft(null);
        }}
        onSubmit={async () => {
          const p = draftProblem(chart, value, draft, origin);
          if (p) {
            setProblem(wt(problemKey(p) as Parameters<WarningsT>[0], p.params));
            return;
          }
          if (await save(applyDraft(value, draft, origin), wt('alarm.saved'))) setDraft(null);
        }}
      />
    );
  }

  const lists = availableLists(chart);
  if (lists.length === 0) return <Empty description={wt('alarm.noFields')} data-testid="alarm-no-fields" />;
  const dual = lists.length > 1 || value.warnItemsYOptionalList.length > 0;
  const rows = (['warnItemsYList', 'warnItemsYOptionalList'] as const).flatMap((list) => value[list].map((item, index) => ({ key: `${list}-${index}`, list, index, item })));
  const count = itemCount(value);

  return (
    <div className="bi-alarm" data-testid="alarm-list">
      <div className="bi-alarm__toolbar">
        <Typography.Text type="secondary" data-testid="alarm-count">
          {wt('alarm.count', { count, max: WARN_MAX_ITEMS })}
        </Typography.Text>
        <Tooltip title={canAdd(value) ? undefined : wt('alarm.limit', { max: WARN_MAX_ITEMS })}>
          <Button type="primary" icon={<PlusOutlined />} onClick={startNew} disabled={!canAdd(value)} data-testid="alarm-add">
            {wt('alarm.add')}
          </Button>
        </Tooltip>
      </div>
      {problem ? <Alert type="error" showIcon title={problem} className="bi-alarm__problem" data-testid="alarm-problem" /> : null}
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        rowKey="key"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={wt('alarm.empty')} /> }}
        onRow={(r) => ({ 'data-testid': `alarm-item-${r.index}-${r.list}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'name',
            title: wt('alarm.name'),
            render: (_, r) => {
              const state = r.item.warnId ? states?.[r.item.warnId] : undefined;
              return (
                <>
                  <span className="bi-alarm__name" data-testid="alarm-item-name" title={r.item.warnName}>
                    {r.item.warnName}
                  </span>
                  {state?.state === 'paused' ? (
                    <Tooltip title={wt('alarm.pausedHint')}>
                      <Typography.Text type="warning" className="bi-alarm__paused" data-testid="alarm-item-paused">
                        {wt(state.reason === 'no_owner' ? 'alarm.pausedNoOwner' : 'alarm.pausedNoAccess')}
                      </Typography.Text>
                    </Tooltip>
                  ) : null}
                </>
              );
            },
          },
          {
            key: 'conditions',
            title: wt('alarm.conditions'),
            render: (_, r) => (
              <div className="bi-alarm__conditions">
                {dual ? <Tag>{wt(r.list === 'warnItemsYList' ? 'alarm.axisValues' : 'alarm.axisSecondValues')}</Tag> : null}
                {r.item.warnConditions.map((c, i) => (
                  <div key={i} className="bi-alarm__condition">
                    {i > 0 ? <Typography.Text type="secondary">{r.item.logic === 1 ? wt('alarm.logicAll') : wt('alarm.logicAny')} · </Typography.Text> : null}
                    {conditionText(chart, r.list, c, wt, chartLocale(i18n.language))}
                  </div>
                ))}
              </div>
            ),
          },
          {
            key: 'time',
            title: wt('alarm.time'),
            width: 120,
            render: (_, r) => (r.item.warnTime === 1 ? wt('alarm.summaryTimed', { hour: hourLabel(r.item.warnExactTime ?? 0) }) : wt('alarm.summaryImmediate')),
          },
          {
            key: 'switch',
            title: wt('alarm.status'),
            width: 90,
            render: (_, r) => (
              <Switch
                size="small"
                checked={r.item.isSwitch}
                disabled={saving}
                checkedChildren={wt('alarm.on')}
                unCheckedChildren={wt('alarm.off')}
                aria-label={wt('alarm.switch')}
                data-testid="alarm-item-switch"
                onChange={(on) => void save(setSwitch(value, r.list, r.index, on), wt('alarm.saved'))}
              />
            ),
          },
          {
            key: 'actions',
            title: wt('alarm.actions'),
            width: 96,
            render: (_, r) => (
              <Space size={0}>
                <Tooltip title={wt('alarm.edit')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={wt('alarm.edit')}
                    data-testid="alarm-item-edit"
                    onClick={() => {
                      setProblem(null);
                      setOrigin(r.list);
                      setDraft(editDraft(value, r.list, r.index));
                    }}
                  />
                </Tooltip>
                <Popconfirm
                  title={wt('alarm.deleteConfirm', { name: r.item.warnName })}
                  okText={wt('alarm.deleteOk')}
                  cancelText={wt('alarm.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'alarm-delete-ok' } as React.ComponentProps<typeof Button>}
                  onConfirm={() => save(removeItem(value, r.list, r.index), wt('alarm.deleted'))}
                >
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={wt('alarm.remove')} data-testid="alarm-item-delete" />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}

interface AlarmEditProps {
  chart: WarnChart;
  draft: WarnDraft;
  problem: string | null;
  saving: boolean;
  footer?: HTMLElement | null;
  onChange(d: WarnDraft): void;
  onBack(): void;
  onSubmit(): void;
}

/** The edit view of one alert. Enter in a text box saves (the form's submit). */
function AlarmEdit({ chart, draft, problem, saving, footer, onChange, onBack, onSubmit }: AlarmEditProps) {
  const { wt } = useWarnTranslation();
  const formId = useId();
  const { item, list } = draft;
  const fields = warnFields(chart, list);
  const lists = availableLists(chart);
  const set = (parts: Partial<WarnItem>) => onChange({ ...draft, item: { ...item, ...parts } });
  // the administrators' chat robots (issue 30): offered only when there are some
  const robots = useQuery({ queryKey: ['robots', 'choices'], queryFn: fetchRobotChoices, staleTime: 60_000 });
  const setCondition = (i: number, c: WarnCondition) => set({ warnConditions: item.warnConditions.map((x, j) => (j === i ? c : x)) });
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!saving) onSubmit();
  };
  // the save button submits the form by its id also when it sits in the dialog's footer
  const actions = (
    <div className="bi-alarm__footer">
      <Button onClick={onBack} data-testid="alarm-cancel">
        {wt('alarm.cancel')}
      </Button>
      <Button type="primary" htmlType="submit" form={formId} loading={saving} data-testid="alarm-save">
        {wt('alarm.save')}
      </Button>
    </div>
  );

  return (
    <form id={formId} className="bi-alarm bi-alarm--edit" data-testid="alarm-edit" onSubmit={submit} noValidate>
      <div className="bi-alarm__toolbar">
        <Button type="link" icon={<LeftOutlined />} onClick={onBack} data-testid="alarm-back">
          {wt('alarm.back')}
        </Button>
        <Typography.Text strong>{draft.index === null ? wt('alarm.newTitle') : wt('alarm.editTitle')}</Typography.Text>
      </div>

      <label className="bi-alarm__row">
        <span className="bi-alarm__label">{wt('alarm.name')}</span>
        <Input value={item.warnName} maxLength={WARN_NAME_MAX} placeholder={wt('alarm.namePlaceholder')} onChange={(e) => set({ warnName: e.target.value })} data-testid="alarm-name" autoFocus />
      </label>

      <div className="bi-alarm__row">
        <span className="bi-alarm__label">{wt('alarm.switch')}</span>
        <Switch checked={item.isSwitch} onChange={(on) => set({ isSwitch: on })} checkedChildren={wt('alarm.on')} unCheckedChildren={wt('alarm.off')} data-testid="alarm-switch" />
      </div>

      {lists.length > 1 ? (
        <div className="bi-alarm__row">
          <span className="bi-alarm__label">{wt('alarm.axis')}</span>
          <Radio.Group value={list} onChange={(e) => onChange(withList(chart, draft, e.target.value as WarnListName))} data-testid="alarm-axis">
            <Radio value="warnItemsYList">{wt('alarm.axisValues')}</Radio>
            <Radio value="warnItemsYOptionalList">{wt('alarm.axisSecondValues')}</Radio>
          </Radio.Group>
        </div>
      ) : null}

      <div className="bi-alarm__row">
        <span className="bi-alarm__label">{wt('alarm.logic')}</span>
        <Radio.Group value={item.logic} onChange={(e) => set({ logic: e.target.value as 0 | 1 })} data-testid="alarm-logic">
          <Radio value={0}>{wt('alarm.logicAny')}</Radio>
          <Radio value={1}>{wt('alarm.logicAll')}</Radio>
        </Radio.Group>
      </div>

      <div className="bi-alarm__row bi-alarm__row--top">
        <span className="bi-alarm__label">{wt('alarm.conditions')}</span>
        <div className="bi-alarm__condition-list">
          {item.warnConditions.map((c, i) => {
            const field = conditionField(chart, list, c);
            const type = field ? warnValueType(field) : 'string';
            const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
            /** a compare value's box: numbers typed as numbers for number fields */
            const valueInput = (key: 'compareValue' | 'compareValueLeft' | 'compareValueRight', label: string, testId: string, className?: string) => (
              <Input
                className={className}
                value={text(c[key])}
                placeholder={label}
                aria-label={label}
                inputMode={type === 'number' ? 'decimal' : undefined}
                onChange={(e) => setCondition(i, { ...c, [key]: valueOf(type, e.target.value) })}
                data-testid={testId}
              />
            );
            return (
              <div key={i} className="bi-alarm__condition-row" data-testid={`alarm-condition-${i}`}>
                <Select
                  className="bi-alarm__field"
                  value={field ? fieldKey(field) : undefined}
                  placeholder={wt('alarm.field')}
                  aria-label={wt('alarm.field')}
                  options={fields.map((f) => ({ value: fieldKey(f), label: fieldLabel(f, wt) }))}
                  onChange={(key: string) => {
                    const f = fieldByKey(fields, key);
                    if (f) setCondition(i, withField(c, f, field));
                  }}
                  data-testid="alarm-condition-field"
                  popupMatchSelectWidth={false}
                />
                <Select
                  className="bi-alarm__operator"
                  value={c.compare}
                  aria-label={wt('alarm.operator')}
                  options={operatorsFor(field).map((op) => ({ value: op, label: wt(`ops.${op}`) }))}
                  onChange={(op) => setCondition(i, withCompare(c, op))}
                  data-testid="alarm-condition-operator"
                  popupMatchSelectWidth={false}
                />
                {c.compare === 'between' ? (
                  <Space.Compact className="bi-alarm__values">
                    {valueInput('compareValueLeft', wt('alarm.left'), 'alarm-condition-left')}
                    {valueInput('compareValueRight', wt('alarm.right'), 'alarm-condition-right')}
                  </Space.Compact>
                ) : (
                  valueInput('compareValue', wt('alarm.value'), 'alarm-condition-value', 'bi-alarm__values')
                )}
                <Tooltip title={wt('alarm.removeCondition')}>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={wt('alarm.removeCondition')}
                    disabled={item.warnConditions.length <= 1}
                    onClick={() => set({ warnConditions: item.warnConditions.filter((_, j) => j !== i) })}
                    data-testid="alarm-condition-remove"
                  />
                </Tooltip>
              </div>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={item.warnConditions.length >= WARN_MAX_CONDITIONS || fields.length === 0}
            onClick={() => fields[0] && set({ warnConditions: [...item.warnConditions, withField({ axisField: { axisName: '' }, compare: '>', compareValue: '' }, fields[0], undefined)] })}
            data-testid="alarm-condition-add"
          >
            {wt('alarm.addCondition')}
          </Button>
        </div>
      </div>

      <div className="bi-alarm__row">
        <span className="bi-alarm__label">{wt('alarm.time')}</span>
        <Space wrap>
          <Radio.Group value={item.warnTime} onChange={(e) => onChange({ ...draft, item: withTime(item, e.target.value as 0 | 1) })} data-testid="alarm-time">
            <Radio value={0}>{wt('alarm.immediate')}</Radio>
            <Radio value={1}>{wt('alarm.timed')}</Radio>
          </Radio.Group>
          {item.warnTime === 1 ? (
            <Select
              className="bi-alarm__hour"
              value={item.warnExactTime ?? undefined}
              aria-label={wt('alarm.hour')}
              options={HOURS.map((h) => ({ value: h, label: hourLabel(h) }))}
              onChange={(h: number) => set({ warnExactTime: h })}
              data-testid="alarm-hour"
            />
          ) : null}
        </Space>
      </div>

      <div className="bi-alarm__row bi-alarm__row--top">
        <span className="bi-alarm__label">{wt('alarm.channels')}</span>
        <div className="bi-alarm__channels">
          <Checkbox checked disabled>
            {wt('alarm.bell')}
          </Checkbox>
          <Checkbox checked={item.isSendMail === true} onChange={(e) => set({ isSendMail: e.target.checked })} data-testid="alarm-mail">
            {wt('alarm.mail')}
          </Checkbox>
          {item.isSendMail ? (
            <Select
              mode="tags"
              value={item.mailTo ?? []}
              placeholder={wt('alarm.mailToPlaceholder')}
              aria-label={wt('alarm.mailTo')}
              tokenSeparators={[',', ';', ' ']}
              open={false}
              // Enter makes a tag here, it does not submit the form
              onInputKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              onChange={(v: string[]) => set({ mailTo: v.map((m) => m.trim()).filter(Boolean) })}
              data-testid="alarm-mail-to"
            />
          ) : null}
          <Checkbox checked={item.isSendWechat === true} onChange={(e) => set({ isSendWechat: e.target.checked })} data-testid="alarm-webhook">
            {wt('alarm.webhook')}
          </Checkbox>
          {item.isSendWechat ? (
            <Space.Compact block>
              <Input
                value={item.webhookUrl ?? ''}
                placeholder="https://"
                aria-label={wt('alarm.webhookUrl')}
                maxLength={500}
                onChange={(e) => set({ webhookUrl: e.target.value.trim() })}
                data-testid="alarm-webhook-url"
              />
              <Select
                className="bi-alarm__format"
                value={item.webhookFormat ?? 'json'}
                aria-label={wt('alarm.webhookFormat')}
                options={[
                  { value: 'json', label: wt('alarm.formatJson') },
                  { value: 'wecom', label: wt('alarm.formatWecom') },
                ]}
                onChange={(f: 'json' | 'wecom') => set({ webhookFormat: f })}
                data-testid="alarm-webhook-format"
                popupMatchSelectWidth={false}
              />
            </Space.Compact>
          ) : null}
          {robots.data?.length ? (
            <Select
              mode="multiple"
              allowClear
              value={item.robotIds ?? []}
              placeholder={wt('alarm.robotsPlaceholder')}
              aria-label={wt('alarm.robots')}
              options={robots.data.map((r) => ({ value: r.id, label: r.name, 'data-testid': `alarm-robot-${r.name}` }))}
              onChange={(ids: string[]) => set({ robotIds: ids })}
              data-testid="alarm-robots"
            />
          ) : null}
        </div>
      </div>

      {problem ? <Alert type="error" showIcon title={problem} className="bi-alarm__problem" data-testid="alarm-problem" /> : null}

      {footer ? createPortal(actions, footer) : actions}
    </form>
  );
}
