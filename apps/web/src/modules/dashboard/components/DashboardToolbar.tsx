import {
  DownloadOutlined,
  EyeInvisibleOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FilterOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  DeleteOutlined,
  HistoryOutlined,
  LockOutlined,
  MailOutlined,
  MoreOutlined,
  PlusOutlined,
  ShareAltOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { AUTO_REFRESH_MINUTES } from '@bi/rules';
import { Button, Dropdown, Segmented, Select, Space, Tooltip, Typography, type MenuProps } from 'antd';
import type { FullScreenView } from '../utils/fullscreen';
import type { DashboardToolbarActions } from '../utils/permissions';
import { useDbTranslation } from '../i18n';

interface DashboardToolbarProps {
  actions: DashboardToolbarActions;
  fullScreen: boolean;
  locked: boolean;
  canToggleLock: boolean;
  exporting: boolean;
  refreshMinutes: number;
  /** full screen: the whole dashboard or one chart at a time */
  fullView: FullScreenView;
  onFullView: (view: FullScreenView) => void;
  onAddChart: () => void;
  onExport: (kind: 'png' | 'pdf') => void;
  onHideCharts: () => void;
  /** opens the global filter settings (editAuth) */
  onGlobalFilter: () => void;
  onToggleFullScreen: () => void;
  onToggleLock: () => void;
  onRefreshMinutes: (minutes: number) => void;
  /** "Subscribe" (report subscriptions; the dashboard tab only): its label and what it opens */
  subscribe?: { label: string; onClick: () => void };
  /** "Share link" (public links; the dashboard tab only, when they are on): its label and what it opens */
  shareLink?: { label: string; onClick: () => void };
  /** "History" and "Trash" (issue 33; editors): their labels and what they open */
  history?: { label: string; onClick: () => void };
  trash?: { label: string; onClick: () => void };
}

/** Toolbar of the dashboard page (spec 01 §2): the less used actions (share link, history, trash) in its "More" menu, so it keeps one line. */
export function DashboardToolbar(props: DashboardToolbarProps) {
  const { db } = useDbTranslation();
  const { actions, fullScreen, locked, exporting } = props;
  const overflow = [
    props.shareLink ? { key: 'share-link', testId: 'toolbar-share-link', icon: <ShareAltOutlined />, ...props.shareLink } : null,
    props.history ? { key: 'history', testId: 'toolbar-history', icon: <HistoryOutlined />, ...props.history } : null,
    props.trash ? { key: 'trash', testId: 'toolbar-trash', icon: <DeleteOutlined />, ...props.trash } : null,
  ].filter((a) => a !== null);
  const moreItems: MenuProps['items'] = overflow.map((a) => ({ key: a.key, icon: a.icon, label: <span data-testid={a.testId}>{a.label}</span> }));

  return (
    <Space wrap className="bi-dashboard__toolbar" role="toolbar" aria-label={db('board.toolbar.label')} data-export-ignore="true">
      {actions.addChart ? (
        <Button icon={<PlusOutlined />} data-testid="toolbar-add-chart" onClick={props.onAddChart}>
          {db('board.toolbar.addChart')}
        </Button>
      ) : null}
      {actions.export ? (
        <Dropdown
          trigger={['click']}
          destroyOnHidden
          disabled={exporting}
          menu={{
            items: [
              { key: 'png', icon: <FileImageOutlined />, label: <span data-testid="export-png">{db('board.toolbar.exportPng')}</span> },
              { key: 'pdf', icon: <FilePdfOutlined />, label: <span data-testid="export-pdf">{db('board.toolbar.exportPdf')}</span> },
            ],
            onClick: ({ key }) => props.onExport(key === 'pdf' ? 'pdf' : 'png'),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={exporting} data-testid="toolbar-export">
            {exporting ? db('board.toolbar.exporting') : db('board.toolbar.export')}
          </Button>
        </Dropdown>
      ) : null}
      {props.subscribe ? (
        <Button icon={<MailOutlined />} data-testid="toolbar-subscribe" onClick={props.subscribe.onClick}>
          {props.subscribe.label}
        </Button>
      ) : null}
      {actions.globalFilter ? (
        <Button icon={<FilterOutlined />} data-testid="toolbar-global-filter" onClick={props.onGlobalFilter}>
          {db('board.toolbar.globalFilter')}
        </Button>
      ) : null}
      {actions.hideCharts ? (
        <Button icon={<EyeInvisibleOutlined />} data-testid="toolbar-hide-charts" onClick={props.onHideCharts}>
          {db('board.toolbar.hideCharts')}
        </Button>
      ) : null}
      {overflow.length ? (
        <Dropdown trigger={['click']} destroyOnHidden menu={{ items: moreItems, onClick: ({ key }) => overflow.find((a) => a.key === key)?.onClick() }}>
          <Button icon={<MoreOutlined />} data-testid="toolbar-more">
            {db('board.toolbar.more')}
          </Button>
        </Dropdown>
      ) : null}
      {actions.carousel ? (
        <Segmented<FullScreenView>
          aria-label={db('board.fullScreenView')}
          data-testid="fullscreen-view"
          value={props.fullView}
          onChange={props.onFullView}
          options={[
            { value: 'grid', label: <span data-testid="fullscreen-view-grid">{db('board.fullScreenGrid')}</span> },
            { value: 'carousel', label: <span data-testid="fullscreen-view-carousel">{db('board.fullScreenCarousel')}</span> },
          ]}
        />
      ) : null}
      {actions.refreshSettings ? (
        <Space size={4}>
          <Typography.Text type="secondary">{db('board.toolbar.refreshInterval')}</Typography.Text>
          <Select
            data-testid="refresh-interval"
            aria-label={db('board.toolbar.refreshInterval')}
            value={props.refreshMinutes}
            onChange={props.onRefreshMinutes}
            style={{ width: 110 }}
            options={AUTO_REFRESH_MINUTES.map((minutes) => ({
              value: minutes,
              label: db('board.toolbar.minutes', { count: minutes }),
              'data-testid': `refresh-option-${minutes}`,
            }))}
          />
        </Space>
      ) : null}
      {actions.fullScreen ? (
        <Button
          icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          title={fullScreen ? db('board.escToLeave') : undefined}
          aria-pressed={fullScreen}
          data-testid="toolbar-fullscreen"
          onClick={props.onToggleFullScreen}
        >
          {fullScreen ? db('board.toolbar.exitFullScreen') : db('board.toolbar.fullScreen')}
        </Button>
      ) : null}
      {actions.lock ? (
        <Tooltip title={locked ? db('board.toolbar.locked') : db('board.toolbar.unlocked')}>
          <Button
            icon={locked ? <LockOutlined /> : <UnlockOutlined />}
            type={locked ? 'default' : 'primary'}
            ghost={!locked}
            aria-pressed={locked}
            aria-label={locked ? db('board.toolbar.locked') : db('board.toolbar.unlocked')}
            disabled={!props.canToggleLock}
            data-testid="toolbar-lock"
            onClick={props.onToggleLock}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}
