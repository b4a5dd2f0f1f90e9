import '../chart-detail.css';
import { CloseOutlined } from '@ant-design/icons';
import type { RangeFilter } from '@bi/chart-model';
import { INNER_FILTER_RELOAD_DEBOUNCE_MS, REMOTE_SELECT_DEBOUNCE_MS, type Tab } from '@bi/rules';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Radio, Select, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { MAX_RANGE_VALUES, rangeEnds, rangeFromEnds } from '../../chart-editor/panels/utils/innerFilters';
import { detailApi, detailKeys } from '../api/detail';
import { useChartDetailTranslation } from '../i18n';
import { cleared, firstProblem, sameValues, startingValues, withRange } from '../utils/innerValues';
import { DateInput } from '../../../shared/components/DateInput';

interface InnerFilterBarProps {
  tab: Tab;
  chartId: string;
  /** the chart's stored inner filters (chosen in the editor's inner-filter panel) */
  stored: RangeFilter[];
  /** what the viewer applied so far (undefined: the stored filters apply) */
  applied: RangeFilter[] | undefined;
  /** the viewer's values, 2000 ms after the last change (spec 01 §9); undefined: back to the stored filters */
  onApply: (values: RangeFilter[] | undefined) => void;
  /** editors only: store the values as the chart's own inner filters (the chart changes for everyone) */
  onSaveDefault?: (values: RangeFilter[]) => Promise<void>;
  onClose: () => void;
}

/**
 * The chart box's own filter bar (spec 01 §2/§3): one control per inner filter — texts a multi-select of
 * the field's values (POST /api/field/inner_range, searched on the server), numbers all or a custom range,
 * dates a range of two days. The chart runs again 2000 ms after the last change; the values apply to
 * this view only.
 */
export function InnerFilterBar({ tab, chartId, stored, applied, onApply, onSaveDefault, onClose }: InnerFilterBarProps) {
  const { cd } = useChartDetailTranslation();
  const [draft, setDraft] = useState<RangeFilter[]>(() => startingValues(stored, applied));
  const [saving, setSaving] = useState(false);
  const settled = useDebouncedValue(draft, INNER_FILTER_RELOAD_DEBOUNCE_MS);
  const problem = firstProblem(draft);
  const current = applied ?? stored;

  useEffect(() => {
    if (firstProblem(settled) || sameValues(settled, current)) return;
    onApply(sameValues(settled, stored) ? undefined : settled);
    // only a new settled value applies
  }, [settled]);

  const pending = !problem && !sameValues(draft, current);
  const change = (index: number, next: Partial<Pick<RangeFilter, 'range' | 'numberOption' | 'granularity'>>) => setDraft((d) => withRange(d, index, next));

  return (
    <div className="bi-inner-filter-bar" data-testid="inner-filter-bar" data-export-ignore="true" role="group" aria-label={cd('bar.label')}>
      {stored.length === 0 ? (
        <Typography.Text type="secondary" className="bi-inner-filter-bar__empty" data-testid="inner-filter-empty">
          {cd('bar.empty')}
        </Typography.Text>
      ) : (
        <div className="bi-inner-filter-bar__items">
          {draft.map((filter, i) => (
            <div key={filter.id ?? `${filter.name}-${i}`} className="bi-inner-filter-bar__item" data-testid={`inner-filter-item-${filter.name}`} data-type={filter.dataType}>
              <Typography.Text className="bi-inner-filter-bar__name" ellipsis={{ tooltip: filter.title || filter.name }}>
                {filter.title || filter.name}
              </Typography.Text>
              <FilterControl tab={tab} chartId={chartId} filter={filter} onChange={(next) => change(i, next)} />
            </div>
          ))}
        </div>
      )}
      <div className="bi-inner-filter-bar__actions">
        {problem ? (
          <Typography.Text type="danger" data-testid="inner-filter-problem" role="alert">
            {`${draft[problem.index]?.title || draft[problem.index]?.name}: ${cd(`bar.problems.${problem.problem}`, { max: MAX_RANGE_VALUES })}`}
          </Typography.Text>
        ) : pending ? (
          <Typography.Text type="secondary" data-testid="inner-filter-pending">
            <Spin size="small" /> {cd('bar.pending')}
          </Typography.Text>
        ) : null}
        {stored.length > 0 ? (
          <>
            <Tooltip title={cd('bar.viewOnly')}>
              <Button size="small" onClick={() => setDraft(cleared(draft))} data-testid="inner-filter-clear">
                {cd('bar.clear')}
              </Button>
            </Tooltip>
            {onSaveDefault && !problem && !sameValues(draft, stored) ? (
              <Tooltip title={cd('bar.saveDefaultHint')}>
                <Button
                  size="small"
                  loading={saving}
                  onClick={() => {
                    setSaving(true);
                    void onSaveDefault(draft).finally(() => setSaving(false));
                  }}
                  data-testid="inner-filter-save-default"
                >
                  {cd('bar.saveDefault')}
                </Button>
              </Tooltip>
            ) : null}
            {applied ? (
              <Button
                size="small"
                type="link"
                onClick={() => {
                  setDraft(startingValues(stored, undefined));
                  onApply(undefined);
                }}
                data-testid="inner-filter-reset"
              >
                {cd('bar.reset')}
              </Button>
            ) : null}
          </>
        ) : null}
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label={cd('bar.label')} onClick={onClose} data-testid="inner-filter-close" />
      </div>
    </div>
  );
}

