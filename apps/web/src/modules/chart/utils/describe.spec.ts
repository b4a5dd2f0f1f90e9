import { describe, expect, it } from '@jest/globals';
import { answerOf } from '../testing/fixtures';
import type { CardOption, NavOption } from '../types';
import { describeCard, describeItems, describeNav, describeSeries } from './describe';

describe('what screen readers hear for a chart', () => {
  it('card: the value and its statistics', () => {
    const answer = answerOf('card', { points: [], aggregateConfig: { showSum: true } }, [{ amount: 1234567 }]);
    expect(describeCard('Revenue', answer.option.card as unknown as CardOption)).toBe('Revenue: Amount 123.5万, Sum 123.5万');
    expect(describeCard('Revenue', undefined)).toBe('Revenue');
  });

  it('nav: the percent reached per bar', () => {
    const nav: NavOption = { items: [{ name: 'East', value: 5, target: 10, ratio: 0.5, percent: '50.00%' }] };
    expect(describeNav('Progress', nav)).toBe('Progress: East 50.00%');
  });

  it('pie and map: the finished labels; gauge: the detail', () => {
    expect(describeItems('Share', answerOf('pie').option)).toBe('Share: 广东省: 27.03%, 北京市: 51.35%, 上海市: 21.62%');
    expect(describeItems('Regions', answerOf('map').option)).toContain('广东 123.5万');
    expect(describeItems('Gauge', answerOf('gauge', { points: [] }, [{ amount: 1234567 }]).option)).toBe('Gauge: Amount 123.5万');
  });

  it('cartesian kinds: the series names', () => {
    expect(describeSeries('Revenue', answerOf('bar'))).toBe('Revenue: Amount');
  });
});
