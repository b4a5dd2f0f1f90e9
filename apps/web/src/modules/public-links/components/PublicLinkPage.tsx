import '../public-links.css';
import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import i18n from '../../../shared/i18n';
import { ApiError } from '../../../shared/api/http';
import { formatTime } from '../../../shared/format/time';
import { ChartRunnerContext } from '../../chart/hooks/useChartData';
import type { ChartSummary } from '../../chart/types';
import { ChartBox } from '../../dashboard/components/ChartBox';
import { DashboardGrid } from '../../dashboard/components/DashboardGrid';
import type { ChartBoxActions } from '../../dashboard/utils/permissions';
import { publicReader, type PublicView } from '../api/public-links';
import { usePlTranslation } from '../i18n';
import { browserLanguage } from '../utils/language';

/** A public reader refreshes a chart; nothing else of the box's tools (editing, alerts, copies) is theirs. */
const READER_ACTIONS: ChartBoxActions = {
  refresh: true,
  edit: false,
  fullScreen: false,
  alarm: false,
  innerFilters: false,
  delete: false,
  copy: false,
  hide: false,
  modifyDataSource: false,
  linkSettings: false,
  compareSplit: false,
  export: false,
  detailQuery: false,
};

const noLayoutChange = () => undefined;

/**
 * The page of a public link, /public/{id} (docs/api/public-links.md): outside the product's shell and
 * sign-in, in the viewer's browser language; the password form first when the link has one (Enter
 * submits; the password goes in a body, the session stays in memory); expired, revoked or unknown links
 * say so. The dashboard is drawn by the product's own grid and chart boxes, whose runs go through the
 * link (ChartRunnerContext) under the link's locked filters.
 */
export function PublicLinkPage() {
  const { publicId = '' } = useParams();
  const { pl } = usePlTranslation();
  const language = useMemo(() => browserLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])), []);
  useEffect(() => {
    // the viewer's language for this page only (not stored: a signed-in user's choice stays theirs)
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
  const reader = useMemo(() => publicReader(publicId, language), [publicId, language]);
  const [view, setView] = useState<PublicView | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const load = useCallback(() => reader.open().then(setView, (e: unknown) => setError(e instanceof ApiError ? e : new ApiError(String(e), 0))), [reader]);
  useEffect(() => void load(), [load]);

  if (error) {
    return (
      <main className="bi-public-link bi-public-link--status" data-testid="public-link-page">
        <Result status={error.httpStatus === 404 ? '404' : 'warning'} title={pl('page.gone')} subTitle={<span data-testid="public-link-error">{error.message || pl('page.failed')}</span>} />
      </main>
    );
  }
  if (!view) {
    return (
      <main className="bi-public-link bi-public-link--status" data-testid="public-link-page">
        <Spin />
      </main>
    );
  }
  if (view.needsPassword) return <PasswordForm unlock={async (password) => (await reader.unlock(password), await load())} />;

  const charts: ChartSummary[] = view.charts;
  return (
    <main className="bi-public-link" data-testid="public-link-page" data-kind={view.kind}>
      <header className="bi-public-link__header">
        <Typography.Title level={4} className="bi-public-link__title" data-testid="public-link-title">
          {view.kind === 'chart' ? (charts[0]?.title ?? view.dashboard.name) : view.dashboard.name}
        </Typography.Title>
        <Typography.Text type="secondary">{pl('page.sharedBy', { name: view.creatorName, date: formatTime(view.expiresAt) })}</Typography.Text>
      </header>
      {view.filters.length > 0 ? (
        <div className="bi-public-link__filters" data-testid="public-link-filters">
          <Typography.Text type="secondary">{view.filtersEditable ? null : <LockOutlined aria-hidden="true" />} {pl('page.lockedFilters')}</Typography.Text>
          {view.filters.map((f) => (
            <Tag key={String(f.name)}>
              {String(f.title ?? f.name)}: {(f.range ?? []).map(String).join(', ')}
            </Tag>
          ))}
        </div>
      ) : null}
      <ChartRunnerContext.Provider value={reader.run}>
        <DashboardGrid
          aspects={view.dashboard.aspects}
          charts={charts}
          editable={false}
          onLayoutStop={noLayoutChange}
          renderBox={(chart) => <ChartBox tab="dashboard" chart={chart} actions={READER_ACTIONS} variant="grid" refreshKey={0} filters={{ globalFilters: view.filters }} />}
        />
      </ChartRunnerContext.Provider>
    </main>
  );
}

/** The link's password: a form whose Enter submits; a wrong one or too many say so below the field. */
function PasswordForm({ unlock }: { unlock: (password: string) => Promise<void> }) {
  const { pl } = usePlTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  return (
    <main className="bi-public-link bi-public-link--status" data-testid="public-link-page">
      <Form
        form={form}
        layout="vertical"
        className="bi-public-link__password"
        data-testid="public-link-password-form"
        onFinish={async ({ password }) => {
          setBusy(true);
          setProblem('');
          try {
            await unlock(password);
          } catch (e) {
            setProblem(e instanceof Error ? e.message : pl('page.failed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Typography.Title level={4}>
          <LockOutlined aria-hidden="true" /> {pl('page.passwordTitle')}
        </Typography.Title>
        <Form.Item name="password" label={pl('page.passwordLabel')} rules={[{ required: true, message: pl('page.passwordLabel') }]} validateStatus={problem ? 'error' : undefined} help={problem ? <span data-testid="public-link-password-error">{problem}</span> : undefined}>
          <Input.Password autoFocus autoComplete="current-password" data-testid="public-link-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block data-testid="public-link-open">
          {pl('page.open')}
        </Button>
      </Form>
    </main>
  );
}
