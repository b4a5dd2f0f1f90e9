import { BellOutlined } from '@ant-design/icons';
import { Alert, App, Badge, Button, Empty, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMarkRead, useWarnMessages, useWarnStream } from '../hooks/useWarnMessages';
import { useWarnTranslation } from '../i18n';
import { messageRoute, newestFirst, showBell, unreadCount, warnTime } from '../states/bell';
import '../warnings.css';

export const WARNINGS_PAGE_PATH = '/warnings';

/**
 * The header's unread-warning bell (spec 02 §2 screen 12): the unread count, a popover of the newest
 * messages (a click marks it read and opens its dashboard), mark-all-read and view-all. Shown for
 * enterprise type 3 (BI_ENTERPRISE_TYPE); reloaded every 300000 ms and at once on a new message.
 */
export function WarningBell() {
  const { wt } = useWarnTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const messages = useWarnMessages();
  const shown = showBell(messages.data);
  useWarnStream(shown);
  const { one, all } = useMarkRead();
  if (!shown) return null;
  const page = messages.data!;
  const unread = unreadCount(page);

  const openMessage = async (id: string, fallbackType: string | undefined, dashboardId: string) => {
    try {
      const route = await one.mutateAsync(id);
      setOpen(false);
      navigate(messageRoute(route.type || fallbackType, route.dashboardId || dashboardId));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : wt('bell.failed'));
    }
  };

  const content = (
    <div className="bi-bell-popover" data-testid="bell-popover">
      <div className="bi-bell-popover__head">
        <Typography.Text strong>{wt('bell.label')}</Typography.Text>
        <Typography.Text type="secondary" data-testid="bell-unread-text">
          {wt('bell.unread', { count: unread })}
        </Typography.Text>
      </div>
      {messages.isError ? (
        <Alert
          type="error"
          showIcon
          title={wt('bell.failed')}
          action={
            <Button size="small" onClick={() => void messages.refetch()}>
              {wt('bell.retry')}
            </Button>
          }
        />
      ) : page.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={wt('bell.empty')} data-testid="bell-empty" />
      ) : (
        <Spin spinning={one.isPending || all.isPending}>
          <ul className="bi-bell-popover__list">
            {newestFirst(page.list).map((m) => (
              <li key={m.warnMessageId}>
                <button
                  type="button"
                  className={['bi-bell-popover__item', m.isRead ? '' : 'is-unread'].join(' ')}
                  data-testid="bell-message"
                  data-read={m.isRead ? 'true' : 'false'}
                  title={wt('bell.open')}
                  onClick={() => void openMessage(m.warnMessageId, m.type, m.dashboardId)}
                >
                  <span className="bi-bell-popover__text">
                    {m.isRead ? null : <Badge status="processing" />} {m.message}
                  </span>
                  <span className="bi-bell-popover__time" data-testid="bell-message-time">
                    {warnTime(m.createDate)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Spin>
      )}
      <div className="bi-bell-popover__foot">
        <Button size="small" disabled={unread === 0} loading={all.isPending} onClick={() => all.mutate()} data-testid="bell-mark-all">
          {wt('bell.markAllRead')}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            setOpen(false);
            navigate(WARNINGS_PAGE_PATH);
          }}
          data-testid="bell-view-all"
        >
          {wt('bell.viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <span className="bi-bell">
      <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
        <Badge count={unread} size="small" overflowCount={99} data-testid="bell-badge">
          <Button type="text" className="bi-bell__button" icon={<BellOutlined />} aria-label={`${wt('bell.label')} (${wt('bell.unread', { count: unread })})`} data-testid="bell" data-unread={unread} />
        </Badge>
      </Popover>
    </span>
  );
}
