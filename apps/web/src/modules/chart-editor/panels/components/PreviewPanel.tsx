import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { PREVIEW_ROWS, useSourcePreview, type CellValue } from '../api/panels';
import { usePanelsTranslation } from '../i18n';
import { errorText, Note, Problem, type PanelProps } from './common';

/** The maximum height of the preview table body (spec 01 §2). */
export const PREVIEW_MAX_HEIGHT = 320;

const cellText = (value: CellValue): string => (value === null || value === undefined ? '' : typeof value === 'boolean' ? String(value) : String(value));

/** The first rows of the chart's data source (GET /api/data_source/topds/{id}/100). */
export function PreviewPanel({ chart }: PanelProps) {
  const { pt } = usePanelsTranslation();
  if (!chart.dataSourceId) return <Note testId="preview-no-source">{pt('preview.noSource')}</Note>;
  return <PreviewTable dataSourceId={chart.dataSourceId} />;
}

function PreviewTable({ dataSourceId }: { dataSourceId: string }) {
  const { pt } = usePanelsTranslation();
  const preview = useSourcePreview(dataSourceId);
  const rows = useMemo(() => (preview.data?.rows ?? []).map((row, i) => ({ ...row, __key: i })), [preview.data]);
  const columns = useMemo<ColumnsType<Record<string, CellValue> & { __key: number }>>(
    () =>
      (preview.data?.columns ?? []).map((c) => ({
        key: c.name,
        dataIndex: c.name,
        title: <span title={c.name}>{c.title || c.name}</span>,
        ellipsis: true,
        width: Math.min(240, Math.max(90, (c.title || c.name).length * 14 + 24)),
        align: c.dataType === 'number' ? ('right' as const) : undefined,
        render: (value: CellValue) => cellText(value),
      })),
    [preview.data],
  );

  return (
    <div data-testid="preview" data-rows={rows.length} data-state={preview.isLoading ? 'loading' : preview.isError ? 'error' : 'ready'}>
      <div className="bi-panels__group-head">
        <Typography.Text type="secondary">{pt('preview.rows', { count: PREVIEW_ROWS })}</Typography.Text>
        <Button size="small" type="text" icon={<ReloadOutlined />} aria-label={pt('preview.refresh')} onClick={() => void preview.refetch()} loading={preview.isFetching} data-testid="preview-refresh" />
      </div>
      {preview.isError ? (
        <Problem text={`${pt('preview.loadFailed')}: ${errorText(preview.error)}`} testId="preview-error" />
      ) : (
        <Table
          size="small"
          bordered
          loading={preview.isLoading}
          columns={columns}
          dataSource={rows}
          rowKey="__key"
          pagination={false}
          scroll={{ x: 'max-content', y: PREVIEW_MAX_HEIGHT }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="preview-empty">{pt('preview.noData')}</span>} /> }}
          data-testid="preview-table"
        />
      )}
      {preview.data?.truncated ? <Note testId="preview-truncated">{pt('preview.truncated', { count: rows.length })}</Note> : null}
    </div>
  );
}
