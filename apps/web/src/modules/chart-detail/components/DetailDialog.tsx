import '../chart-detail.css';
import { DeleteOutlined, DownloadOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { Compare, FilterCondition } from '@bi/chart-model';
import { CHART_DETAIL_PAGE_ROWS, DETAIL_SEARCH_DEBOUNCE_MS, type Tab } from '@bi/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Modal, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useContext, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useChartEditorTranslation } from '../../chart-editor/i18n';
import { OPERATOR_LABEL_KEYS, usesRange, withCompare } from '../../chart-editor/utils/filters';
import { DetailRoutesContext, detailKeys } from '../api/detail';
import { useExportRows } from '../hooks/useExportRows';
import { useChartDetailTranslation } from '../i18n';
import type { DetailCell, DetailColumn, DetailFilterBody, DetailRequest, ViewFilters } from '../types';
import { DETAIL_LOGIC, DETAIL_OPERATORS, detailFilterBody, MAX_DETAIL_CONDITIONS, newDetailCondition, withColumn, type DetailLogic } from '../utils/detailFilter';
import { DateInput } from '../../../shared/components/DateInput';

interface DetailDialogProps {
  tab: Tab;
  chartId: string;
  title: string;
  /** every filter of the view (global, linkage, inner) */
  filters: ViewFilters;
  /** the clicked point's category ('' / undefined: every row) */
  pointKey?: string;
  /** offer the .xlsx export (default: yes; a public link only when its creator allowed it) */
  canExport?: boolean;
  onClose: () => void;
}

/**
 * The detail dialog (spec 01 §2/§3/§9): the raw rows under every filter of the view, 500 per page, with
 * paging, the detail filter (logic all / any, operators by type), a search over the text fields (500 ms
 * after typing) and an .xlsx export of exactly these rows (the server refuses more than 9999 with a hint).
 */
export function DetailDialog({ tab, chartId, title, filters, pointKey, canExport = true, onClose }: DetailDialogProps) {
  const routes = useContext(DetailRoutesContext);
  const { cd, i18n } = useChartDetailTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), DETAIL_SEARCH_DEBOUNCE_MS);
  const [applied, setApplied] = useState<DetailFilterBody | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const request: DetailRequest = useMemo(
    () => ({ filters, ...(applied ? { filter: applied } : {}), ...(term ? { search: term } : {}), ...(pointKey ? { pointKey } : {}) }),
    [filters, applied, term, pointKey],
  );
  // a new search or filter starts at the first page
  const [lastRequest, setLastRequest] = useState(request);
  // the rows in all, told by the first page of each request (kept while paging)
  const [total, setTotal] = useState<number | undefined>(undefined);
  if (lastRequest !== request) {
    setLastRequest(request);
    setPage(1);
    setTotal(undefined);
  }
  const rows = useQuery({
    queryKey: detailKeys.page(tab, chartId, request, page, i18n.language),
    queryFn: ({ signal }) => routes.page(tab, chartId, request, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (rows.data?.total !== undefined && !rows.isPlaceholderData && rows.data.total !== total) setTotal(rows.data.total);
  const [columns, setColumns] = useState<DetailColumn[]>([]);
  if (rows.data && rows.data.columns !== columns && rows.data.columns.length > 0 && columns.length === 0) setColumns(rows.data.columns);

  const exportRows = useExportRows(tab);
  const onExport = async () => {
    setExporting(true);
    await exportRows(chartId, request, title);
    setExporting(false);
  };

  const data = rows.data;
  const first = (page - 1) * CHART_DETAIL_PAGE_ROWS + 1;
  const tableColumns = (data?.columns ?? columns).map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: <span title={c.name}>{c.title || c.name}</span>,
    ellipsis: true,
    width: Math.min(240, Math.max(c.dataType === 'string' ? 90 : 120, (c.title || c.name).length * 14 + 24)),
    align: c.dataType === 'number' ? ('right' as const) : undefined,
    render: (v: DetailCell) => (v === null || v === undefined ? <Typography.Text type="secondary">-</Typography.Text> : typeof v === 'number' ? v.toLocaleString(i18n.language, { maximumFractionDigits: 10 }) : v),
  }));

  return (
    <Modal
      open
      width={1000}
      title={<span data-testid="detail-title">{cd('detail.title', { title })}</span>}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      className="bi-detail-dialog"
    >
      <div data-testid="detail-dialog" data-point={pointKey ?? ''} data-state={rows.isError ? 'error' : rows.isPending ? 'loading' : 'ready'}>
        <div className="bi-detail-dialog__bar">
          <Tag color={pointKey ? 'blue' : undefined} data-testid="detail-scope">
            {pointKey ? cd('detail.point', { point: pointKey }) : cd('detail.allRows')}
          </Tag>
          <Input.Search allowClear size="small" className="bi-detail-dialog__search" placeholder={cd('detail.search')} aria-label={cd('detail.search')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="detail-search" />
          {canExport ? (
            <Button size="small" icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()} data-testid="detail-export">
              {cd('detail.export')}
            </Button>
          ) : null}
        </div>
        <DetailFilterEditor columns={columns} onApply={setApplied} />
        {rows.isError ? (
          <Alert type="error" showIcon message={cd('detail.loadFailed')} description={rows.error.message} data-testid="detail-error" />
        ) : (
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            columns={tableColumns}
            dataSource={data?.rows ?? []}
            loading={rows.isFetching}
            pagination={false}
            scroll={{ x: 'max-content', y: 380 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={cd('detail.noRows')} /> }}
            data-testid="detail-table"
          />
        )}
        <div className="bi-detail-dialog__pager">
          <Typography.Text type="secondary" data-testid="detail-range">
            {data && data.rows.length > 0
              ? total !== undefined
                ? cd('detail.rowsOfTotal', { from: first.toLocaleString(i18n.language), to: (first + data.rows.length - 1).toLocaleString(i18n.language), total: total.toLocaleString(i18n.language) })
                : cd('detail.rows', { from: first.toLocaleString(i18n.language), to: (first + data.rows.length - 1).toLocaleString(i18n.language) })
              : ''}
          </Typography.Text>
          <Typography.Text type="secondary">{cd('detail.pageSize', { size: CHART_DETAIL_PAGE_ROWS })}</Typography.Text>
          <Space>
            <Button size="small" icon={<LeftOutlined />} aria-label={cd('detail.prev')} disabled={page <= 1 || rows.isFetching} onClick={() => setPage((p) => p - 1)} data-testid="detail-prev" />
            <Typography.Text data-testid="detail-page">{cd('detail.page', { page })}</Typography.Text>
            <Button size="small" icon={<RightOutlined />} aria-label={cd('detail.next')} disabled={!data?.hasMore || rows.isFetching} onClick={() => setPage((p) => p + 1)} data-testid="detail-next" />
          </Space>
        </div>
      </div>
    </Modal>
  );
}

