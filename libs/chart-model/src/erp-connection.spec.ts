import { erpConnectionAccount, erpConnectionString, erpReportPayload, isErpSourceType, parseErpConnection } from './index.js';

// The connection strings of the kinds on a report program (docs/adr/0017): ERP report (4) e10report://,
// SBEP (6) sbep://, second-generation ERP (10) e10://; the SBEP edit screen's typed string checked.
describe('ERP connection strings of the three kinds', () => {
  const settings = { ip: '10.0.0.5', port: 8080, accountId: 'acc-1', programId: 'sales.order_lines', conditionProjectId: 'east', dateConditionField: 'order_date' };

  it('writes the kind’s scheme; the ERP report’s by default', () => {
    expect(erpConnectionString(settings)).toBe('e10report://10.0.0.5:8080/acc-1/sales.order_lines/east/order_date');
    expect(erpConnectionString(settings, 6)).toBe('sbep://10.0.0.5:8080/acc-1/sales.order_lines/east/order_date');
    expect(erpConnectionString({ ...settings, dateConditionField: null }, 10)).toBe('e10://10.0.0.5:8080/acc-1/sales.order_lines/east/null');
    expect(erpConnectionAccount('sbep://h:1/a%2Fb/p/c/null')).toBe('a/b');
    expect([4, 6, 10].every(isErpSourceType)).toBe(true);
    expect([0, 1, 5, '4', null].some(isErpSourceType)).toBe(false);
  });

  it('reads a typed SBEP string back, or refuses a malformed one', () => {
    expect(parseErpConnection(` ${erpConnectionString(settings, 6)} `, 6)).toEqual({ host: '10.0.0.5', port: 8080, ...settings, ip: undefined });
    expect(parseErpConnection('sbep://[::1]:9000/-/p%2Fq/c/null', 6)).toEqual({ host: '::1', port: 9000, accountId: '-', programId: 'p/q', conditionProjectId: 'c', dateConditionField: null });
    for (const bad of [
      '',
      'sbep://10.0.0.5:8080/acc/sales/east',
      'sbep://10.0.0.5:8080/acc/sales/east/null/extra',
      'sbep://10.0.0.5/acc/sales/east/null',
      'sbep://10.0.0.5:0/acc/sales/east/null',
      'sbep://10.0.0.5:70000/acc/sales/east/null',
      'sbep://10.0.0.5:8080/acc//east/null',
      'e10report://10.0.0.5:8080/acc/sales/east/null',
      `sbep://h:1/a/${'p'.repeat(2000)}/c/null`,
    ])
      expect(parseErpConnection(bad, 6)).toBeNull();
    expect(parseErpConnection('e10report://10.0.0.5:8080/acc/sales/east/null', 4)).not.toBeNull();
  });

  it('takes the kind of a new source in the payload (4 by default; no other code)', () => {
    expect(erpReportPayload.parse({}).type).toBe(4);
    expect(erpReportPayload.parse({ type: 6, connection: 'sbep://h:1/a/p/c/null' })).toMatchObject({ type: 6, connection: 'sbep://h:1/a/p/c/null' });
    expect(erpReportPayload.safeParse({ type: 8 }).success).toBe(false);
  });
});
