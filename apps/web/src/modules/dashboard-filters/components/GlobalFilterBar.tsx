import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import type { GlobalFilterItem, GlobalFilterValue, Granularity, RelativeDatePreset } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { Button, DatePicker, InputNumber, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useFilterRange, PICKER_LIMIT } from '../hooks/useFilterRange';
import { useFiltersTranslation } from '../i18n';
import { RELATIVE_PRESETS } from '../states/values';
import { GRANULARITY_NAMES, NUMBER_COMPARISONS, PICK_GRANULARITIES } from '../utils/config';
import { dateText, pickerDate, pickerKind } from '../utils/dates';
import './filters.css';

/** How long typing in a text picker waits before it searches on the server. */
const SEARCH_DEBOUNCE_MS = 300;

interface BarProps {
  tab: Tab;
  dashboardId: string;
  items: readonly GlobalFilterItem[];
  valueOf: (item: GlobalFilterItem) => GlobalFilterValue;
  onChange: (id: string, value: GlobalFilterValue | undefined) => void;
  onClearAll: () => void;
}

/**
 * The global filter bar above the grid (spec 01 §2): one control per item shown (its `show` flag), by
 * type — text: values to pick with search (on the server past 1000 values); number: a comparison and
 * its value(s); date: a granularity with a range or a relative preset (resolved by the server). Each
 * change applies at once; "clear all" empties every item.
 */
export function GlobalFilterBar({ tab, dashboardId, items, valueOf, onChange, onClearAll }: BarProps) {
  const { gf } = useFiltersTranslation();
  const shown = items.filter((i) => i.show !== false && i.id);
  if (shown.length === 0) return null;
  return (
    <div className="bi-filter-bar" data-testid="global-filter-bar" role="toolbar" aria-label={gf('bar.label')}>
      <FilterOutlined className="bi-filter-bar__icon" aria-hidden />
      <div className="bi-filter-bar__items">
        {shown.map((item) => (
          <div key={item.id} className="bi-filter-bar__item" data-testid={`global-filter-${item.id}`}>
            <Typography.Text className="bi-filter-bar__label" ellipsis={{ tooltip: item.title || item.name }}>
              {item.title || item.name}
            </Typography.Text>
            {item.dataType === 'date' ? (
              <DateFilter item={item} value={valueOf(item)} onChange={(v) => onChange(item.id!, v)} />
            ) : item.dataType === 'number' ? (
              <NumberFilter item={item} value={valueOf(item)} onChange={(v) => onChange(item.id!, v)} />
            ) : (
              <TextFilter tab={tab} dashboardId={dashboardId} item={item} value={valueOf(item)} onChange={(v) => onChange(item.id!, v)} />
            )}
          </div>
        ))}
      </div>
      <Button icon={<ClearOutlined />} onClick={onClearAll} data-testid="global-filter-clear-all">
        {gf('bar.clearAll')}
      </Button>
    </div>
  );
}

interface FilterProps {
  item: GlobalFilterItem;
  value: GlobalFilterValue;
  onChange: (value: GlobalFilterValue) => void;
}

function TextFilter({ tab, dashboardId, item, value, onChange }: FilterProps & { tab: Tab; dashboardId: string }) {
  const { gf } = useFiltersTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  // the first list has no search; a field with more values than the list searches on the server
  const first = useFilterRange(tab, dashboardId, item, '', open || value.range.length > 0);
  const serverSearch = first.data?.more === true;
  const searched = useFilterRange(tab, dashboardId, item, search, open && serverSearch && search !== '');
  const range = serverSearch && search ? searched : first;
  const selected = value.range.map(String);
  const options = useMemo(() => {
    const listed = (range.data?.values ?? []).map((v) => ({ value: v.value, label: v.value, count: v.count }));
    // picked values stay listed even when the current list does not hold them
    const known = new Set(listed.map((o) => o.value));
    return [...selected.filter((s) => !known.has(s)).map((s) => ({ value: s, label: s, count: undefined as number | undefined })), ...listed];
  }, [range.data, selected]);
  const status = range.isError ? gf('bar.loadFailed', { message: range.error.message }) : range.isFetching && options.length === 0 ? gf('bar.loading') : gf('bar.empty');
  return (
    <Select
      mode="multiple"
      className="bi-filter-bar__text"
      size="middle"
      value={selected}
      placeholder={item.showAll === false ? gf('bar.search') : gf('bar.all')}
      allowClear={item.showAll !== false}
      maxTagCount="responsive"
      showSearch={{ filterOption: serverSearch ? false : (input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase()), onSearch: setTyped }}
      loading={range.isFetching}
      open={open}
      onOpenChange={setOpen}
      notFoundContent={<Typography.Text type="secondary">{status}</Typography.Text>}
      options={options}
      optionRender={(o) => (
        <span className="bi-filter-bar__option">
          <span className="bi-filter-bar__option-value">{o.data.label}</span>
          {o.data.count !== undefined ? <span className="bi-filter-bar__option-count">{o.data.count}</span> : null}
        </span>
      )}
      popupRender={(menu) => (
        <>
          {serverSearch ? (
            <Typography.Text type="secondary" className="bi-filter-bar__hint">
              {gf('bar.more', { count: PICKER_LIMIT })}
            </Typography.Text>
          ) : null}
          {menu}
        </>
      )}
      onChange={(next: string[]) => onChange({ range: next })}
      aria-label={item.title || item.name}
      data-testid={`global-filter-${item.id}-select`}
    />
  );
}

