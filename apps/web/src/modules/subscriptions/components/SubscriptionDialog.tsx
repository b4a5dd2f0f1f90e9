import {
  RELATIVE_DATE_PRESETS,
  SUBSCRIPTION_FORMATS,
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_THEMES,
  SUBSCRIPTION_VARIABLES,
  type GlobalFilterItem,
  type GlobalFilterValue,
  type RequestFilter,
  type SubscriptionFormat,
  type SubscriptionFrequency,
  type SubscriptionRecipient,
  type SubscriptionTheme,
} from '@bi/chart-model';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { robotKeys, robotsApi } from '../../chat/api/robots';
import { sharingApi } from '../../sharing/api/sharing';
import { subscriptionApi, type Subscription, type SubscriptionBody, type SubscriptionPreview } from '../api/subscriptions';
import { useSubTranslation } from '../i18n';

export interface SubscriptionTarget {
  dashboardId: string;
  /** one chart of the dashboard; absent: the whole dashboard */
  chartId?: string;
  /** the dashboard's name or the chart's title */
  title: string;
  /** the dashboard's global filter items and the values the viewer has now (the subscription's starting values) */
  filterItems?: readonly GlobalFilterItem[];
  valueOfItem?: (item: GlobalFilterItem) => GlobalFilterValue;
}

interface FormValues {
  name: string;
  frequency: SubscriptionFrequency;
  hour: number;
  minute: number;
  weekday: number;
  monthDay: number;
  cron: string;
  timeZone: string;
  me: boolean;
  userIds: string[];
  emails: string[];
  robotIds: string[];
  formats: SubscriptionFormat[];
  theme: SubscriptionTheme;
  subject: string;
  body: string;
  skipEmpty: boolean;
  enabled: boolean;
}

interface FilterDraft {
  name: string;
  title: string;
  dataType: string;
  granularity?: number;
  range: (string | number)[];
  preset?: (typeof RELATIVE_DATE_PRESETS)[number];
  days?: number;
}

/** The user id that stands for the caller (the BFF puts the caller's id in its place). */
export const ME = 'me';

function draftsOf(target: SubscriptionTarget, existing?: Subscription): FilterDraft[] {
  const saved = new Map((existing?.filters ?? []).map((f) => [String(f.name), f]));
  // opened from a list (no dashboard at hand): the subscription's own filters are its items
  const items: readonly GlobalFilterItem[] =
    target.filterItems ?? (existing?.filters ?? []).map((f) => ({ name: String(f.name), title: String(f.title ?? f.name), dataType: (f.dataType as GlobalFilterItem['dataType']) ?? 'string', range: [], ...(typeof f.granularity === 'number' ? { granularity: f.granularity as GlobalFilterItem['granularity'] } : {}) }));
  return items.map((item) => {
    const stored = saved.get(item.name);
    const value: Partial<GlobalFilterValue> & { relative?: { preset: string; days?: number | null } } = stored
      ? { range: (stored.range ?? []).filter((v): v is string | number => v !== null), relative: stored.relative as never }
      : (target.valueOfItem?.(item) ?? { range: item.range ?? [] });
    return {
      name: item.name,
      title: item.title || item.name,
      dataType: item.dataType ?? 'string',
      ...(item.granularity !== undefined ? { granularity: item.granularity } : {}),
      range: [...(value.range ?? [])],
      ...(value.relative ? { preset: value.relative.preset as FilterDraft['preset'], ...(value.relative.days ? { days: value.relative.days } : {}) } : {}),
    };
  });
}

function filtersOf(drafts: readonly FilterDraft[]): RequestFilter[] {
  return drafts
    .filter((d) => d.preset || d.range.some((v) => v !== ''))
    .map((d) => ({
      name: d.name,
      title: d.title,
      dataType: d.dataType,
      ...(d.granularity !== undefined ? { granularity: d.granularity } : {}),
      range: d.preset ? [] : d.range,
      ...(d.preset ? { relative: { preset: d.preset, ...(d.preset === 'lastDays' ? { days: d.days ?? 7 } : {}) } } : {}),
    })) as unknown as RequestFilter[];
}

/**
 * The subscription dialog (the dashboard toolbar's and the chart menu's "Subscribe", and "Edit" on the
 * subscription lists): name, schedule in a time zone, recipients (users, outside addresses, chat robots), the
 * dashboard's global filter values, formats and the pictures' theme (light/dark), subject and body templates, "skip when there is no data";
 * Preview shows the caller's own mail; Save, then "Send now".
 */
