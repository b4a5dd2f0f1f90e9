import { checkWarnConfig } from './warn-check.js';
import { copiedWarnConfig, keepKnownWarnIds, normalizeWarnConfig, WARN_MAX_ITEMS, type WarnConfig, type WarnItem } from './warn-config.js';
import type { ChartField } from './chart.js';

const values: ChartField[] = [
  { name: 'amount', dataType: 'number', aggregator: 'sum' },
  { name: 'region', dataType: 'string', aggregator: 'max' },
  { name: 'orders', dataType: 'string', aggregator: 'count' },
];
const chart = { type: 'bar' as const, values, secondValues: [] as ChartField[] };
const item = (over: Partial<WarnItem> = {}): WarnItem => ({
  warnName: 'High sales',
  isSwitch: true,
  logic: 0,
  warnTime: 0,
  warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 100 }],
  ...over,
});
const cfg = (...items: WarnItem[]) => ({ warnItemsYList: items, warnItemsYOptionalList: [] });
const key = (raw: unknown, c = chart) => checkWarnConfig(raw, c)?.key ?? null;

describe('checkWarnConfig', () => {
  it('accepts no alerts and a valid item', () => {
    expect(key(undefined)).toBeNull();
    expect(key(cfg(item()))).toBeNull();
    expect(key(cfg(item({ warnTime: 1, warnExactTime: 0 }), item({ warnTime: 1, warnExactTime: 23 })))).toBeNull();
  });
  it('refuses more than 20 items over both lists', () => {
    const many = Array.from({ length: WARN_MAX_ITEMS }, () => item());
    expect(key(cfg(...many))).toBeNull();
    expect(key({ warnItemsYList: many, warnItemsYOptionalList: [item()] })).toBe('warn.too_many');
  });
  it('needs a name', () => {
    expect(key(cfg(item({ warnName: '  ' })))).toBe('warn.name_required');
  });
  it('hours are 0 to 23 whole numbers', () => {
    expect(key(cfg(item({ warnTime: 1, warnExactTime: 24 })))).toBe('warn.hour_invalid');
    expect(key(cfg(item({ warnTime: 1, warnExactTime: -1 })))).toBe('warn.hour_invalid');
    expect(key(cfg(item({ warnTime: 1, warnExactTime: 1.5 })))).toBe('warn.hour_invalid');
    expect(key(cfg(item({ warnTime: 1 })))).toBe('warn.hour_invalid');
  });
  it('conditions name a value field of the chart with its aggregator', () => {
    expect(key(cfg(item({ warnConditions: [{ axisField: { axisName: 'nope' }, compare: '>', compareValue: 1 }] })))).toBe('warn.unknown_field');
    expect(key(cfg(item({ warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'avg' }, compare: '>', compareValue: 1 }] })))).toBe('warn.unknown_field');
    expect(key(cfg(item({ warnConditions: [] })))).toBe('warn.conditions_required');
  });
  it('operators follow the value type (count of a text field is a number)', () => {
    expect(key(cfg(item({ warnConditions: [{ axisField: { axisName: 'region', aggregator: 'max' }, compare: '>', compareValue: 'x' }] })))).toBe('warn.operator_not_allowed');
    expect(key(cfg(item({ warnConditions: [{ axisField: { axisName: 'region', aggregator: 'max' }, compare: 'like', compareValue: 'x' }] })))).toBeNull();
    expect(key(cfg(item({ warnConditions: [{ axisField: { axisName: 'orders', aggregator: 'count' }, compare: '>=', compareValue: 3 }] })))).toBeNull();
    expect(key(cfg(item({ warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: 'like', compareValue: 3 }] })))).toBe('warn.operator_not_allowed');
    expect(key(cfg(item({ warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 'abc' }] })))).toBe('warn.value_not_number');
  });
  it('between needs left ≤ right', () => {
    const between = (l: unknown, r: unknown) => cfg(item({ warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: 'between', compareValueLeft: l as number, compareValueRight: r as number }] }));
    expect(key(between(1, 5))).toBeNull();
    expect(key(between(5, 1))).toBe('warn.between_order');
    expect(key(between(1, ''))).toBe('warn.value_required');
  });
  it('webhook URLs are http(s); mail needs recipients', () => {
    expect(key(cfg(item({ isSendWechat: true, webhookUrl: 'https://hooks.example.com/x?k=1' })))).toBeNull();
    expect(key(cfg(item({ isSendWechat: true, webhookUrl: 'ftp://example.com' })))).toBe('warn.webhook_url');
    expect(key(cfg(item({ isSendWechat: true, webhookUrl: 'javascript:alert(1)' })))).toBe('warn.webhook_url');
    expect(key(cfg(item({ isSendMail: true })))).toBe('warn.mail_required');
    expect(key(cfg(item({ isSendMail: true, mailTo: ['not an address'] })))).toBe('warn.mail_invalid');
    expect(key(cfg(item({ isSendMail: true, mailTo: ['a@example.com'] })))).toBeNull();
  });
  it('kinds without alerts refuse items', () => {
    expect(key(cfg(item()), { ...chart, type: 'pie' })).toBe('warn.kind_not_allowed');
  });
  it('normalize assigns ids once and trims names', () => {
    let n = 0;
    const out = normalizeWarnConfig(cfg(item({ warnName: ' a ' }), item({ warnId: 'keep' })), () => `id${++n}`);
    expect(out.warnItemsYList.map((i) => [i.warnId, i.warnName])).toEqual([
      ['id1', 'a'],
      ['keep', 'High sales'],
    ]);
  });
});

describe('server-chosen alert ids (issue 26)', () => {
  let n = 0;
  const newId = () => `new-${++n}`;
  const cfg = (...ids: (string | undefined)[]): WarnConfig => ({ warnItemsYList: ids.map((warnId) => item(warnId ? { warnId } : {})), warnItemsYOptionalList: [] });

  it('keeps an id the stored chart has and replaces any other (new, forged, another chart’s)', () => {
    n = 0;
    const out = keepKnownWarnIds(cfg('a', 'forged-id-2', undefined), cfg('a', 'b'), newId);
    expect(out.warnItemsYList.map((i) => i.warnId)).toEqual(['a', 'new-1', 'new-2']);
    expect(keepKnownWarnIds(cfg('a'), undefined, newId).warnItemsYList[0]!.warnId).toBe('new-3');
  });

  it('gives a copy new ids and the copier as owner, whatever owner the original had', () => {
    n = 0;
    const copied = copiedWarnConfig({ ...cfg('a', 'b'), userId: 'original-owner' }, 'copier', newId) as WarnConfig;
    expect(copied.userId).toBe('copier');
    expect(copied.warnItemsYList.map((i) => i.warnId)).toEqual(['new-1', 'new-2']);
    expect(copied.warnItemsYList[0]!.warnName).toBe('High sales');
    // no copier: no owner (the dashboard's creator owns them)
    expect((copiedWarnConfig({ ...cfg('a'), userId: 'x' }, '', newId) as WarnConfig).userId).toBeUndefined();
    // not a config: left as it is
    expect(copiedWarnConfig(null, 'copier', newId)).toBeNull();
  });
});
