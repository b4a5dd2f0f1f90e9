/**
 * The alert's texts (the bell, the messages page, mails and webhooks) write numbers as the chart does,
 * in the reader's language (issue 27: '100000000' and '499999.95' in the alert messages).
 */
import type { ChartField, WarnItem } from '@bi/chart-model';
import { conditionText, valueText } from './warning.engine.js';

const amount: ChartField = { name: '金额', title: '金额', dataType: 'number', aggregator: 'sum' };
const withUnit: ChartField = { ...amount, formatter: { type: 1, isCustomizeUnit: false, unit: 1, customUnit: '', decimalPlaces: 1, useThousandth: true } };
const region: ChartField = { name: '地区', title: '地区', dataType: 'string', aggregator: 'max' };
const item = (conditions: WarnItem['warnConditions'], logic: 0 | 1 = 0): WarnItem => ({ warnName: 'Big', isSwitch: true, logic, warnTime: 0, warnConditions: conditions });

describe('alert condition text', () => {
  it.each([
    ['zh-CN', '金额 > 1亿', '金额 介于 50万 和 1.2亿 之间'],
    ['zh-TW', '金额 > 1億', '金额 介於 50萬 和 1.2億 之間'],
    ['en', '金额 > 100M', '金额 between 500K and 120M'],
  ] as const)('%s: %p; %p', (language, single, between) => {
    expect(conditionText(item([{ axisField: { axisName: '金额', aggregator: 'sum' }, compare: '>', compareValue: '100000000' }]), language, [amount])).toBe(single);
    expect(conditionText(item([{ axisField: { axisName: '金额', aggregator: 'sum' }, compare: 'between', compareValueLeft: 499999.95, compareValueRight: 120000000 }]), language, [amount])).toBe(between);
  });

  it('keeps the text of string conditions and follows a formatter that fixes the unit', () => {
    expect(conditionText(item([{ axisField: { axisName: '地区', aggregator: 'max' }, compare: '=', compareValue: '100000' }]), 'en', [region])).toBe('地区 = 100000');
    expect(conditionText(item([{ axisField: { axisName: '金额', aggregator: 'sum' }, compare: '>=', compareValue: 123456 }]), 'zh-CN', [withUnit])).toBe('金额 >= 12.3万');
  });
});

describe('alert value text', () => {
  const rule = item([{ axisField: { axisName: '金额', aggregator: 'sum' }, compare: '>', compareValue: 1 }]);
  it.each([
    ['zh-CN', '华东 East: 金额 = 50万'],
    ['zh-TW', '华东 East: 金额 = 50萬'],
    ['en', '华东 East: 金额 = 500K'],
  ] as const)('%s: %p', (language, text) => {
    expect(valueText({ category: '华东 East', values: { 金额: 499999.95 } }, rule, [amount], language)).toBe(text);
  });

  it('writes a missing value as a dash and no text without a finding', () => {
    expect(valueText({ category: '', values: { 金额: null } }, rule, [amount], 'en')).toBe('金额 = —');
    expect(valueText(undefined, rule, [amount], 'en')).toBe('');
  });
});
