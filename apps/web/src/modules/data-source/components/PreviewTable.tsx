import { Alert, Empty, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useDsTranslation } from '../i18n';
import type { CellValue, Preview, Row } from '../types';
import { PendingSpin } from '../../../shared/components/PendingSpin';

interface PreviewTableProps {
  preview: Preview;
  /** Height of the scrolling body. */
  maxHeight?: number;
  testId?: string;
  /** Row checkboxes; rows keyed by the text of their `rowKey` column (e.g. key_id of an uploaded source). */
  selection?: { rowKey: string; selectedKeys: readonly string[]; onChange: (keys: string[]) => void };
  /** Columns not shown (the key_id of an uploaded source: it still keys the selection) */
  hideColumn?: (name: string) => boolean;
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/** Rows of a preview in a table: header = field titles, horizontal scroll, a fixed body height (spec 02 §2). */
export function PreviewTable({ preview, maxHeight = 480, testId = 'ds-preview-table', selection, hideColumn }: PreviewTableProps) {
  const { ds, i18n } = useDsTranslation();
  const columns = useMemo<ColumnsType<Row & { __key: number }>>(
    () =>
      preview.columns.filter((column) => !hideColumn?.(column.name)).map((column) => ({
        key: column.name,
        dataIndex: column.name,
        title: (
          <span data-testid={`preview-header-${column.name}`} title={column.name}>
            {column.title || column.name}
          </span>
        ),
        ellipsis: true,
        width: Math.min(320, Math.max(110, (column.title || column.name).length * 14 + 32)),
        align: column.dataType === 'number' ? ('right' as const) : undefined,
        render: (value: CellValue) =>
          value === null ? (
            <Typography.Text type="secondary" italic>
              null
            </Typography.Text>
          ) : (
            cellText(value)
          ),
      })),
    [preview.columns, hideColumn],
  );
  const rows = useMemo(() => preview.rows.map((row, index) => ({ ...row, __key: index })), [preview.rows]);
  // the source's real row count when the server counted it, else the rows shown
  const number = (n: number) => n.toLocaleString(i18n.language);
  const totalText =
    preview.totalRows !== undefined && preview.totalRows > rows.length
      ? ds('preview.rowsOfTotal', { total: number(preview.totalRows), count: number(rows.length) })
      : ds('preview.rows', { count: number(preview.totalRows ?? rows.length) });

  return (
    <div className="bi-ds-preview" data-testid={testId} data-rows={rows.length} data-total-rows={preview.totalRows ?? ''}>
      <Table
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        rowKey={selection ? (row) => String((row as Row)[selection.rowKey]) : '__key'}
        rowSelection={
          selection
            ? {
                selectedRowKeys: [...selection.selectedKeys],
                onChange: (keys) => selection.onChange(keys.map(String)),
              }
            : undefined
        }
        scroll={{ x: 'max-content', y: maxHeight }}
        pagination={rows.length > 100 ? { pageSize: 100, showSizeChanger: false, showTotal: () => <span data-testid="ds-preview-total">{totalText}</span> } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="ds-preview-empty">{ds('preview.noData')}</span>} /> }}
      />
      {rows.length > 0 && rows.length <= 100 ? (
        <Typography.Text type="secondary" data-testid="ds-preview-total">
          {totalText}
        </Typography.Text>
      ) : null}
      {preview.truncated ? (
        <Typography.Text type="secondary" data-testid="ds-preview-truncated">
          {ds('preview.truncated', { count: preview.rows.length })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

interface ProbePreviewProps {
  /** the probe is running */
  pending: boolean;
  /** the probe's error text (the user's language) */
  error?: string | null;
  preview?: Preview | null;
  /** shown before there is a preview */
  emptyText?: ReactNode;
}

/** The preview pane of a probe: a spinner while it runs, its error, its rows, or an empty state. */
export function ProbePreview({ pending, error, preview, emptyText }: ProbePreviewProps) {
  if (pending) {
    return <PendingSpin />;
  }
  if (error) return <Alert type="error" showIcon title={<span data-testid="preview-error">{error}</span>} />;
  if (preview) return <PreviewTable preview={preview} maxHeight={360} />;
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
}
