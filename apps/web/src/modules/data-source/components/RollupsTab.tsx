import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Empty, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import i18n from '../../../shared/i18n';
import { formatTime } from '../../../shared/format/time';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDsTranslation } from '../i18n';
import type { KeptRollup, RollupListing } from '../types';
import { compactCount } from '../utils/count';
import { buildSeconds, rollupShare, rollupSize } from '../utils/rollups';
import { errorText } from './common';

/** After switching on, while no rollup is listed yet (being built), the list is read again this often, for at most BUILD_WAIT_MS. */
const POLL_MS = 3000;
const BUILD_WAIT_MS = 60_000;

/** The source's kept rollups (GET rollups/{id}); `pollUntil`: read again while empty until then (a build asked for). */
export function useRollups(dataSourceId: string, pollUntil = 0) {
  return useQuery({
    queryKey: dataSourceKeys.rollups(dataSourceId),
    queryFn: ({ signal }) => dataSourceApi.rollups(dataSourceId, signal),
    refetchInterval: (q) => (q.state.data?.enabled && q.state.data.rollups.length === 0 && Date.now() < pollUntil ? POLL_MS : false),
    staleTime: 0,
  });
}

const PART_KEYS = ['sum', 'count', 'min', 'max'] as const;

/**
 * A source's kept rollups (issue 31, docs/api/data-source.md "Rollups"): one line each with what it
 * groups by, its rows (and share of the table), size, hits and last build (time, duration, data
 * version, current or stale); the per-source switch for who may edit the source; and whether
 * BI_ROLLUPS=off switched them off for the whole system.
 */
export function RollupsTab({ dataSourceId }: { dataSourceId: string }) {
  const { ds } = useDsTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [pollUntil, setPollUntil] = useState(0);
  const query = useRollups(dataSourceId, pollUntil);
  const lang = i18n.language;
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => dataSourceApi.setRollups(dataSourceId, enabled),
    onSuccess: (listing: RollupListing) => {
      queryClient.setQueryData(dataSourceKeys.rollups(dataSourceId), listing);
      if (listing.enabled) setPollUntil(Date.now() + BUILD_WAIT_MS);
      void message.success(listing.enabled ? ds('rollups.switchedOn') : ds('rollups.switchedOff'));
    },
    onError: (e) => void message.error(errorText(e)),
  });
  if (query.isPending) return <PendingSpin />;
  if (query.isError) return <Alert type="error" showIcon title={errorText(query.error)} />;
  const listing = query.data;
  const partName = (p: string) => ((PART_KEYS as readonly string[]).includes(p) ? ds(`rollups.parts.${p as (typeof PART_KEYS)[number]}`) : p);

  return (
    <section className="bi-ds-rollups" data-testid="ds-rollups" aria-label={ds('rollups.title')}>
      <Space wrap size={[12, 4]} className="bi-ds-rollups__head">
        <Space size={8}>
          <Switch
            checked={listing.enabled}
            loading={toggle.isPending}
            disabled={!listing.editable || listing.globalOff}
            onChange={(on) => toggle.mutate(on)}
            aria-label={ds('rollups.switch')}
            data-testid="ds-rollups-switch"
          />
          <Typography.Text strong>{ds('rollups.switch')}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">{ds('rollups.hint')}</Typography.Text>
      </Space>
      {listing.globalOff ? <Alert type="warning" showIcon title={ds('rollups.globalOff')} data-testid="ds-rollups-global-off" /> : null}
      {!listing.globalOff && !listing.enabled ? <Alert type="info" showIcon title={ds('rollups.offHint')} data-testid="ds-rollups-off" /> : null}
      {listing.enabled && !listing.globalOff ? (
        <Table<KeptRollup>
          size="small"
          rowKey="id"
          data-testid="ds-rollups-list"
          dataSource={listing.rollups}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ds('rollups.empty')} /> }}
          columns={[
            {
              key: 'grouping',
              title: ds('rollups.grouping'),
              render: (_v, r) => (
                <div className="bi-ds-rollups__grouping">
                  <Space size={[4, 4]} wrap>
                    {r.dimensions.map((d) => (
                      <Tag key={d.name} color={d.grain ? 'blue' : undefined}>
                        {d.grain ? ds('rollups.byDay', { field: d.title }) : d.title}
                      </Tag>
                    ))}
                  </Space>
                  <Typography.Text type="secondary" className="bi-ds-rollups__measures">
                    {ds('rollups.measuresOf', { list: r.measures.map((m) => ds('rollups.measure', { field: m.title, parts: m.parts.map(partName).join(ds('rollups.listSep')) })).join(ds('rollups.measureSep')) })}
                  </Typography.Text>
                </div>
              ),
            },
            {
              key: 'rows',
              title: ds('rollups.rows'),
              width: 220,
              render: (_v, r) => <span data-testid="ds-rollup-rows">{ds('rollups.rowsOf', { rows: compactCount(r.rows, lang), percent: rollupShare(r.rows, r.tableRows, lang) })}</span>,
            },
            { key: 'size', title: ds('rollups.size'), width: 100, render: (_v, r) => <span data-testid="ds-rollup-size">{rollupSize(r.sizeBytes, lang)}</span> },
            {
              key: 'hits',
              title: ds('rollups.hits'),
              width: 190,
              render: (_v, r) => (
                <div className="bi-ds-rollups__cell">
                  <span data-testid="ds-rollup-hits">{ds('rollups.hitCount', { hits: compactCount(r.hits, lang) })}</span>
                  {r.lastHitAt ? <Typography.Text type="secondary">{ds('rollups.lastHit', { time: formatTime(r.lastHitAt) })}</Typography.Text> : null}
                </div>
              ),
            },
            {
              key: 'build',
              title: ds('rollups.lastBuild'),
              width: 310,
              render: (_v, r) => (
                <div className="bi-ds-rollups__cell">
                  <span>{ds('rollups.built', { time: formatTime(r.builtAt), seconds: buildSeconds(r.buildMs, lang) })}</span>
                  <Space size={6}>
                    <Typography.Text type="secondary">{ds('rollups.version', { version: r.dataVersion })}</Typography.Text>
                    {r.current ? (
                      <Tag color="success" data-testid="ds-rollup-state" data-state="current">
                        {ds('rollups.current')}
                      </Tag>
                    ) : (
                      <Tooltip title={ds('rollups.staleHint')}>
                        <Tag color="warning" data-testid="ds-rollup-state" data-state="stale">
                          {ds('rollups.stale')}
                        </Tag>
                      </Tooltip>
                    )}
                  </Space>
                </div>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
