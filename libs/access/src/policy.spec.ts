import { canReadRelation, canReadSource, canEditSource, canSeeTemplate, canUseTab, canWriteChart, isRowRestricted, rowRulesFingerprint, userPrincipal } from './policy.js';

const analyst = userPrincipal({ userId: 'u1', isAdmin: false, permissions: ['datasource:view', 'datasource:edit', 'dashboard:edit', 'template:view', 'datasource:s2'], roleIds: ['r-analyst'] });
const viewer = userPrincipal({ userId: 'u2', isAdmin: false, permissions: ['template:view'], roleIds: ['r-viewer'] });
const admin = userPrincipal({ userId: 'a', isAdmin: true, permissions: [], roleIds: ['admin'] });

describe('access policy', () => {
  it('a source: admin, its creator, a holder of its grant', () => {
    expect(canReadSource(admin, { dataSourceId: 's1', createdById: 'x' })).toBe(true);
    expect(canReadSource(analyst, { dataSourceId: 's1', createdById: 'u1' })).toBe(true);
    expect(canReadSource(analyst, { dataSourceId: 's2', createdById: 'x' })).toBe(true);
    expect(canReadSource(analyst, { dataSourceId: 's1', createdById: 'x' })).toBe(false);
    expect(canReadSource(analyst, { dataSourceId: 's1', createdById: '' })).toBe(false);
    expect(canEditSource(viewer, { dataSourceId: 's3', createdById: 'u2' })).toBe(false);
    expect(canEditSource(analyst, { dataSourceId: 's2', createdById: 'x' })).toBe(true);
  });

  it('tabs, templates and relation maps', () => {
    expect(canUseTab(viewer, 'dashboard', 'read')).toBe(true);
    expect(canUseTab(viewer, 'dashboard', 'write')).toBe(false);
    expect(canUseTab(viewer, 'template', 'read')).toBe(true);
    expect(canUseTab(analyst, 'template', 'write')).toBe(false);
    expect(canSeeTemplate(viewer, { templateId: 't', publisherId: 'u2' })).toBe(true);
    expect(canSeeTemplate(viewer, { templateId: 't', publisherId: 'u1' })).toBe(false);
    expect(canReadRelation(analyst, { relationId: 'm', createdBy: 'u9' })).toBe(false);
    expect(canReadRelation(admin, { relationId: 'm', createdBy: 'u9' })).toBe(true);
  });

  it('a chart write needs the tab and the chart’s current source', () => {
    expect(canWriteChart(analyst, 'dashboard', { dataSourceId: 's1', createdById: 'x' })).toBe(false);
    expect(canWriteChart(analyst, 'dashboard', { dataSourceId: 's2', createdById: 'x' })).toBe(true);
    expect(canWriteChart(analyst, 'dashboard', undefined)).toBe(true);
    expect(canWriteChart(viewer, 'dashboard', undefined)).toBe(false);
  });

  it('row rules: restricted per principal, admins never', () => {
    const source = { rowRulesJson: JSON.stringify({ denyByDefault: false, rules: [{ roleId: 'r-viewer', field: 'region', compare: '=', compareValue: 'R0' }] }) };
    expect(isRowRestricted(viewer, source)).toBe(true);
    expect(isRowRestricted(analyst, source)).toBe(false);
    expect(isRowRestricted(admin, source)).toBe(false);
    expect(rowRulesFingerprint(viewer, source)).toContain('R0');
    expect(isRowRestricted(analyst, { rowRulesJson: JSON.stringify({ denyByDefault: true, rules: [] }) })).toBe(true);
  });

  it("row rules of a joined table: restricted on any input is restricted on the join; the fingerprint carries the inputs' rules", () => {
    const rule = { roleId: 'r-viewer', field: 'region', compare: '=', compareValue: 'R0' };
    const join = (inputs: unknown[]) => ({ rowRulesJson: JSON.stringify({ denyByDefault: false, rules: [], inputs }) });
    expect(isRowRestricted(viewer, join([null, { denyByDefault: false, rules: [rule] }]))).toBe(true);
    expect(isRowRestricted(analyst, join([null, { denyByDefault: false, rules: [rule] }]))).toBe(false);
    expect(isRowRestricted(analyst, join([{ denyByDefault: true, rules: [rule] }, null]))).toBe(true);
    expect(isRowRestricted(admin, join([{ denyByDefault: true, rules: [] }]))).toBe(false);
    expect(rowRulesFingerprint(viewer, join([null, { denyByDefault: false, rules: [rule] }]))).not.toBe(rowRulesFingerprint(viewer, join([{ denyByDefault: false, rules: [rule] }, null])));
  });
});
