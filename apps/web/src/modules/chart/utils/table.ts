/** Table chart sizing: how many rows a page holds so that a page fits its box without a scroll bar. */

/** Height of one body row (compact rows on one line, apps/web/src/modules/chart/chart.css). */
export const TABLE_ROW_HEIGHT = 29;
/** Height kept for the pager under the rows (shown or not, so the page size does not flip). */
export const TABLE_PAGER_HEIGHT = 32;
/** The server's bounds of a table page (docs/api/chart.md). */
export const TABLE_PAGE_MIN = 1;
export const TABLE_PAGE_MAX = 500;

export interface TableFrame {
  /** height of the table's frame (the chart box body) */
  height: number;
  /** header row(s) */
  headerHeight: number;
  /** statistics rows under the body (sum, avg, ...) */
  summaryHeight: number;
  /** one body row */
  rowHeight: number;
  /** the option's cap of the body height, if any */
  maxBodyHeight?: number;
}

/** Rows of one page: as many as the body has room for beside header, statistics and pager (at least one). */
export function rowsThatFit(frame: TableFrame): number {
  const rowHeight = frame.rowHeight > 0 ? frame.rowHeight : TABLE_ROW_HEIGHT;
  let body = frame.height - frame.headerHeight - frame.summaryHeight - TABLE_PAGER_HEIGHT;
  if (frame.maxBodyHeight !== undefined && frame.maxBodyHeight > 0) body = Math.min(body, frame.maxBodyHeight);
  const rows = Math.floor(body / rowHeight);
  return Math.min(TABLE_PAGE_MAX, Math.max(TABLE_PAGE_MIN, Number.isFinite(rows) ? rows : TABLE_PAGE_MIN));
}

/** The page that keeps the first row shown in view when the page size changes. */
export function pageKeepingFirstRow(index: number, size: number, nextSize: number): number {
  const firstRow = (Math.max(1, index) - 1) * Math.max(1, size);
  return Math.floor(firstRow / Math.max(1, nextSize)) + 1;
}
