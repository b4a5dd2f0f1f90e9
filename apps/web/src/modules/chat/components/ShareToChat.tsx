import { ShareAltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { browserStorages } from '../../../shared/storage/keys';
import { readTheme } from '../../../shared/storage/theme';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import type { ChartSummary, RunFilters } from '../../chart/types';
import type { BoxExtension } from '../../dashboard/components/DashboardView';
import type { TabType } from '../../dashboard/types';
import { ROBOT_BOUNDS, robotKeys, robotsApi } from '../api/robots';
import { useChatTranslation } from '../i18n';

interface Sharing {
  chart: ChartSummary;
  filters?: RunFilters;
}

/**
 * The chart box's "share to chat" entry (spec 01 §7 wechart): a dialog — robot, remark (≤ 500
 * characters) — that sends the chart under the viewer's current filters, drawn in their current app theme, to the robot's group, answering
 * '分享成功！'; with no robot configured it says so instead of offering an empty choice. The app hands it
 * to DashboardPage as part of its `useBoxExtension` (the dashboard module imports no chat code).
 */
export function useShareToChatEntry(tab: TabType): BoxExtension {
  const { ct } = useChatTranslation();
  const [sharing, setSharing] = useState<Sharing | null>(null);
  return {
    menuOf: (chart, filters) => [{ key: 'share-to-chat', testId: 'menu-share-chat', label: ct('share.menu'), onClick: () => setSharing({ chart, ...(filters ? { filters } : {}) }) }],
    dialogs: sharing ? <ShareToChatDialog tab={tab} chart={sharing.chart} filters={sharing.filters} onClose={() => setSharing(null)} /> : null,
  };
}

function ShareToChatDialog({ tab, chart, filters, onClose }: { tab: TabType; chart: ChartSummary; filters?: RunFilters; onClose: () => void }) {
  const { ct, t } = useChatTranslation();
  const { message } = App.useApp();
  const robots = useQuery({ queryKey: robotKeys.choices, queryFn: robotsApi.choices, staleTime: 0 });
  const [form] = Form.useForm<{ robotId: string; remark: string }>();
  const { pending, run } = useSubmit();
  const none = robots.isSuccess && robots.data.length === 0;
  const submit = () =>
    run(async () => {
      let values: { robotId: string; remark: string };
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      const box = document.querySelector<HTMLElement>(`[data-chart-id="${CSS.escape(chart.chartId)}"]`);
      const size = box ? { width: clamp(box.clientWidth, 200, 2000), height: clamp(box.clientHeight, 150, 2000) } : {};
      try {
        const done = await robotsApi.share(tab, chart.chartId, {
          robotId: values.robotId,
          remark: (values.remark ?? '').trim(),
          innerFilters: filters?.innerFilters ?? [],
          globalFilters: filters?.globalFilters ?? [],
          ...size,
          // the picture is drawn in the sender's current app theme
          theme: readTheme(browserStorages().local),
        });
        void message.success(<span data-testid="share-chat-done">{done}</span>);
        onClose();
      } catch (error) {
        void message.error(error instanceof Error && error.message ? error.message : ct('share.failed'));
      }
    });
  return (
    <DialogModal
      open
      title={
        <span className="bi-chat__title">
          <ShareAltOutlined aria-hidden="true" /> {ct('share.title', { title: chart.title })}
        </span>
      }
      onOk={() => void submit()}
      onCancel={onClose}
      okText={ct('share.send')}
      cancelText={ct('share.cancel')}
      okButtonProps={{ disabled: none || robots.isPending, 'data-testid': 'share-chat-send' } as never}
      confirmLoading={pending}
      width={520}
    >
      <div data-testid="share-chat-dialog">
      {none ? (
        <Alert type="info" showIcon title={<span data-testid="share-chat-none">{ct('share.none')}</span>} />
      ) : (
        <Form form={form} layout="vertical" data-testid="share-chat-form" initialValues={{ remark: '' }}>
          <Form.Item name="robotId" label={ct('share.robot')} rules={[{ required: true, message: ct('share.robotRequired') }]}>
            <Select
              data-testid="share-chat-robot"
              loading={robots.isPending}
              placeholder={ct('share.robotPlaceholder')}
              options={(robots.data ?? []).map((r) => ({ value: r.id, label: `${r.name} · ${ct(`vendors.${r.vendor}`)}`, 'data-testid': `share-chat-robot-${r.name}` }))}
            />
          </Form.Item>
          <Form.Item name="remark" label={ct('share.remark')}>
            <Input.TextArea data-testid="share-chat-remark" rows={4} maxLength={ROBOT_BOUNDS.remark} showCount placeholder={ct('share.remarkPlaceholder', { max: ROBOT_BOUNDS.remark })} />
          </Form.Item>
          <Typography.Text type="secondary">{ct('share.hint')}</Typography.Text>
        </Form>
      )}
      {robots.isError ? <Alert type="error" showIcon title={robots.error.message || t('errors.operationFailed')} /> : null}
      </div>
    </DialogModal>
  );
}

const clamp = (n: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, n)));