function NumberFilter({ item, value, onChange }: FilterProps) {
  const { gf } = useFiltersTranslation();
  const option = value.numberOption === 'custom' ? 'range' : (value.numberOption ?? item.numberOption ?? 'equal');
  const [draft, setDraft] = useState<(number | null)[]>(() => value.range.map((v) => (v === '' ? null : Number(v))));
  useEffect(() => setDraft(value.range.map((v) => (v === '' ? null : Number(v)))), [value.range]);
  const isRange = option === 'range';
  const reversed = isRange && draft[0] != null && draft[1] != null && draft[0] > draft[1];
  const apply = (next = draft, nextOption = option) => {
    const wanted = nextOption === 'range' ? [next[0] ?? '', next[1] ?? ''] : [next[0] ?? ''];
    if (nextOption === 'range' && next[0] != null && next[1] != null && next[0] > next[1]) return;
    const range = wanted.every((v) => v === '') ? [] : wanted;
    onChange({ range: range as (string | number)[], numberOption: nextOption });
  };
  const options = [...(item.showAll === false ? [] : (['all'] as const)), ...NUMBER_COMPARISONS].map((o) => ({ value: o, label: gf(`numberOption.${o}`) }));
  return (
    <Space.Compact>
      <Select className="bi-filter-bar__option-select" value={option} options={options} onChange={(o) => apply(draft, o)} aria-label={gf('config.numberOption')} data-testid={`global-filter-${item.id}-option`} />
      {option === 'all' ? null : (
        <>
          <InputNumber
            className="bi-filter-bar__number"
            value={draft[0] ?? null}
            placeholder={isRange ? gf('bar.from') : gf('bar.value')}
            onChange={(v) => setDraft((d) => [v, d[1] ?? null])}
            onBlur={() => apply()}
            onPressEnter={() => apply()}
            status={reversed ? 'error' : undefined}
            aria-label={isRange ? gf('bar.from') : gf('bar.value')}
            data-testid={`global-filter-${item.id}-from`}
          />
          {isRange ? (
            <Tooltip title={reversed ? gf('bar.reversed') : undefined} open={reversed || undefined}>
              <InputNumber
                className="bi-filter-bar__number"
                value={draft[1] ?? null}
                placeholder={gf('bar.to')}
                onChange={(v) => setDraft((d) => [d[0] ?? null, v])}
                onBlur={() => apply()}
                onPressEnter={() => apply()}
                status={reversed ? 'error' : undefined}
                aria-label={gf('bar.to')}
                data-testid={`global-filter-${item.id}-to`}
              />
            </Tooltip>
          ) : null}
        </>
      )}
    </Space.Compact>
  );
}

type PresetChoice = 'custom' | RelativeDatePreset;

function DateFilter({ item, value, onChange }: FilterProps) {
  const { gf } = useFiltersTranslation();
  const granularity = (value.granularity || item.granularity || 5) as Exclude<Granularity, 0>;
  const preset: PresetChoice = value.relative?.preset ?? 'custom';
  const days = value.relative?.days ?? 7;
  const picked = value.range.map((v) => pickerDate(v));
  const dates: [Dayjs | null, Dayjs | null] = [picked[0] ? dayjs(picked[0]) : null, picked[1] ? dayjs(picked[1]) : null];
  const textOf = (d: Dayjs | null, g: Granularity) => (d ? dateText(d.year(), d.month(), d.date(), g) : '');
  const setRange = (from: Dayjs | null, to: Dayjs | null, g: Granularity = granularity) => {
    const range = from || to ? [textOf(from, g), textOf(to, g)] : [];
    onChange({ range, granularity: g });
  };
  const setPreset = (p: PresetChoice, n = days) => {
    if (p === 'custom') onChange({ range: [], granularity });
    else onChange({ range: [], granularity: p === 'lastDays' ? 5 : granularity, relative: p === 'lastDays' ? { preset: p, days: n } : { preset: p } });
  };
  const presetOptions = (['custom', ...RELATIVE_PRESETS] as PresetChoice[]).map((p) => ({ value: p, label: gf(`preset.${p}`) }));
  return (
    <Space.Compact>
      <Select
        className="bi-filter-bar__granularity"
        value={granularity}
        options={PICK_GRANULARITIES.map((g) => ({ value: g, label: gf(`granularity.${GRANULARITY_NAMES[g]}`) }))}
        onChange={(g) => (value.relative ? onChange({ ...value, granularity: g }) : setRange(dates[0], dates[1], g))}
        disabled={preset === 'lastDays'}
        aria-label={gf('config.granularity')}
        data-testid={`global-filter-${item.id}-granularity`}
      />
      <Select className="bi-filter-bar__preset" value={preset} options={presetOptions} onChange={(p) => setPreset(p)} aria-label={gf('preset.custom')} data-testid={`global-filter-${item.id}-preset`} />
      {preset === 'lastDays' ? (
        <InputNumber
          className="bi-filter-bar__days"
          min={1}
          max={3660}
          precision={0}
          value={days}
          onChange={(n) => n && setPreset('lastDays', n)}
          aria-label={gf('bar.lastDaysCount')}
          data-testid={`global-filter-${item.id}-days`}
        />
      ) : preset === 'custom' ? (
        <DatePicker.RangePicker
          className="bi-filter-bar__dates"
          picker={pickerKind(granularity)}
          value={dates}
          allowEmpty={[true, true]}
          allowClear={item.showAll !== false}
          placeholder={[gf('bar.from'), gf('bar.to')]}
          onChange={(next) => setRange(next?.[0] ?? null, next?.[1] ?? null)}
          data-testid={`global-filter-${item.id}-dates`}
        />
      ) : null}
    </Space.Compact>
  );
}
