import { describe, expect, it } from '@jest/globals';
import type { TemplateSource } from '../types';
import { candidateFields, choosable, initialMapping, rankCandidates, sourceMaps, unmapped } from './remap';

const sales: TemplateSource = {
  dataSourceId: 'ds-1',
  name: 'Sales',
  charts: 2,
  fields: [
    { name: 'region', dataType: 'string' },
    { name: 'amount', dataType: 'number' },
    { name: 'day', dataType: 'date' },
  ],
  candidates: [
    { dataSourceId: 'a', name: 'Orders', projectName: 'Mine', missing: ['amount', 'day'] },
    { dataSourceId: 'b', name: 'My sales', projectName: 'Mine', missing: [] },
    { dataSourceId: 'c', name: 'Sales', projectName: 'Other', missing: ['day'] },
  ],
  match: 'b',
};

describe('template source remapping', () => {
  it('tells which used fields a candidate has and lacks', () => {
    expect(candidateFields(sales, 'a')).toEqual({ matched: ['region'], missing: ['amount', 'day'] });
    expect(candidateFields(sales, 'b')).toEqual({ matched: ['region', 'amount', 'day'], missing: [] });
    expect(candidateFields(sales, 'gone').missing).toEqual(['region', 'amount', 'day']);
  });

  it('lets only complete candidates be chosen, listed first', () => {
    expect(choosable(sales, 'b')).toBe(true);
    expect(choosable(sales, 'c')).toBe(false);
    expect(rankCandidates(sales).map((c) => c.dataSourceId)).toEqual(['b', 'c', 'a']);
  });

  it('starts with the server proposal only when it may be chosen, and sends only chosen sources', () => {
    const sources = [sales, { ...sales, dataSourceId: 'ds-2', match: 'c' }, { ...sales, dataSourceId: 'ds-3', match: '' }];
    const mapping = initialMapping(sources);
    expect(mapping).toEqual({ 'ds-1': 'b', 'ds-2': undefined, 'ds-3': undefined });
    expect(unmapped(sources, mapping).map((s) => s.dataSourceId)).toEqual(['ds-2', 'ds-3']);
    expect(sourceMaps({ ...mapping, 'ds-2': 'b' })).toEqual([{ from: 'ds-1', to: 'b' }, { from: 'ds-2', to: 'b' }]);
  });
});
