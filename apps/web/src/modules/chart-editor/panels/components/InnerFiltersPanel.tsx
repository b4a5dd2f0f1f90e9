import { DeleteOutlined } from '@ant-design/icons';
import type { Chart, Granularity, RangeFilter } from '@bi/chart-model';
import { Button, Radio, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { usePanelsTranslation } from '../i18n';
import {
  addInnerFilter,
  filterCandidates,
  innerFilterProblem,
  MAX_INNER_FILTERS,
  MAX_RANGE_VALUES,
  rangeEnds,
  rangeFromEnds,
  removeInnerFilter,
  textValues,
  updateInnerFilter,
} from '../utils/innerFilters';
import { Note, NumberField, Problem, Row, type PanelProps } from './common';
import { DateInput } from '../../../../shared/components/DateInput';

const GRANULARITIES = [
  [0, 'normal'],
  [1, 'year'],
  [2, 'quarter'],
  [3, 'month'],
  [4, 'week'],
  [5, 'day'],
] as const;

/** Inner filters: the chart's own filter bar entries with their default values. */
export function InnerFiltersPanel({ chart, fields, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const filters = chart.innerFilters ?? [];
  const candidates = filterCandidates(fields, filters);
  const full = filters.length >= MAX_INNER_FILTERS;

  return (
    <div data-testid="inner-filters" data-count={filters.length}>
      {filters.length === 0 ? <Note>{pt('innerFilters.empty')}</Note> : null}
      {filters.map((filter, i) => (
        <InnerFilterCard key={filter.id ?? `${filter.name}-${i}`} chart={chart} index={i} filter={filter} onChange={onChange} />
      ))}
      <Select
        size="small"
        style={{ width: '100%' }}
        value={null}
        placeholder={full ? pt('innerFilters.limit', { max: MAX_INNER_FILTERS }) : candidates.length === 0 ? pt('innerFilters.noFields') : pt('innerFilters.add')}
        disabled={full || candidates.length === 0}
        showSearch
        optionFilterProp="title"
        onChange={(name: string) => {
          const field = candidates.find((f) => f.name === name);
          if (field) onChange(addInnerFilter(chart, field));
        }}
        options={candidates.map((f) => ({ value: f.name, title: f.title || f.name, label: f.title || f.name }))}
        optionRender={(o) => <span data-testid={`inner-filter-option-${String(o.value)}`}>{o.label}</span>}
        data-testid="inner-filter-add"
      />
    </div>
  );
}

function InnerFilterCard({ chart, index, filter, onChange }: { chart: Chart; index: number; filter: RangeFilter; onChange: (chart: Chart) => void }) {
  const { pt } = usePanelsTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const testId = `inner-filter-${index}`;

  /** Hands a changed filter over; its problem, if any, is shown under the card. */
  const commit = (next: RangeFilter) => {
    const r = updateInnerFilter(chart, index, next);
    setProblem(r.problem ? pt(`innerFilters.problems.${r.problem}`, { max: MAX_RANGE_VALUES }) : null);
    if (!r.problem) onChange(r.chart);
  };
  const [from, to] = rangeEnds(filter);
  const stored = innerFilterProblem(filter);

  return (
    <div className="bi-panels__card" data-testid={testId} data-name={filter.name} data-type={filter.dataType}>
      <div className="bi-panels__group-head">
        <Typography.Text strong ellipsis={{ tooltip: filter.name }}>
          {filter.title || filter.name}
        </Typography.Text>
        <span>
          {filter.dataType !== 'other' ? <Tag>{pt(`dataTypes.${filter.dataType}`)}</Tag> : null}
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={pt('common.remove')} onClick={() => onChange(removeInnerFilter(chart, index))} data-testid={`${testId}-remove`} />
        </span>
      </div>
      {filter.dataType === 'date' ? (
        <>
          <Row label={pt('innerFilters.granularity')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              value={filter.granularity ?? 0}
              onChange={(g: Granularity) => commit({ ...filter, granularity: g })}
              options={GRANULARITIES.map(([value, key]) => ({ value, label: pt(`innerFilters.granularities.${key}`) }))}
              data-testid={`${testId}-granularity`}
            />
          </Row>
          <Row label={pt('innerFilters.from')}>
            <DateInput size="small" value={from} ariaLabel={pt('innerFilters.from')} placeholder={pt('innerFilters.from')} onChange={(v) => commit({ ...filter, range: rangeFromEnds('date', v, to) })} testId={`${testId}-from`} />
          </Row>
          <Row label={pt('innerFilters.to')}>
            <DateInput size="small" value={to} ariaLabel={pt('innerFilters.to')} placeholder={pt('innerFilters.to')} onChange={(v) => commit({ ...filter, range: rangeFromEnds('date', from, v) })} testId={`${testId}-to`} />
          </Row>
        </>
      ) : filter.dataType === 'number' ? (
        <>
          <Radio.Group
            size="small"
            optionType="button"
            value={filter.numberOption === 'all' || filter.numberOption === undefined ? 'all' : 'custom'}
            onChange={(e) => commit({ ...filter, numberOption: e.target.value as 'all' | 'custom', range: e.target.value === 'all' ? [] : filter.range })}
            data-testid={`${testId}-option`}
          >
            <Radio.Button value="all">
              <span data-testid={`${testId}-option-all`}>{pt('innerFilters.all')}</span>
            </Radio.Button>
            <Radio.Button value="custom">
              <span data-testid={`${testId}-option-custom`}>{pt('innerFilters.custom')}</span>
            </Radio.Button>
          </Radio.Group>
          {filter.numberOption !== 'all' && filter.numberOption !== undefined ? (
            <>
              <Row label={pt('innerFilters.from')}>
                <NumberField value={from === '' ? undefined : Number(from)} testId={`${testId}-from`} onCommit={(v) => {
                    commit({ ...filter, range: rangeFromEnds('number', v === undefined ? '' : String(v), to) });
                    return null;
                  }} />
              </Row>
              <Row label={pt('innerFilters.to')}>
                <NumberField value={to === '' ? undefined : Number(to)} testId={`${testId}-to`} onCommit={(v) => {
                    commit({ ...filter, range: rangeFromEnds('number', from, v === undefined ? '' : String(v)) });
                    return null;
                  }} />
              </Row>
            </>
          ) : null}
        </>
      ) : (
        <Select
          mode="tags"
          size="small"
          style={{ width: '100%' }}
          value={(filter.range ?? []).map(String)}
          onChange={(values: string[]) => commit({ ...filter, range: textValues(values) })}
          placeholder={pt('innerFilters.valuesPlaceholder')}
          tokenSeparators={[',', '，']}
          open={false}
          suffixIcon={null}
          aria-label={pt('innerFilters.values')}
          data-testid={`${testId}-values`}
        />
      )}
      <Problem text={problem ?? (stored ? pt(`innerFilters.problems.${stored}`, { max: MAX_RANGE_VALUES }) : null)} testId={`${testId}-error`} />
    </div>
  );
}