/** The detail filter: conditions on the rows' columns, combined with all (logic 0) or any (logic 1); applied with "Query" (or Enter). */
function DetailFilterEditor({ columns, onApply }: { columns: DetailColumn[]; onApply: (filter: DetailFilterBody | undefined) => void }) {
  const { cd } = useChartDetailTranslation();
  const { ce } = useChartEditorTranslation();
  const [logic, setLogic] = useState<DetailLogic>(DETAIL_LOGIC.all);
  const [conditions, setConditions] = useState<FilterCondition[]>([]);
  const [problem, setProblem] = useState<{ index: number; text: string } | null>(null);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const set = (i: number, next: FilterCondition) => setConditions((list) => list.map((c, j) => (j === i ? next : c)));
  const apply = () => {
    const r = detailFilterBody(conditions, logic);
    if (!r.ok) {
      setProblem({ index: r.index, text: cd(r.problem === 'value' ? 'detail.filter.value_missing' : r.problem === 'order' ? 'detail.filter.order' : 'detail.filter.wrong') });
      return;
    }
    setProblem(null);
    onApply(r.filter);
  };
  const opLabel = (c: Compare) => ce(`filter.operators.${OPERATOR_LABEL_KEYS[c]}` as never);

  return (
    <form
      className="bi-detail-filter"
      data-testid="detail-filter"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <div className="bi-detail-filter__head">
        <Typography.Text strong>{cd('detail.filter.title')}</Typography.Text>
        <span>{cd('detail.filter.logic')}</span>
        <Radio.Group size="small" optionType="button" value={logic} onChange={(e) => setLogic(e.target.value as DetailLogic)} data-testid="detail-filter-logic">
          <Radio.Button value={DETAIL_LOGIC.all}>{cd('detail.filter.all')}</Radio.Button>
          <Radio.Button value={DETAIL_LOGIC.any}>{cd('detail.filter.any')}</Radio.Button>
        </Radio.Group>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={columns.length === 0 || conditions.length >= MAX_DETAIL_CONDITIONS}
          title={conditions.length >= MAX_DETAIL_CONDITIONS ? cd('detail.filter.limit', { max: MAX_DETAIL_CONDITIONS }) : undefined}
          onClick={() => columns[0] && setConditions((list) => [...list, newDetailCondition(columns[0]!)])}
          data-testid="detail-filter-add"
        >
          {cd('detail.filter.add')}
        </Button>
        <Button size="small" type="primary" htmlType="submit" data-testid="detail-filter-apply">
          {cd('detail.filter.apply')}
        </Button>
        {conditions.length > 0 ? (
          <Button
            size="small"
            onClick={() => {
              setConditions([]);
              setProblem(null);
              onApply(undefined);
            }}
            data-testid="detail-filter-reset"
          >
            {cd('detail.filter.reset')}
          </Button>
        ) : null}
      </div>
      {conditions.map((c, i) => (
        <div key={i} className="bi-detail-filter__row" data-testid={`detail-condition-${i}`} data-invalid={problem?.index === i ? 'true' : 'false'}>
          <Select
            size="small"
            className="bi-detail-filter__field"
            value={c.field.name}
            aria-label={cd('detail.filter.field')}
            showSearch
            optionFilterProp="label"
            onChange={(name: string) => {
              const column = byName.get(name);
              if (column) set(i, withColumn(c, column));
            }}
            options={columns.map((col) => ({ value: col.name, label: col.title || col.name }))}
            data-testid={`detail-condition-${i}-field`}
          />
          <Select
            size="small"
            className="bi-detail-filter__operator"
            value={c.compare}
            aria-label={cd('detail.filter.operator')}
            onChange={(compare: Compare) => set(i, withCompare(c, compare))}
            options={DETAIL_OPERATORS[c.field.dataType].map((op) => ({ value: op, label: opLabel(op) }))}
            data-testid={`detail-condition-${i}-operator`}
          />
          {usesRange(c.compare) ? (
            <>
              <DateInput size="small" className="bi-detail-filter__value" ariaLabel={cd('detail.filter.from')} placeholder={cd('detail.filter.from')} value={String(c.compareValueLeft ?? '')} onChange={(v) => set(i, { ...c, compareValueLeft: v })} testId={`detail-condition-${i}-from`} />
              <DateInput size="small" className="bi-detail-filter__value" ariaLabel={cd('detail.filter.to')} placeholder={cd('detail.filter.to')} value={String(c.compareValueRight ?? '')} onChange={(v) => set(i, { ...c, compareValueRight: v })} testId={`detail-condition-${i}-to`} />
            </>
          ) : (
            <Input size="small" className="bi-detail-filter__value" aria-label={cd('detail.filter.value')} placeholder={cd('detail.filter.value')} value={String(c.compareValue ?? '')} onChange={(e) => set(i, { ...c, compareValue: e.target.value })} data-testid={`detail-condition-${i}-value`} />
          )}
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={cd('detail.filter.remove')} onClick={() => setConditions((list) => list.filter((_, j) => j !== i))} data-testid={`detail-condition-${i}-remove`} />
        </div>
      ))}
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="detail-filter-problem">
          {problem.text}
        </Typography.Text>
      ) : null}
    </form>
  );
}
