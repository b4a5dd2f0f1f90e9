import { ConfigProvider, Table, type TableColumnsType } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type HTMLAttributes, type KeyboardEvent } from 'react';
import { useChartViewTranslation } from '../../i18n';
import type { TableOption, TableRowOption } from '../../types';
import { pageKeepingFirstRow, rowsThatFit, TABLE_PAGER_HEIGHT, TABLE_ROW_HEIGHT } from '../../utils/table';
import { adaptToAppTheme } from '../../utils/theme';
import type { RendererProps } from './common';

/**
 * table: antd Table over `option.table` — the display texts of one page of rows (the server pages:
 * another page is another run). A page holds as many rows as the box has room for (the page size
 * follows the box height, so no row hides below a scroll bar); the header stays in place and the
 * statistics rows (sum, avg, max, min) stay under the rows in their colour; every cell is one line.
 */
/** Compact rows: 4 px above and below a 20 px line (TABLE_ROW_HEIGHT with the border). */
const COMPACT = { components: { Table: { cellPaddingBlockSM: 4, cellPaddingInlineSM: 8 } } };

export function TableChart({ answer, appTheme, onDone, onPageChange, paging, onPointClick }: RendererProps) {
  const { cv } = useChartViewTranslation();
  const option = useMemo(() => adaptToAppTheme(answer.option, answer.chart, appTheme), [answer, appTheme]);
  const table = option.table as TableOption | undefined;
  const maxBodyHeight = typeof table?.maxHeight === 'number' && table.maxHeight > 0 ? table.maxHeight : undefined;
  const frameRef = useRef<HTMLDivElement>(null);
  const [bodyHeight, setBodyHeight] = useState<number | undefined>(undefined);
  const page = table?.page ?? { index: 1, size: table?.rows.length || 1, total: table?.rows.length ?? 0 };
  const summary = table?.summary ?? [];
  const pageRef = useRef({ page, paging, onPageChange });
  pageRef.current = { page, paging, onPageChange };

  const columns = useMemo<TableColumnsType<TableRowOption>>(
    () =>
      (table?.columns ?? []).map((column) => ({
        key: column.key,
        dataIndex: column.dataIndex,
        title: column.title,
        align: column.align,
        width: column.width,
        ellipsis: { showTitle: true },
        render: (_value: unknown, row: TableRowOption) => row.cells[column.key] ?? '',
      })),
    [table],
  );

  // the page size follows the room the box leaves beside header, statistics and pager
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const measure = () => {
      if (frame.clientHeight === 0) return;
      const header = frame.querySelector<HTMLElement>('.ant-table-header') ?? frame.querySelector<HTMLElement>('.ant-table-thead');
      const summaryBox = frame.querySelector<HTMLElement>('.ant-table-summary');
      const row = frame.querySelector<HTMLElement>('.ant-table-tbody > tr.ant-table-row');
      const rowHeight = row?.offsetHeight || TABLE_ROW_HEIGHT;
      const headerHeight = header?.offsetHeight || TABLE_ROW_HEIGHT + 1;
      const summaryHeight = summaryBox?.offsetHeight ?? summary.length * rowHeight;
      const fit = rowsThatFit({ height: frame.clientHeight, headerHeight, summaryHeight, rowHeight, maxBodyHeight });
      const body = Math.max(rowHeight, frame.clientHeight - headerHeight - summaryHeight - TABLE_PAGER_HEIGHT);
      setBodyHeight((current) => (current !== undefined && Math.abs(current - body) <= 1 ? current : body));
      const { page: shown, paging: loading, onPageChange: change } = pageRef.current;
      if (!loading && fit !== shown.size) change({ index: pageKeepingFirstRow(shown.index, shown.size, fit), size: fit });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [maxBodyHeight, table, summary.length]);

  useEffect(() => {
    onDone();
  }, [answer, onDone]);

  // a row is a point (its dimension values, `category`): a click opens its rows or filters linked charts
  const clickRef = useRef(onPointClick);
  clickRef.current = onPointClick;
  const clickable = onPointClick !== undefined && (table?.rows.some((r) => r.category !== undefined) ?? false);
  const onRow = useMemo(
    () =>
      clickable
        ? (row: TableRowOption) => {
            if (row.category === undefined) return {};
            const click = (event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) =>
              clickRef.current?.({ category: row.category! }, { ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey });
            return {
              onClick: click,
              onKeyDown: (event: KeyboardEvent) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  click(event);
                }
              },
              tabIndex: 0,
              'data-category': row.category,
            } as HTMLAttributes<HTMLElement>;
          }
        : undefined,
    [clickable],
  );

  if (!table) return null;
  // the table draws in its chart's theme (starry sky: light text on its dark cells, not on the app's white)
  const colors = table.colors;
  const themed = colors
    ? ({ '--bi-table-bg': colors.backgroundColor, '--bi-table-text': colors.text, '--bi-table-header': colors.header, '--bi-table-border': colors.border, '--bi-table-summary-bg': colors.summaryBackground } as CSSProperties)
    : undefined;

  return (
    <div className={`bi-chart-table${colors ? ' bi-chart-table--themed' : ''}`} style={themed} ref={frameRef} data-testid="chart-table" data-page-size={page.size} data-total={page.total}>
      <ConfigProvider theme={COMPACT}>
      <Table<TableRowOption>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={table.rows}
        onRow={onRow}
        rowClassName={clickable ? 'bi-chart-table__row--point' : undefined}
        loading={paging}
        scroll={{ x: 'max-content', y: bodyHeight }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: page.total,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => cv('tableTotal', { total }),
          onChange: (index) => onPageChange({ index, size: page.size }),
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
      </ConfigProvider>
    </div>
  );
}
