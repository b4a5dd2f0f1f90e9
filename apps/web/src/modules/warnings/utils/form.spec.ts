import { describe, expect, it } from '@jest/globals';
import type { ChartField, WarnConfig } from '@bi/chart-model';
import {
  conditionValueText,
  alertsOffered,
  applyDraft,
  availableLists,
  canAdd,
  editDraft,
  hourLabel,
  HOURS,
  newDraft,
  operatorsFor,
  problemKey,
  removeItem,
  setSwitch,
  valueOf,
  withCompare,
  withField,
  withList,
  withTime,
  type WarnChart,
} from './form';
import { draftProblem } from './draft-problem';

const amount: ChartField = { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' };
const region: ChartField = { name: 'region', dataType: 'string', aggregator: 'max' };
const day: ChartField = { name: 'day', dataType: 'date' };
const qty: ChartField = { name: 'qty', dataType: 'number', aggregator: 'count' };
const chart: WarnChart = { type: 'bar', values: [amount, region, day], secondValues: [] };
const dual: WarnChart = { type: 'doubleaxis', values: [amount], secondValues: [qty] };
const empty = (): WarnConfig => ({ warnItemsYList: [], warnItemsYOptionalList: [] });

describe('the alarm dialog form', () => {
  it('offers alerts on the dashboard route for bar, line, gauge, card and doubleaxis only', () => {
    for (const kind of ['bar', 'line', 'gauge', 'card', 'doubleaxis']) expect(alertsOffered('dashboard', kind)).toBe(true);
    for (const kind of ['pie', 'table', 'map', 'funnel']) expect(alertsOffered('dashboard', kind)).toBe(false);
    expect(alertsOffered('template', 'bar')).toBe(false);
  });

  it('starts a new item switched on, immediate, with one condition on the first value field', () => {
    const d = newDraft(chart)!;
    expect(d).toMatchObject({ list: 'warnItemsYList', index: null, item: { warnName: '', isSwitch: true, logic: 0, warnTime: 0 } });
    expect(d.item.warnConditions).toEqual([{ axisField: { axisName: 'amount', axisTitle: 'Amount', aggregator: 'sum' }, compare: '>', compareValue: '' }]);
    expect(newDraft({ type: 'bar', values: [], secondValues: [] })).toBeNull();
    expect(availableLists(dual)).toEqual(['warnItemsYList', 'warnItemsYOptionalList']);
    expect(withList(dual, d, 'warnItemsYOptionalList').item.warnConditions[0]!.axisField.axisName).toBe('qty');
  });

  it('offers every compare operator of the value type (counts and sums are numbers; a max of text is text)', () => {
    expect(operatorsFor(amount)).toEqual(['>', '<', '=', '!=', '<=', '>=', 'between']);
    expect(operatorsFor(region)).toEqual(['=', '!=', 'like', 'notLike']);
    expect(operatorsFor({ dataType: 'string', aggregator: 'count' })).toContain('between');
    expect(operatorsFor(day)).toContain('between');
  });

  it('keeps the operator and values when the field keeps its type, and resets them when it does not', () => {
    const c = { axisField: { axisName: 'amount', aggregator: 'sum' as const }, compare: '>=' as const, compareValue: 5 };
    expect(withField(c, qty, amount)).toMatchObject({ axisField: { axisName: 'qty', aggregator: 'count' }, compare: '>=', compareValue: 5 });
    expect(withField(c, region, amount)).toEqual({ axisField: { axisName: 'region', axisTitle: 'region', aggregator: 'max' }, compare: '=', compareValue: '' });
  });

  it('turns one value into left/right for between and back', () => {
    const c = { axisField: { axisName: 'amount' }, compare: '>' as const, compareValue: 5 };
    const b = withCompare(c, 'between');
    expect(b).toEqual({ axisField: { axisName: 'amount' }, compare: 'between', compareValueLeft: 5, compareValueRight: '' });
    expect(withCompare({ ...b, compareValueRight: 9 }, '<')).toEqual({ axisField: { axisName: 'amount' }, compare: '<', compareValue: 5 });
  });

  it('shows hours 0–23 as 1:00–24:00 and picks one when switching to timed', () => {
    expect(HOURS).toHaveLength(24);
    expect([hourLabel(0), hourLabel(23)]).toEqual(['1:00', '24:00']);
    const d = newDraft(chart)!;
    expect(withTime(d.item, 1)).toMatchObject({ warnTime: 1, warnExactTime: 7 });
    expect(withTime({ ...d.item, warnTime: 1, warnExactTime: 3 }, 0)).toMatchObject({ warnTime: 0, warnExactTime: null });
  });

  it('types number values and leaves text that is no number for the check to name', () => {
    expect(valueOf('number', ' 12.5 ')).toBe(12.5);
    expect(valueOf('number', 'ab')).toBe('ab');
    expect(valueOf('string', '12')).toBe('12');
  });

  it('maps the shared check to the dialog’s messages: name, value, webhook, the limit of 20', () => {
    const d = newDraft(chart)!;
    expect(problemKey(draftProblem(chart, empty(), d)!)).toBe('problems.name_required');
    const named = { ...d, item: { ...d.item, warnName: 'High' } };
    expect(draftProblem(chart, empty(), named)).toEqual({ key: 'warn.value_required', params: { warn: 'High', name: 'Amount' } });
    const valued = { ...named, item: { ...named.item, warnConditions: [{ ...named.item.warnConditions[0]!, compareValue: 10 }] } };
    expect(draftProblem(chart, empty(), valued)).toBeNull();
    // a name is one line (the rule of @bi/rules the server applies)
    expect(problemKey(draftProblem(chart, empty(), { ...valued, item: { ...valued.item, warnName: 'T\r\nBcc: evil@x.zz' } })!)).toBe('problems.name_line_break');
    expect(draftProblem(chart, empty(), { ...valued, item: { ...valued.item, isSendWechat: true, webhookUrl: 'ftp://x' } })).toMatchObject({ key: 'warn.webhook_url' });
    const full = { ...empty(), warnItemsYList: Array.from({ length: 20 }, () => valued.item) };
    expect(canAdd(full)).toBe(false);
    expect(canAdd({ ...full, warnItemsYList: full.warnItemsYList.slice(1) })).toBe(true);
    expect(draftProblem(chart, full, valued)).toEqual({ key: 'warn.too_many', params: { max: 20 } });
  });

  it('puts a draft in place, moves it between lists, removes and switches items', () => {
    const item = { ...newDraft(dual)!.item, warnName: 'A', warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' as const }, compare: '>' as const, compareValue: 1 }] };
    let config = applyDraft(empty(), { list: 'warnItemsYList', index: null, item });
    expect(config.warnItemsYList).toHaveLength(1);
    const edit = editDraft(config, 'warnItemsYList', 0);
    edit.item.warnName = 'B';
    expect(config.warnItemsYList[0]!.warnName).toBe('A');
    const moved = withList(dual, edit, 'warnItemsYOptionalList');
    config = applyDraft(config, moved, 'warnItemsYList');
    expect([config.warnItemsYList.length, config.warnItemsYOptionalList[0]!.warnName]).toEqual([0, 'B']);
    expect(setSwitch(config, 'warnItemsYOptionalList', 0, false).warnItemsYOptionalList[0]!.isSwitch).toBe(false);
    expect(removeItem(config, 'warnItemsYOptionalList', 0).warnItemsYOptionalList).toEqual([]);
  });
});

describe('the alert list writes compared values as the chart does (issue 27: 100000000 in the alert list)', () => {
  const amount: ChartField = { name: '金额', title: '金额', dataType: 'number', aggregator: 'sum' };
  const region: ChartField = { name: '地区', title: '地区', dataType: 'string', aggregator: 'max' };
  it.each([
    ['zh-CN', '1亿', '50万'],
    ['zh-TW', '1億', '50萬'],
    ['en', '100M', '500K'],
  ] as const)('%s: %p, %p', (locale, big, half) => {
    expect(conditionValueText('100000000', amount, locale)).toBe(big);
    expect(conditionValueText(499999.95, amount, locale)).toBe(half);
    expect(conditionValueText('100000000', region, locale)).toBe('100000000');
    expect(conditionValueText(null, amount, locale)).toBe('—');
  });
});
