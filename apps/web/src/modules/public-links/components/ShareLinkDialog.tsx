import '../public-links.css';
import { CopyOutlined, DeleteOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import { isEmptyFilterValue, type GlobalFilterItem, type GlobalFilterValue } from '@bi/chart-model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { formatTime } from '../../../shared/format/time';
import { DIALOG_CANCEL, DIALOG_OK } from '../../../shared/components/testIds';
import type { RunFilters } from '../../chart/types';
import { DEFAULT_LINK_DAYS, LINK_EXPIRY_DAYS, LINK_PASSWORD_MIN, linkAddress, publicLinksApi, type PublicLink } from '../api/public-links';
import { usePlTranslation } from '../i18n';

/** What a link is made for: the dashboard, or one of its charts, with the view's global filter values. */
export interface ShareLinkTarget {
  dashboardId: string;
  chartId?: string;
  /** the dashboard's name, or the chart's title */
  title: string;
  /** the view's global filter values (a run's globalFilters): locked into the link, or its default */
  filters: NonNullable<RunFilters['globalFilters']>;
}

interface FormValues {
  expiresInDays: number;
  password: string;
  allowDetails: boolean;
  allowExport: boolean;
  lockFilters: boolean;
}

export const publicLinkKeys = { all: ['public-links'] as const, mine: (dashboardId: string) => ['public-links', 'mine', dashboardId] as const };

/** The view's global filter values as a run's filters (what the link keeps, locked or as its default). */
export function currentFilters(items: readonly GlobalFilterItem[], valueOf: (item: GlobalFilterItem) => GlobalFilterValue): NonNullable<RunFilters['globalFilters']> {
  return items.flatMap((item) => {
    const v = valueOf(item);
    if (!v.relative && isEmptyFilterValue({ ...item, ...v })) return [];
    const granularity = v.granularity ?? item.granularity;
    return [
      {
        name: item.name,
        title: item.title ?? item.name,
        dataType: item.dataType,
        range: v.range,
        ...(granularity !== undefined ? { granularity } : {}),
        ...(v.numberOption ?? item.numberOption ? { numberOption: v.numberOption ?? item.numberOption } : {}),
        ...(v.relative ? { relative: v.relative } : {}),
      },
    ] as unknown as NonNullable<RunFilters['globalFilters']>;
  });
}

/** A test id on an antd button's props (its types name no data- attributes). */
const testId = (id: string) => ({ 'data-testid': id }) as { 'data-testid': string } & Record<`data-${string}`, string>;
const STATUS_COLOR = { live: 'green', expired: 'default', revoked: 'red' } as const;

/**
 * "Share link" (the dashboard toolbar and the chart menu; docs/api/public-links.md): make a link with an
 * expiry, an optional password, details / export allowed or not, the filter values locked or editable;
 * the caller's links of this dashboard (or chart) with copy, a new link (rotate) and revoke.
 */
export function ShareLinkDialog({ open, target, onClose }: { open: boolean; target: ShareLinkTarget; onClose: () => void }) {
  const { pl, t } = usePlTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const links = useQuery({ queryKey: publicLinkKeys.mine(target.dashboardId), queryFn: () => publicLinksApi.mine(target.dashboardId), enabled: open, retry: false });
  const shown = (links.data ?? []).filter((l) => (target.chartId ? l.chartId === target.chartId : l.chartId === null));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: publicLinkKeys.all });
  const fail = (e: Error) => void message.error(e.message);

  const copy = async (link: PublicLink) => {
    try {
      await navigator.clipboard.writeText(linkAddress(link));
      void message.success(pl('copied'));
    } catch {
      void message.info(linkAddress(link));
    }
  };
  const create = useMutation({
    mutationFn: (v: FormValues) =>
      publicLinksApi.create({
        dashboardId: target.dashboardId,
        ...(target.chartId ? { chartId: target.chartId } : {}),
        expiresInDays: v.expiresInDays,
        ...(v.password ? { password: v.password } : {}),
        allowDetails: v.allowDetails,
        allowExport: v.allowExport,
        filters: target.filters,
        filtersEditable: !v.lockFilters,
      }),
    onSuccess: (link) => {
      void message.success(pl('created'));
      form.setFieldValue('password', '');
      refresh();
      void copy(link);
    },
    onError: fail,
  });
  const rotate = useMutation({ mutationFn: publicLinksApi.rotate, onSuccess: () => (void message.success(pl('rotated')), refresh()), onError: fail });
  const revoke = useMutation({ mutationFn: publicLinksApi.revoke, onSuccess: () => (void message.success(pl('revoked')), refresh()), onError: fail });
  const confirmRevoke = (link: PublicLink) =>
    modal.confirm({
      title: pl('revokeTitle'),
      content: <span data-testid="confirm-content">{pl('revokeContent', { name: link.dashboardName })}</span>,
      okText: pl('revoke'),
      cancelText: t('common.cancel'),
      okButtonProps: { ...DIALOG_OK, danger: true },
      cancelButtonProps: DIALOG_CANCEL,
      onOk: () => revoke.mutateAsync(link),
    });

  return (
    <Modal open={open} title={pl('dialogTitle', { name: target.title })} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      <div data-testid="share-link-dialog">
      <Alert type="info" showIcon message={pl('intro')} className="bi-share-link__intro" />
      <Form<FormValues>
        form={form}
        layout="vertical"
        className="bi-share-link__form"
        initialValues={{ expiresInDays: DEFAULT_LINK_DAYS, password: '', allowDetails: false, allowExport: false, lockFilters: true }}
        onFinish={(v) => create.mutate(v)}
      >
        <Space wrap align="end">
          <Form.Item name="expiresInDays" label={pl('expiry')}>
            <Select style={{ width: 140 }} data-testid="share-link-expiry" options={LINK_EXPIRY_DAYS.map((d) => ({ value: d, label: pl('days', { count: d }) }))} />
          </Form.Item>
          <Form.Item name="password" label={pl('password')} rules={[{ min: LINK_PASSWORD_MIN, message: pl('passwordHint') }]}>
            <Input.Password style={{ width: 280 }} placeholder={pl('passwordHint')} autoComplete="new-password" data-testid="share-link-password" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="allowDetails" valuePropName="checked" noStyle>
            <Checkbox data-testid="share-link-details">{pl('allowDetails')}</Checkbox>
          </Form.Item>
          <Form.Item name="allowExport" valuePropName="checked" noStyle>
            <Checkbox data-testid="share-link-export">{pl('allowExport')}</Checkbox>
          </Form.Item>
          <Form.Item name="lockFilters" valuePropName="checked" noStyle>
            <Checkbox data-testid="share-link-lock">{pl('lockFilters')}</Checkbox>
          </Form.Item>
        </Space>
        <div className="bi-share-link__actions">
          <Button type="primary" htmlType="submit" icon={<LinkOutlined />} loading={create.isPending} {...testId('share-link-create')}>
            {pl('create')}
          </Button>
        </div>
      </Form>
      <Table<PublicLink>
        rowKey="id"
        size="small"
        loading={links.isPending && open}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: links.isError ? pl('loadFailed') : pl('empty') }}
        data-testid="share-link-list"
        columns={[
          {
            title: pl('columns.link'),
            key: 'link',
            render: (_, l) => (
              <Space size={4}>
                <Typography.Text code className="bi-share-link__address" data-testid="share-link-address" ellipsis={{ tooltip: linkAddress(l) }}>
                  {l.url}
                </Typography.Text>
                {l.hasPassword ? <Tag>{pl('withPassword')}</Tag> : null}
              </Space>
            ),
          },
          { title: pl('columns.status'), key: 'status', render: (_, l) => <Tag color={STATUS_COLOR[l.state]}>{pl(`status.${l.state}`)}</Tag> },
          { title: pl('columns.expiresAt'), key: 'expiresAt', render: (_, l) => formatTime(l.expiresAt) },
          { title: pl('columns.lastOpened'), key: 'lastOpened', render: (_, l) => (l.lastOpenedAt ? formatTime(l.lastOpenedAt) : pl('never')) },
          {
            title: pl('columns.actions'),
            key: 'actions',
            render: (_, l) =>
              l.state === 'live' ? (
                <Space size={0}>
                  <Tooltip title={pl('copy')}>
                    <Button type="text" size="small" icon={<CopyOutlined />} aria-label={pl('copy')} onClick={() => void copy(l)} {...testId('share-link-copy')} />
                  </Tooltip>
                  <Tooltip title={pl('rotate')}>
                    <Button type="text" size="small" icon={<SyncOutlined />} aria-label={pl('rotate')} onClick={() => rotate.mutate(l)} {...testId('share-link-rotate')} />
                  </Tooltip>
                  <Tooltip title={pl('revoke')}>
                    <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={pl('revoke')} onClick={() => confirmRevoke(l)} {...testId('share-link-revoke')} />
                  </Tooltip>
                </Space>
              ) : null,
          },
        ]}
      />
      </div>
    </Modal>
  );
}
