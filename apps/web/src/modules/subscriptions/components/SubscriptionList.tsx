import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { subscriptionApi, type Subscription, type SubscriptionRun } from '../api/subscriptions';
import { useSubTranslation } from '../i18n';
import { SubscriptionDialog } from './SubscriptionDialog';

const STATE_COLORS: Record<string, string> = { sent: 'success', partly_sent: 'warning', failed: 'error', running: 'processing', delivering: 'processing', scheduled: 'default', skipped: 'default' };
const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm of an instant on the reader's clock. */
const localMinute = (at: string) => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A schedule as a sentence in the reader's language, with its time zone. */
export function useScheduleText() {
  const { st } = useSubTranslation();
  return (s: Subscription) => {
    const { schedule: x } = s;
    const time = `${pad(x.hour)}:${pad(x.minute)}`;
    const text =
      x.frequency === 'hourly'
        ? st('scheduleText.hourly', { minute: pad(x.minute) })
        : x.frequency === 'daily'
          ? st('scheduleText.daily', { time })
          : x.frequency === 'weekly'
            ? st('scheduleText.weekly', { time, weekday: st(`weekdays.${String(x.weekday) as '0'}`) })
            : x.frequency === 'monthly'
              ? st('scheduleText.monthly', { time, day: x.monthDay })
              : st('scheduleText.cron', { cron: x.cron ?? '' });
    return `${text} (${s.timeZone})`;
  };
}

function RunState({ state }: { state: string }) {
  const { st } = useSubTranslation();
  const label = st(`state.${state as 'sent'}`);
  return (
    <Tag color={STATE_COLORS[state] ?? 'default'} data-testid="subscription-run-state" data-state={state}>
      {label}
    </Tag>
  );
}

/** A subscription's run log: each run's window, trigger, state, attempts, and each recipient's outcome with its reason. */
function RunLog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const { st } = useSubTranslation();
  const runs = useQuery({ queryKey: ['subscriptions', 'runs', subscription.id], queryFn: ({ signal }) => subscriptionApi.runs(subscription.id, signal), refetchInterval: 5_000 });
  return (
    <Drawer open width={720} title={st('runsTitle', { name: subscription.name })} onClose={onClose} destroyOnHidden>
      <Table<SubscriptionRun>
        data-testid="subscription-runs"
        rowKey="id"
        size="small"
        loading={runs.isPending}
        dataSource={runs.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={st('never')} /> }}
        expandable={{
          // every run shows its recipients' outcomes
          expandedRowKeys: (runs.data ?? []).map((r) => r.id),
          showExpandColumn: false,
          expandedRowRender: (run) => (
            <Table
              size="small"
              rowKey={(r) => `${r.kind}:${r.recipient}`}
              pagination={false}
              dataSource={run.recipients}
              columns={[
                { title: st('recipient'), dataIndex: 'name', render: (name: string) => <Typography.Text data-testid="subscription-run-recipient">{name}</Typography.Text> },
                { title: st('status'), dataIndex: 'status', width: 110, render: (s: string) => st(`recipientStatus.${s as 'sent'}`) },
                { title: st('reason'), dataIndex: 'reason', render: (r: string) => <Typography.Text type="secondary">{r}</Typography.Text> },
              ]}
            />
          ),
        }}
        columns={[
          // a scheduled run's window is its local minute in the subscription's zone; "send now" shows when it ran (the reader's clock)
          { title: st('window'), dataIndex: 'window', render: (w: string, run) => (run.trigger === 'manual' ? localMinute(run.createdAt) : w.replace('T', ' ')) },
          { title: st('triggerTitle'), dataIndex: 'trigger', width: 90, render: (t: 'schedule' | 'manual') => st(`trigger.${t}`) },
          { title: st('status'), dataIndex: 'state', width: 130, render: (s: string) => <RunState state={s} /> },
          { title: st('attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
        ]}
      />
    </Drawer>
  );
}

/** "My subscriptions" (all: an administrator's list of every one): schedule, recipients, last run, actions. */
export function SubscriptionList({ all = false }: { all?: boolean }) {
  const { st } = useSubTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const scheduleText = useScheduleText();
  const key = ['subscriptions', all ? 'all' : 'mine'];
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => (all ? subscriptionApi.all(signal) : subscriptionApi.mine(signal)) });
  const [runsOf, setRunsOf] = useState<Subscription | undefined>();
  const [editing, setEditing] = useState<Subscription | undefined>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
  const fail = (e: unknown) => void message.error(e instanceof Error ? e.message : String(e));

  return (
    <>
      <Table<Subscription>
        data-testid={all ? 'subscriptions-all' : 'subscriptions-mine'}
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={st('empty')} /> }}
        scroll={{ x: 900 }}
        columns={[
          { title: st('name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong data-testid="subscription-row-name">{name}</Typography.Text> },
          ...(all ? [{ title: st('owner'), dataIndex: 'ownerName', width: 120 }] : []),
          { title: st('target'), dataIndex: 'chartId', width: 160, render: (chartId?: string) => (chartId ? st('oneChart') : st('wholeDashboard')) },
          { title: st('schedule'), key: 'schedule', render: (_: unknown, s) => scheduleText(s) },
          { title: st('recipients'), key: 'recipients', width: 90, align: 'right', render: (_: unknown, s) => s.recipients.length },
          { title: st('lastRun'), key: 'lastRun', width: 130, render: (_: unknown, s) => (s.lastRun ? <RunState state={s.lastRun.state} /> : <Typography.Text type="secondary">{st('never')}</Typography.Text>) },
          {
            title: st('actions'),
            key: 'actions',
            width: 300,
            render: (_: unknown, s) => (
              <Space size={0} wrap>
                <Button type="link" size="small" data-testid="subscription-runs-open" onClick={() => setRunsOf(s)}>
                  {st('runs')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  data-testid="subscription-row-send"
                  onClick={() =>
                    void subscriptionApi
                      .sendNow(s.id)
                      .then(() => {
                        void message.success(st('sent'));
                        refresh();
                      })
                      .catch(fail)
                  }
                >
                  {st('sendNow')}
                </Button>
                <Button type="link" size="small" data-testid="subscription-row-edit" onClick={() => setEditing(s)}>
                  {st('edit')}
                </Button>
                <Popconfirm
                  title={st('removeConfirm', { name: s.name })}
                  onConfirm={() =>
                    subscriptionApi
                      .remove(s.id)
                      .then(() => {
                        void message.success(st('removed'));
                        refresh();
                      })
                      .catch(fail)
                  }
                >
                  <Button type="link" size="small" danger data-testid="subscription-row-delete">
                    {st('remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {runsOf ? <RunLog subscription={runsOf} onClose={() => setRunsOf(undefined)} /> : null}
      {editing ? (
        <SubscriptionDialog
          open
          existing={editing}
          target={{ dashboardId: editing.dashboardId, ...(editing.chartId ? { chartId: editing.chartId } : {}), title: editing.name }}
          onClose={() => {
            setEditing(undefined);
            refresh();
          }}
          onSaved={refresh}
        />
      ) : null}
    </>
  );
}
