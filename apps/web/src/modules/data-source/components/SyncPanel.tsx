import { SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import i18n from '../../../shared/i18n';
import { formatTime } from '../../../shared/format/time';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDsTranslation } from '../i18n';
import type { SyncRun } from '../types';
import { compactCount } from '../utils/count';
import { cacheLabel, errorText } from './common';

/** While a sync runs, its status is read again this often. */
const POLL_MS = 1500;
const OPEN: SyncRun['state'][] = ['queued', 'running'];
const STATE_COLOR: Record<SyncRun['state'], string> = { queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', timed_out: 'warning' };

const rowCount = (rows: number) => compactCount(rows, i18n.language);

/**
 * A synced source's sync on its detail page (issue 29, docs/api/data-source.md "Synced copies"): the
 * last sync's state, time, rows, duration and failure, how often it runs, and "Refresh now" (for who
 * may change the source) with its progress. Shown for a syncable source, or one with syncs recorded.
 */
export function SyncPanel({ dataSourceId, canRefresh }: { dataSourceId: string; canRefresh: boolean }) {
  const { ds } = useDsTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: dataSourceKeys.sync(dataSourceId),
    queryFn: ({ signal }) => dataSourceApi.syncStatus(dataSourceId, signal),
    refetchInterval: (q) => (q.state.data?.runs[0] && OPEN.includes(q.state.data.runs[0].state) ? POLL_MS : false),
    staleTime: 0,
  });
  const refresh = useMutation({
    mutationFn: () => dataSourceApi.refreshNow(dataSourceId),
    onSuccess: () => {
      void message.info(ds('sync.started'));
      void queryClient.invalidateQueries({ queryKey: dataSourceKeys.sync(dataSourceId) });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const last = status.data?.runs[0];
  const running = !!last && OPEN.includes(last.state);

  // a sync that was running and has ended: the page's data (preview, history) is read again, and the outcome said
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) {
      wasRunning.current = true;
      return;
    }
    if (!wasRunning.current || !last) return;
    wasRunning.current = false;
    void queryClient.invalidateQueries({ queryKey: dataSourceKeys.ofSource(dataSourceId) });
    if (last.state === 'succeeded') void message.success(ds('sync.done', { rows: rowCount(last.rows ?? 0) }));
    else void message.error(last.error ?? ds('sync.failed'));
  }, [running, last, dataSourceId, queryClient, message, ds]);

  if (!status.data || (!status.data.syncable && status.data.runs.length === 0)) return null;
  const { cacheInterval } = status.data;

  return (
    <section className="bi-ds-sync" data-testid="ds-sync" aria-label={ds('sync.title')}>
      <Space wrap size={[12, 4]} className="bi-ds-sync__line">
        <Typography.Text strong>{ds('sync.last')}</Typography.Text>
        {last ? (
          <>
            <Tag color={STATE_COLOR[last.state]} icon={running ? <SyncOutlined spin /> : undefined} data-testid="ds-sync-state" data-state={last.state}>
              {ds(`sync.state.${last.state}`)}
            </Tag>
            <Typography.Text type="secondary" data-testid="ds-sync-time">
              {formatTime(last.finishedAt ?? last.startedAt ?? last.queuedAt)}
            </Typography.Text>
            {last.rows !== null && last.state === 'succeeded' ? <Typography.Text data-testid="ds-sync-rows">{ds('sync.rows', { rows: rowCount(last.rows) })}</Typography.Text> : null}
            {last.durationMs !== null && !running ? <Typography.Text type="secondary">{ds('sync.seconds', { seconds: (last.durationMs / 1000).toFixed(1) })}</Typography.Text> : null}
            <Typography.Text type="secondary">{last.trigger === 'manual' ? ds('sync.trigger.manual', { user: last.requestedBy }) : ds('sync.trigger.schedule')}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary" data-testid="ds-sync-never">
            {ds('sync.never')}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">{cacheInterval ? ds('sync.every', { interval: cacheLabel(ds, cacheInterval) }) : ds('sync.onDemand')}</Typography.Text>
        {canRefresh && status.data.syncable ? (
          <Button size="small" icon={<SyncOutlined spin={running} />} loading={refresh.isPending} disabled={running} onClick={() => refresh.mutate()} data-testid="ds-sync-refresh">
            {ds('sync.refresh')}
          </Button>
        ) : null}
      </Space>
      {last && (last.state === 'failed' || last.state === 'timed_out') ? (
        <Alert className="bi-ds-sync__error" type="error" showIcon title={last.error ?? ds('sync.failed')} data-testid="ds-sync-error" />
      ) : null}
    </section>
  );
}
