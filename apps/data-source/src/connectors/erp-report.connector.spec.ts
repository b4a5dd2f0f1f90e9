import { AppError } from '@bi/core';
import { ProviderError } from '@bi/provider-protocol';
import { erpConnectionString, splitErpConnection } from '@bi/chart-model';
import { NaiveDate, formatDate } from '../uploads/cells.js';
import { InlineErpAccountResolver, providerFailure, reportQuery, reportRange, storeCell, todayIn } from './erp-report.connector.js';

describe('ERP report connector', () => {
  it('reads the last N days or months up to today', () => {
    expect(reportRange(1, 1, '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(reportRange(3, 1, '2026-03-01')).toEqual({ from: '2026-02-27', to: '2026-03-01' });
    expect(reportRange(1, 2, '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(reportRange(3, 2, '2026-01-15')).toEqual({ from: '2025-11-01', to: '2026-01-15' });
    // no date field: the query names only the condition project
    expect(reportQuery({ programId: 'p', conditionProjectId: 'east', dateConditionField: null, periodNumber: 5, periodDimension: 2 }, '2026-01-15')).toEqual({ project: 'east' });
  });

  it('takes today in the product’s time zone', () => {
    const at = new Date('2026-01-01T20:00:00Z');
    expect(todayIn('UTC', at)).toBe('2026-01-01');
    expect(todayIn('Asia/Shanghai', at)).toBe('2026-01-02');
  });

  it('maps typed cells to store values (a datetime as the wall clock of the time zone)', () => {
    expect(storeCell('decimal', '12.50', 'UTC')).toBe(12.5);
    expect(storeCell('whole', 3, 'UTC')).toBe(3);
    expect(storeCell('text', null, 'UTC')).toBeNull();
    expect(formatDate(storeCell('date', '2026-02-03', 'UTC') as NaiveDate)).toBe('2026-02-03');
    expect(formatDate(storeCell('datetime', '2026-02-03T23:30:00Z', 'Asia/Shanghai') as NaiveDate)).toBe('2026-02-04 07:30:00');
  });

  it('answers provider failures with the user’s message, never the provider’s text', () => {
    const e = providerFailure(new ProviderError('unauthorized', 'secret internals: user table missing')) as AppError;
    expect(e).toBeInstanceOf(AppError);
    expect(e.key).toBe('e10.provider_unauthorized');
    expect((providerFailure(new ProviderError('too_many_rows', 'x'), 10) as AppError).params).toEqual({ max: 10 });
  });

  it('reads the account from the request until the accounts store is bound', async () => {
    await expect(new InlineErpAccountResolver().resolve({ ip: '10.0.0.5', port: '8080', userName: 'u', identity: 'p' })).resolves.toMatchObject({ ip: '10.0.0.5', port: 8080, password: 'p' });
    await expect(new InlineErpAccountResolver().resolve('7')).rejects.toMatchObject({ key: 'e10.account_required' });
    await expect(new InlineErpAccountResolver().resolve({ ip: '10.0.0.5', port: 8080, userName: 'u' })).rejects.toMatchObject({ key: 'e10.account_invalid' });
  });

  it('splits the connection string as spec 02 §5 says: 4 program, 5 condition project, 6 date field or null', () => {
    const s = erpConnectionString({ ip: '10.0.0.5', port: 8080, accountId: '', programId: 'sales.order_lines', conditionProjectId: 'east', dateConditionField: null });
    expect(s).toBe('e10report://10.0.0.5:8080/-/sales.order_lines/east/null');
    expect(splitErpConnection(s)).toEqual({ programId: 'sales.order_lines', conditionProjectId: 'east', dateConditionField: null });
    expect(splitErpConnection(erpConnectionString({ ip: '::1', port: 1, accountId: 'a/1', programId: 'p/q', conditionProjectId: 'c', dateConditionField: 'd' }))).toEqual({ programId: 'p/q', conditionProjectId: 'c', dateConditionField: 'd' });
  });
});