export function SubscriptionDialog({ open, target, existing, onClose, onSaved }: { open: boolean; target: SubscriptionTarget; existing?: Subscription; onClose: () => void; onSaved?: (s: Subscription) => void }) {
  const { st } = useSubTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [drafts, setDrafts] = useState<FilterDraft[]>(() => draftsOf(target, existing));
  const [saved, setSaved] = useState<Subscription | undefined>(existing);
  const [busy, setBusy] = useState<'' | 'save' | 'send' | 'preview'>('');
  const [preview, setPreview] = useState<SubscriptionPreview | undefined>();
  const frequency = Form.useWatch('frequency', form);
  const people = useQuery({ queryKey: ['subscriptions', 'users'], queryFn: () => sharingApi.rolesUsers(), enabled: open, retry: false, staleTime: 60_000 });
  const robots = useQuery({ queryKey: robotKeys.choices, queryFn: robotsApi.choices, enabled: open, retry: false, staleTime: 60_000 });

  const initial: FormValues = useMemo(() => {
    const s = existing?.schedule;
    const users = (existing?.recipients ?? []).filter((r): r is Extract<SubscriptionRecipient, { kind: 'user' }> => r.kind === 'user').map((r) => r.userId);
    return {
      name: existing?.name ?? target.title,
      frequency: s?.frequency ?? 'daily',
      hour: s?.hour ?? 9,
      minute: s?.minute ?? 0,
      weekday: s?.weekday ?? 1,
      monthDay: s?.monthDay ?? 1,
      cron: s?.cron ?? '0 9 * * 1-5',
      // empty: the product's time zone (BI_TIME_ZONE), decided by the server
      timeZone: existing?.timeZone ?? '',
      me: !existing || users.includes(existing.ownerId),
      userIds: existing ? users.filter((u) => u !== existing.ownerId) : [],
      emails: (existing?.recipients ?? []).filter((r): r is Extract<SubscriptionRecipient, { kind: 'email' }> => r.kind === 'email').map((r) => r.address),
      robotIds: (existing?.recipients ?? []).filter((r): r is Extract<SubscriptionRecipient, { kind: 'robot' }> => r.kind === 'robot').map((r) => r.robotId),
      formats: (existing?.formats as SubscriptionFormat[] | undefined) ?? ['image'],
      theme: existing?.theme ?? 'light',
      subject: existing?.subject ?? '',
      body: existing?.body ?? '',
      skipEmpty: existing?.skipEmpty ?? false,
      enabled: existing?.enabled ?? true,
    };
  }, [existing, target.title]);

  const bodyOf = async (): Promise<SubscriptionBody | undefined> => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return undefined;
    }
    const recipients: SubscriptionRecipient[] = [
      ...(v.me ? [{ kind: 'user' as const, userId: ME }] : []),
      ...v.userIds.map((userId) => ({ kind: 'user' as const, userId })),
      ...v.emails.map((address) => ({ kind: 'email' as const, address: address.trim() })),
      // the robots' field is shown once the choices are read: until then the saved ones are kept
      ...(v.robotIds ?? initial.robotIds).map((robotId) => ({ kind: 'robot' as const, robotId })),
    ];
    if (!recipients.length) {
      void message.error(st('recipientsRequired'));
      return undefined;
    }
    return {
      name: v.name.trim(),
      dashboardId: target.dashboardId,
      ...(target.chartId ? { chartId: target.chartId } : {}),
      schedule: { frequency: v.frequency, hour: v.hour, minute: v.minute, weekday: v.weekday, monthDay: v.monthDay, ...(v.frequency === 'cron' ? { cron: v.cron.trim() } : {}) },
      ...(v.timeZone.trim() ? { timeZone: v.timeZone.trim() } : {}),
      recipients,
      filters: filtersOf(drafts),
      formats: v.formats,
      theme: v.theme,
      subject: v.subject,
      body: v.body,
      skipEmpty: v.skipEmpty,
      enabled: v.enabled,
    } as SubscriptionBody;
  };

  const fail = (e: unknown) => void message.error(e instanceof Error ? e.message : String(e));
  const save = async (): Promise<Subscription | undefined> => {
    const body = await bodyOf();
    if (!body) return undefined;
    setBusy('save');
    try {
      const s = saved ? await subscriptionApi.update(saved.id, body) : await subscriptionApi.create(body);
      setSaved(s);
      onSaved?.(s);
      void message.success(st('saved'));
      return s;
    } catch (e) {
      fail(e);
      return undefined;
    } finally {
      setBusy('');
    }
  };
  const sendNow = async () => {
    const s = await save();
    if (!s) return;
    setBusy('send');
    try {
      await subscriptionApi.sendNow(s.id);
      void message.success(st('sent'));
      onSaved?.(s);
    } catch (e) {
      fail(e);
    } finally {
      setBusy('');
    }
  };
  const showPreview = async () => {
    const body = await bodyOf();
    if (!body) return;
    setBusy('preview');
    try {
      setPreview(await subscriptionApi.preview(body));
    } catch (e) {
      fail(e);
    } finally {
      setBusy('');
    }
  };
  const setDraft = (i: number, patch: Partial<FilterDraft>) => setDrafts((list) => list.map((d, k) => (k === i ? { ...d, ...patch } : d)));
  const time = (
    <Space>
      <Form.Item name="hour" noStyle>
        <InputNumber min={0} max={23} data-testid="subscription-hour" aria-label={st('time')} style={{ width: 72 }} />
      </Form.Item>
      <span>:</span>
      <Form.Item name="minute" noStyle>
        <InputNumber min={0} max={59} data-testid="subscription-minute" aria-label={st('minute')} style={{ width: 72 }} formatter={(v) => String(v ?? 0).padStart(2, '0')} />
      </Form.Item>
    </Space>
  );

  return (
    <DialogModal
      open={open}
      title={existing ? st('editTitle') : st('dialogTitle', { title: target.title })}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="preview" data-testid="subscription-preview" loading={busy === 'preview'} onClick={() => void showPreview()}>
          {st('preview')}
        </Button>,
        <Button key="send" data-testid="subscription-send-now" loading={busy === 'send'} onClick={() => void sendNow()}>
          {st('sendNow')}
        </Button>,
        <Button key="save" type="primary" data-testid="subscription-save" loading={busy === 'save'} onClick={() => void save()}>
          {st('save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="subscription-dialog" className="bi-subscription-form">
        <Form.Item name="name" label={st('name')} rules={[{ required: true, whitespace: true, message: st('nameRequired') }, { max: 100 }]}>
          <Input data-testid="subscription-name" maxLength={100} />
        </Form.Item>
        <Space wrap align="start" size="middle">
          <Form.Item name="frequency" label={st('frequency')}>
            <Select data-testid="subscription-frequency" style={{ width: 160 }} options={SUBSCRIPTION_FREQUENCIES.map((f) => ({ value: f, label: st(`freq.${f}`) }))} />
          </Form.Item>
          {frequency === 'weekly' ? (
            <Form.Item name="weekday" label={st('weekday')}>
              <Select style={{ width: 120 }} options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: st(`weekdays.${String(d) as '0'}`) }))} />
            </Form.Item>
          ) : null}
          {frequency === 'monthly' ? (
            <Form.Item name="monthDay" label={st('monthDay')}>
              <Select style={{ width: 100 }} options={Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: st('monthDayValue', { day: i + 1 }) }))} />
            </Form.Item>
          ) : null}
          {frequency === 'hourly' ? (
            <Form.Item name="minute" label={st('minute')}>
              <InputNumber min={0} max={59} style={{ width: 90 }} />
            </Form.Item>
          ) : frequency === 'cron' ? (
            <Form.Item name="cron" label={st('cron')} extra={st('cronHelp')} rules={[{ required: true }]}>
              <Input data-testid="subscription-cron" style={{ width: 220 }} />
            </Form.Item>
          ) : (
            <Form.Item label={st('time')}>{time}</Form.Item>
          )}
          <Form.Item name="timeZone" label={st('timeZone')}>
            <Input data-testid="subscription-time-zone" style={{ width: 220 }} maxLength={64} placeholder={st('timeZoneDefault')} />
          </Form.Item>
        </Space>
        <Form.Item label={st('recipients')} required>
          <Form.Item name="me" valuePropName="checked" noStyle>
            <Checkbox data-testid="subscription-me">{st('me')}</Checkbox>
          </Form.Item>
          {people.data ? (
            <Form.Item name="userIds" extra={st('usersHelp')} style={{ marginTop: 8, marginBottom: 0 }}>
              <Select mode="multiple" data-testid="subscription-users" placeholder={st('users')} optionFilterProp="label" options={people.data.users.map((u) => ({ value: u.id, label: u.name }))} />
            </Form.Item>
          ) : null}
          <Form.Item name="emails" extra={st('emailsHelp')} style={{ marginTop: 8, marginBottom: 0 }}>
            <Select mode="tags" data-testid="subscription-emails" placeholder={st('emails')} tokenSeparators={[',', ' ', ';']} open={false} suffixIcon={null} />
          </Form.Item>
          {robots.data ? (
            <Form.Item name="robotIds" extra={robots.data.length ? st('robotsHelp') : st('robotsNone')} style={{ marginTop: 8, marginBottom: 0 }}>
              <Select
                mode="multiple"
                data-testid="subscription-robots"
                placeholder={st('robots')}
                aria-label={st('robots')}
                disabled={!robots.data.length && !initial.robotIds.length}
                optionFilterProp="label"
                // a robot deleted since keeps its id (the run log reports it) until it is removed here
                options={[
                  ...robots.data.map((r) => ({ value: r.id, label: r.name })),
                  ...initial.robotIds.filter((id) => !robots.data.some((r) => r.id === id)).map((id) => ({ value: id, label: st('robotGone') })),
                ]}
              />
            </Form.Item>
          ) : null}
        </Form.Item>
        {drafts.length ? (
          <Form.Item label={st('filters')} extra={st('filtersHelp')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {drafts.map((d, i) => (
                <Space key={d.name} wrap data-testid={`subscription-filter-${d.name}`}>
                  <Typography.Text style={{ display: 'inline-block', minWidth: 100 }}>{d.title}</Typography.Text>
                  {d.dataType === 'date' ? (
                    <Select
                      style={{ width: 140 }}
                      aria-label={st('relative')}
                      value={d.preset ?? ''}
                      onChange={(v: string) => setDraft(i, { preset: (v || undefined) as FilterDraft['preset'] })}
                      options={[{ value: '', label: st('relativeNone') }, ...RELATIVE_DATE_PRESETS.map((p) => ({ value: p, label: st(`presets.${p}`) }))]}
                    />
                  ) : null}
                  {d.preset === 'lastDays' ? <InputNumber min={1} max={3660} value={d.days ?? 7} onChange={(v) => setDraft(i, { days: Number(v) || 7 })} /> : null}
                  {!d.preset ? (
                    <Select
                      mode="tags"
                      style={{ minWidth: 260 }}
                      data-testid={`subscription-filter-values-${d.name}`}
                      aria-label={st('filterValues')}
                      placeholder={st('filterValues')}
                      value={d.range.map(String)}
                      onChange={(v: string[]) => setDraft(i, { range: v })}
                      open={false}
                      suffixIcon={null}
                    />
                  ) : null}
                </Space>
              ))}
            </Space>
          </Form.Item>
        ) : null}
        <Space wrap align="start" size="large">
          <Form.Item name="formats" label={st('formats')}>
            <Checkbox.Group data-testid="subscription-formats" options={SUBSCRIPTION_FORMATS.map((f) => ({ value: f, label: st(`format.${f}`) }))} />
          </Form.Item>
          {/* the pictures (inline image, PDF, a robot's) are drawn in this theme */}
          <Form.Item name="theme" label={st('theme')}>
            <Select data-testid="subscription-theme" aria-label={st('theme')} style={{ width: 120 }} options={SUBSCRIPTION_THEMES.map((t) => ({ value: t, label: st(`themes.${t}`) }))} />
          </Form.Item>
        </Space>
        <Form.Item name="subject" label={st('subject')} extra={st('variables', { list: SUBSCRIPTION_VARIABLES.map((v) => `{{${v}}}`).join(' '), interpolation: { escapeValue: false } })}>
          <Input data-testid="subscription-subject" maxLength={200} />
        </Form.Item>
        <Form.Item name="body" label={st('body')}>
          <Input.TextArea data-testid="subscription-body" rows={3} maxLength={4000} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="skipEmpty" valuePropName="checked" label={st('skipEmpty')}>
            <Switch data-testid="subscription-skip-empty" />
          </Form.Item>
          <Form.Item name="enabled" valuePropName="checked" label={st('enabled')}>
            <Switch data-testid="subscription-enabled" />
          </Form.Item>
        </Space>
      </Form>
      <Modal open={!!preview} title={st('previewTitle', { subject: preview?.subject ?? '' })} footer={null} onCancel={() => setPreview(undefined)} width={760} destroyOnHidden>
        {/* the mail's HTML in a sandbox: no script runs, no link opens in the page */}
        {preview ? <iframe title={preview.subject} data-testid="subscription-preview-frame" sandbox="" srcDoc={preview.html} style={{ width: '100%', height: 420, border: '1px solid #d9d9d9', background: '#fff' }} /> : null}
      </Modal>
    </DialogModal>
  );
}
