import {
  DownloadOutlined,
  EyeInvisibleOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FilterOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
  PlusOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { AUTO_REFRESH_MINUTES } from '@bi/rules';
import { Button, Dropdown, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FullScreenView } from '../utils/fullscreen';
import type { DashboardToolbarActions } from '../utils/permissions';

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
  onToggleFullScreen: () => void;
  onToggleLock: () => void;
  onRefreshMinutes: (minutes: number) => void;
}

/** Toolbar of the dashboard page (spec 01 §2). */
export function DashboardToolbar(props: DashboardToolbarProps) {
  const { t } = useTranslation();
  const { actions, fullScreen, locked, exporting } = props;

  return (
    <Space wrap className="bi-dashboard__toolbar" role="toolbar" aria-label={t('dashboard.toolbar.label')} data-export-ignore="true">
      {actions.addChart ? (
        <Button icon={<PlusOutlined />} data-testid="toolbar-add-chart" onClick={props.onAddChart}>
          {t('dashboard.toolbar.addChart')}
        </Button>
      ) : null}
      {actions.export ? (
        <Dropdown
          trigger={['click']}
          destroyOnHidden
          disabled={exporting}
          menu={{
            items: [
              { key: 'png', icon: <FileImageOutlined />, label: <span data-testid="export-png">{t('dashboard.toolbar.exportPng')}</span> },
              { key: 'pdf', icon: <FilePdfOutlined />, label: <span data-testid="export-pdf">{t('dashboard.toolbar.exportPdf')}</span> },
            ],
            onClick: ({ key }) => props.onExport(key === 'pdf' ? 'pdf' : 'png'),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={exporting} data-testid="toolbar-export">
            {exporting ? t('dashboard.toolbar.exporting') : t('dashboard.toolbar.export')}
          </Button>
        </Dropdown>
      ) : null}
      {actions.globalFilter ? (
        <Tooltip title={t('dashboard.toolbar.comingWithFilters')}>
          <Button icon={<FilterOutlined />} disabled data-testid="toolbar-global-filter">
            {t('dashboard.toolbar.globalFilter')}
          </Button>
        </Tooltip>
      ) : null}
      {actions.hideCharts ? (
        <Button icon={<EyeInvisibleOutlined />} data-testid="toolbar-hide-charts" onClick={props.onHideCharts}>
          {t('dashboard.toolbar.hideCharts')}
        </Button>
      ) : null}
      {actions.carousel ? (
        <Segmented<FullScreenView>
          aria-label={t('dashboard.fullScreenView')}
          data-testid="fullscreen-view"
          value={props.fullView}
          onChange={props.onFullView}
          options={[
            { value: 'grid', label: <span data-testid="fullscreen-view-grid">{t('dashboard.fullScreenGrid')}</span> },
            { value: 'carousel', label: <span data-testid="fullscreen-view-carousel">{t('dashboard.fullScreenCarousel')}</span> },
          ]}
        />
      ) : null}
      {actions.refreshSettings ? (
        <Space size={4}>
          <Typography.Text type="secondary">{t('dashboard.toolbar.refreshInterval')}</Typography.Text>
          <Select
            data-testid="refresh-interval"
            aria-label={t('dashboard.toolbar.refreshInterval')}
            value={props.refreshMinutes}
            onChange={props.onRefreshMinutes}
            style={{ width: 110 }}
            options={AUTO_REFRESH_MINUTES.map((minutes) => ({
              value: minutes,
              label: t('dashboard.toolbar.minutes', { count: minutes }),
              'data-testid': `refresh-option-${minutes}`,
            }))}
          />
        </Space>
      ) : null}
      {actions.fullScreen ? (
        <Button
          icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          title={fullScreen ? t('dashboard.escToLeave') : undefined}
          aria-pressed={fullScreen}
          data-testid="toolbar-fullscreen"
          onClick={props.onToggleFullScreen}
        >
          {fullScreen ? t('dashboard.toolbar.exitFullScreen') : t('dashboard.toolbar.fullScreen')}
        </Button>
      ) : null}
      {actions.lock ? (
        <Tooltip title={locked ? t('dashboard.toolbar.locked') : t('dashboard.toolbar.unlocked')}>
          <Button
            icon={locked ? <LockOutlined /> : <UnlockOutlined />}
            type={locked ? 'default' : 'primary'}
            ghost={!locked}
            aria-pressed={locked}
            aria-label={locked ? t('dashboard.toolbar.locked') : t('dashboard.toolbar.unlocked')}
            disabled={!props.canToggleLock}
            data-testid="toolbar-lock"
            onClick={props.onToggleLock}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}
