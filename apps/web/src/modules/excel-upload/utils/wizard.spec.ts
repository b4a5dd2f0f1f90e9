import { describe, expect, it } from '@jest/globals';
import type { Field } from '../../data-source/types';
import type { Sheet } from '../types';
import { checkFile, initialMapping, mapToField, mappingProblem, matchField, routeAction, shrinkTabs, suggestedName } from './wizard';

const field = (name: string, dataType: Field['dataType'] = 'string', title = name): Field => ({ name, title, dataType, expression: '', aggregator: '' });
const sheet: Sheet = {
  name: '销售明细',
  index: 0,
  columns: [
    { name: '日期', dataTypeDisp: 'date' },
    { name: 'Amount', dataTypeDisp: 'number' },
    { name: '备注', dataTypeDisp: 'string' },
    { name: 'key_id', dataTypeDisp: 'number' },
  ],
  rows: [],
  problem: null,
};

describe('excel upload wizard rules', () => {
  it('accepts the three actions of the route only', () => {
    expect(['create', 'append', 'replace', 'edit', undefined].map(routeAction)).toEqual(['create', 'append', 'replace', null, null]);
  });

  it('checks the file before sending: .xlsx or .csv, at most 40 MB, .xls refused with its own message', () => {
    expect(checkFile({ name: 'a.xlsx', size: 40 * 1024 * 1024 })).toBeNull();
    expect(checkFile({ name: 'A.CSV', size: 1 })).toBeNull();
    expect(checkFile({ name: 'a.xlsx', size: 40 * 1024 * 1024 + 1 })).toBe('upload.tooLarge');
    expect(checkFile({ name: 'a.xls', size: 1 })).toBe('upload.xls');
    expect(checkFile({ name: 'a.txt', size: 1 })).toBe('upload.extension');
  });

  it('shrinks the sheet tabs above 7 sheets', () => {
    expect(shrinkTabs(7)).toBe(false);
    expect(shrinkTabs(8)).toBe(true);
  });

  it('create: every column as inferred, to a field of its own name; reserved names abandoned', () => {
    expect(initialMapping(sheet, 'create')).toEqual([
      { name: '日期', type: 'date', targetName: '日期' },
      { name: 'Amount', type: 'number', targetName: 'Amount' },
      { name: '备注', type: 'string', targetName: '备注' },
      { name: 'key_id', type: 'abandon', targetName: 'key_id' },
    ]);
  });

  it('append / replace: columns matched to existing fields by name (case, then title) take their type', () => {
    const fields = [field('key_id', 'number'), field('amount', 'number'), field('order_date', 'date', '日期'), field('calc', 'number')];
    fields[3].expression = 'amount * 2';
    expect(matchField('AMOUNT', fields)?.name).toBe('amount');
    expect(initialMapping(sheet, 'append', fields)).toEqual([
      { name: '日期', type: 'date', targetName: 'order_date' },
      { name: 'Amount', type: 'number', targetName: 'amount' },
      { name: '备注', type: 'abandon', targetName: '' },
      { name: 'key_id', type: 'abandon', targetName: '' },
    ]);
    const changed = mapToField(initialMapping(sheet, 'replace', fields), '备注', 'amount', fields);
    expect(changed[2]).toEqual({ name: '备注', type: 'number', targetName: 'amount' });
    expect(mapToField(changed, '备注', '', fields)[2]).toEqual({ name: '备注', type: 'abandon', targetName: '' });
  });

  it('names what stops the finish button', () => {
    const m = initialMapping(sheet, 'create');
    expect(mappingProblem('create', m, '')).toEqual({ key: 'worktable.nameRequired' });
    expect(mappingProblem('create', m, 'ab')).toEqual({ key: 'worktable.nameLength' });
    expect(mappingProblem('create', m, '销售明细表')).toBeNull();
    expect(mappingProblem('create', m.map((x) => ({ ...x, type: 'abandon' as const })), '销售明细表')).toEqual({ key: 'worktable.noColumns' });
    expect(mappingProblem('create', [{ name: 'a', type: 'string', targetName: 'X' }, { name: 'b', type: 'string', targetName: 'x' }], 'abc')).toEqual({ key: 'worktable.targetDuplicate', params: { name: 'x' } });
    expect(mappingProblem('create', [{ name: 'a', type: 'string', targetName: 'Deleted' }], 'abc')).toEqual({ key: 'worktable.targetReserved', params: { name: 'Deleted' } });
    expect(mappingProblem('append', [{ name: 'a', type: 'string', targetName: '' }], '')).toEqual({ key: 'worktable.targetRequired' });
  });

  it('suggests a worktable name from the sheet or the file', () => {
    expect(suggestedName('销售明细', 'x.xlsx')).toBe('销售明细');
    expect(suggestedName('S1', 'orders-2024.csv')).toBe('orders-2024');
    expect(suggestedName('S1', 'ab.csv')).toBe('');
  });
});