type Change = Partial<Pick<RangeFilter, 'range' | 'numberOption' | 'granularity'>>;

function FilterControl({ tab, chartId, filter, onChange }: { tab: Tab; chartId: string; filter: RangeFilter; onChange: (next: Change) => void }) {
  const { cd } = useChartDetailTranslation();
  const [from, to] = rangeEnds(filter);
  if (filter.dataType === 'date') {
    return (
      <span className="bi-inner-filter-bar__range">
        <DateInput size="small" value={from} ariaLabel={cd('bar.from')} placeholder={cd('detail.filter.from')} onChange={(v) => onChange({ range: rangeFromEnds('date', v, to) })} testId={`inner-filter-${filter.name}-from`} />
        <span>–</span>
        <DateInput size="small" value={to} ariaLabel={cd('bar.to')} placeholder={cd('detail.filter.to')} onChange={(v) => onChange({ range: rangeFromEnds('date', from, v) })} testId={`inner-filter-${filter.name}-to`} />
      </span>
    );
  }
  if (filter.dataType === 'number') {
    const all = filter.numberOption === 'all';
    const end = (v: number | null) => (v === null || !Number.isFinite(v) ? '' : String(v));
    return (
      <span className="bi-inner-filter-bar__range">
        <Radio.Group size="small" optionType="button" value={all ? 'all' : 'custom'} onChange={(e) => onChange(e.target.value === 'all' ? { numberOption: 'all', range: [] } : { numberOption: 'custom' })}>
          <Radio.Button value="all" data-testid={`inner-filter-${filter.name}-all`}>
            {cd('bar.all')}
          </Radio.Button>
          <Radio.Button value="custom" data-testid={`inner-filter-${filter.name}-custom`}>
            {cd('bar.custom')}
          </Radio.Button>
        </Radio.Group>
        {all ? null : (
          <>
            <InputNumber<number> size="small" value={from === '' ? null : Number(from)} placeholder={cd('detail.filter.from')} aria-label={cd('bar.from')} onChange={(v) => onChange({ range: rangeFromEnds('number', end(v), to) })} data-testid={`inner-filter-${filter.name}-from`} />
            <span>–</span>
            <InputNumber<number> size="small" value={to === '' ? null : Number(to)} placeholder={cd('detail.filter.to')} aria-label={cd('bar.to')} onChange={(v) => onChange({ range: rangeFromEnds('number', from, end(v)) })} data-testid={`inner-filter-${filter.name}-to`} />
          </>
        )}
      </span>
    );
  }
  return <TextValues tab={tab} chartId={chartId} filter={filter} onChange={onChange} />;
}

/** A text filter: the field's values with their row counts, searched on the server (300 ms) when there are more than one answer holds. */
function TextValues({ tab, chartId, filter, onChange }: { tab: Tab; chartId: string; filter: RangeFilter; onChange: (next: Change) => void }) {
  const { cd, i18n } = useChartDetailTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), REMOTE_SELECT_DEBOUNCE_MS);
  const values = useQuery({
    queryKey: detailKeys.range(tab, chartId, filter.name, term),
    queryFn: ({ signal }) => detailApi.innerRange(tab, chartId, filter.name, term, signal),
    enabled: open,
    staleTime: 60_000,
  });
  const selected = (filter.range ?? []).map(String);
  const listed = values.data?.dataType === 'string' ? values.data.values : [];
  const options = [
    ...listed.map((v) => ({ value: v.value, label: v.value, count: v.count })),
    ...selected.filter((s) => !listed.some((v) => v.value === s)).map((s) => ({ value: s, label: s, count: undefined })),
  ];
  const more = values.data?.dataType === 'string' && values.data.more;
  return (
    <Select
      mode="multiple"
      size="small"
      allowClear
      showSearch
      filterOption={false}
      popupMatchSelectWidth={false}
      maxTagCount="responsive"
      className="bi-inner-filter-bar__select"
      value={selected}
      placeholder={cd('bar.all')}
      aria-label={filter.title || filter.name}
      onOpenChange={setOpen}
      onSearch={setSearch}
      searchValue={search}
      onChange={(next: string[]) => onChange({ range: next })}
      options={options}
      optionRender={(o) => (
        <span className="bi-inner-filter-bar__option" data-testid={`inner-filter-option-${String(o.value)}`}>
          <span>{o.label}</span>
          {typeof o.data.count === 'number' ? <Typography.Text type="secondary">{cd('bar.rows', { count: o.data.count.toLocaleString(i18n.language) })}</Typography.Text> : null}
        </span>
      )}
      notFoundContent={values.isFetching ? <Spin size="small" /> : values.isError ? cd('bar.valuesFailed') : cd('bar.noValues')}
      popupRender={(menu) => (
        <>
          {menu}
          {more ? (
            <Typography.Text type="secondary" className="bi-inner-filter-bar__more">
              {cd('bar.moreValues')}
            </Typography.Text>
          ) : null}
        </>
      )}
      data-testid={`inner-filter-${filter.name}-values`}
    />
  );
}
