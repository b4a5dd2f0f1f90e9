import { Table, type TableColumnsType } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useChartViewTranslation } from '../../i18n';
import type { TableOption, TableRowOption } from '../../types';
import { adaptToAppTheme } from '../../utils/theme';
import type { RendererProps } from './common';

const DEFAULT_MAX_HEIGHT = 320;
const MIN_BODY_HEIGHT = 48;
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * table: antd Table over `option.table` — the display texts of one page of rows (the server pages:
 * another page is another run), the statistics rows (sum, avg, max, min) fixed under the rows in their
 * colour, and a body no higher than the option's maxHeight nor than the box leaves.
 */
export function TableChart({ answer, appTheme, onDone, onPageChange, paging }: RendererProps) {
  const { cv } = useChartViewTranslation();
  const option = useMemo(() => adaptToAppTheme(answer.option, answer.chart, appTheme), [answer, appTheme]);
  const table = option.table as TableOption | undefined;
  const maxHeight = typeof table?.maxHeight === 'number' && table.maxHeight > 0 ? table.maxHeight : DEFAULT_MAX_HEIGHT;
  const frameRef = useRef<HTMLDivElement>(null);
  const [bodyHeight, setBodyHeight] = useState(maxHeight);

  const columns = useMemo<TableColumnsType<TableRowOption>>(
    () =>
      (table?.columns ?? []).map((column) => ({
        key: column.key,
        dataIndex: column.dataIndex,
        title: column.title,
        align: column.align,
        width: column.width,
        ellipsis: true,
        render: (_value: unknown, row: TableRowOption) => row.cells[column.key] ?? '',
      })),
    [table],
  );

  // the body gets the height the box leaves beside header, statistics and pager (at most maxHeight)
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const measure = () => {
      const wrapper = frame.querySelector<HTMLElement>('.ant-table-wrapper');
      const body = frame.querySelector<HTMLElement>('.ant-table-body');
      if (!wrapper || !body || frame.clientHeight === 0) return;
      const overhead = wrapper.offsetHeight - body.offsetHeight;
      const next = Math.max(MIN_BODY_HEIGHT, Math.min(maxHeight, frame.clientHeight - overhead));
      setBodyHeight((current) => (Math.abs(current - next) > 1 ? next : current));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [maxHeight, table]);

  useEffect(() => {
    onDone();
  }, [answer, onDone]);

  if (!table) return null;
  const page = table.page ?? { index: 1, size: table.rows.length || 20, total: table.rows.length };
  const summary = table.summary ?? [];

  return (
    <div className="bi-chart-table" ref={frameRef} data-testid="chart-table">
      <Table<TableRowOption>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={table.rows}
        loading={paging}
        scroll={{ x: 'max-content', y: bodyHeight }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: page.total,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => cv('tableTotal', { total }),
          onChange: (index, size) => onPageChange({ index: size !== page.size ? 1 : index, size }),
        }}
        summary={
          summary.length > 0
            ? () => (
                <Table.Summary fixed>
                  {summary.map((row) => (
                    <Table.Summary.Row key={row.key} data-testid="table-summary-row">
                      {(table.columns ?? []).map((column, i) => (
                        <Table.Summary.Cell key={column.key} index={i} align={column.align}>
                          <span style={{ color: table.summaryColor }}>{row.cells[column.key] ?? ''}</span>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  ))}
                </Table.Summary>
              )
            : undefined
        }
      />
    </div>
  );
}
