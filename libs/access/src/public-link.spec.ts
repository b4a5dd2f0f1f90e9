import { canCallRoute, canReadSource, canUseLinkPath, linkPrincipal, linkState, rowViewer, userPrincipal } from './policy.js';

const analyst = userPrincipal({ userId: 'u1', isAdmin: false, permissions: ['datasource:view', 'datasource:edit', 'dashboard:edit', 'template:view', 'datasource:s2'], roleIds: ['analyst'] });
const link = { linkId: 'l1', expiresAt: new Date(Date.now() + 60_000).toISOString(), allowDetails: false, allowExport: true, filtersEditable: false };

describe('public link principals', () => {
  it("act for the creator with the creator's read rights and row rules only", () => {
    const p = linkPrincipal(analyst, link);
    expect(p).toMatchObject({ kind: 'link', userId: 'u1', isAdmin: false, permissions: ['datasource:view', 'template:view', 'datasource:s2'] });
    expect(rowViewer(p)).toEqual(rowViewer(analyst));
    expect(canReadSource(p, { dataSourceId: 's2', createdById: 'x' })).toBe(true);
    expect(canReadSource(p, { dataSourceId: 's3', createdById: 'x' })).toBe(false);
    // no ordinary REST route
    expect(canCallRoute(p, 'GET', '/api/dashboard/projects/{tab}')).toBe(false);
  });

  it('take only the read paths the creator allowed', () => {
    const p = linkPrincipal(analyst, link);
    expect(['run', 'details', 'export', 'range'].map((x) => canUseLinkPath(p, x as 'run'))).toEqual([true, false, true, false]);
    expect(canUseLinkPath(analyst, 'run')).toBe(false);
  });

  it('are live until expired or revoked', () => {
    expect(linkState(link)).toBe('live');
    expect(linkState({ ...link, revokedAt: new Date().toISOString() })).toBe('revoked');
    expect(linkState({ ...link, expiresAt: new Date(Date.now() - 1).toISOString() })).toBe('expired');
    expect(linkState({ ...link, expiresAt: 'not a date' })).toBe('expired');
  });
});
