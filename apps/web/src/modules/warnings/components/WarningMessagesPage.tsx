import { App, Badge, Button, Empty, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WarnMessage } from '../api/messages';
import { useMarkRead, useWarnMessages } from '../hooks/useWarnMessages';
import { useWarnTranslation } from '../i18n';
import { messageRoute, unreadCount, warnTime } from '../states/bell';
import '../warnings.css';

const PAGE_SIZE = 20;

/** The bell's "view all" (beyond the spec's popover): every message of the caller, paged, newest first; all or unread only. */
export function WarningMessagesPage() {
  const { wt } = useWarnTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const messages = useWarnMessages({ page, pageSize: PAGE_SIZE, unread: unreadOnly });
  const { one, all } = useMarkRead();
  const data = messages.data;

  const open = async (m: WarnMessage) => {
    try {
      const route = await one.mutateAsync(m.warnMessageId);
      navigate(messageRoute(route.type || m.type, route.dashboardId || m.dashboardId));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : wt('bell.failed'));
    }
  };

  return (
    <section className="bi-page bi-warnings-page" data-testid="page-warnings" aria-label={wt('page.title')}>
      <div className="bi-warnings-page__head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {wt('page.title')}
        </Typography.Title>
        <span>
          <Segmented
            value={unreadOnly ? 'unread' : 'all'}
            options={[
              { value: 'all', label: wt('page.all') },
              { value: 'unread', label: wt('page.unreadOnly') },
            ]}
            onChange={(v) => {
              setUnreadOnly(v === 'unread');
              setPage(1);
            }}
            data-testid="warnings-filter"
          />{' '}
          <Button disabled={unreadCount(data) === 0} loading={all.isPending} onClick={() => all.mutate()} data-testid="warnings-mark-all">
            {wt('bell.markAllRead')}
          </Button>
        </span>
      </div>
      <Table<WarnMessage>
        size="middle"
        rowKey="warnMessageId"
        loading={messages.isFetching && !data}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.isError ? wt('bell.failed') : wt('page.empty')} /> }}
        onRow={(m) => ({ 'data-testid': 'warnings-row', 'data-read': m.isRead ? 'true' : 'false' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => wt('page.total', { total }),
          onChange: setPage,
        }}
        columns={[
          { key: 'time', title: wt('page.time'), width: 180, render: (_, m) => <span data-testid="warnings-time">{warnTime(m.createDate)}</span> },
          {
            key: 'message',
            title: wt('page.message'),
            render: (_, m) => (
              <Typography.Text strong={!m.isRead} className="bi-bell-popover__text">
                {m.message}
              </Typography.Text>
            ),
          },
          {
            key: 'state',
            title: wt('page.state'),
            width: 100,
            render: (_, m) => (m.isRead ? <Badge status="default" text={wt('page.read')} /> : <Badge status="processing" text={wt('page.unreadState')} />),
          },
          {
            key: 'channels',
            title: wt('page.channels'),
            width: 160,
            render: (_, m) => (
              <>
                {m.isSendMail ? <Tag>{wt('page.mail')}</Tag> : null}
                {m.isSendWechat ? <Tag>{wt('page.webhook')}</Tag> : null}
              </>
            ),
          },
          {
            key: 'open',
            title: '',
            width: 90,
            render: (_, m) => (
              <Button type="link" size="small" onClick={() => void open(m)} data-testid="warnings-open">
                {wt('page.open')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
