import { describe, expect, it, jest } from '@jest/globals';
import { of } from 'rxjs';
import type { Principal } from '@bi/access';
import type { AppConfig } from '@bi/config';

/**
 * Public links and embedding tokens ask the dashboard tab's read right of @bi/access (tabAccess) with
 * the principal they run as, at run time. Today's policy grants every signed-in user that right, so
 * this spec stands in a policy that refuses it to one user (`lost`), everything else as shipped.
 */
// the real policy under the mocked '@bi/access' (the scoped name would load the mock itself)
// eslint-disable-next-line @nx/enforce-module-boundaries
const actual = await import('../../../../libs/access/src/policy.js');
jest.unstable_mockModule('@bi/access', () => ({
  ...actual,
  canUseTab: (p: Principal, tab: 'dashboard' | 'template', access: 'read' | 'write') => (p.userId === 'lost' && tab === 'dashboard' ? false : actual.canUseTab(p, tab, access)),
}));
const { AppError } = await import('@bi/core');
const { PublicLinkMakerController, PublicLinkReaderController } = await import('./public-links.controller.js');
const { EmbedController } = await import('../embed/embed.controller.js');

const refusal = async (f: () => Promise<unknown>) => {
  try {
    await f();
  } catch (e) {
    return e instanceof AppError ? [e.httpStatus, e.key] : e;
  }
  return 'allowed';
};

const DASHBOARD = '6f1c2a52-1111-4e8e-9d1c-000000000001';
const config = { publicLinks: { enabled: true, maxDays: 90 }, dataSources: { queryTimeoutSeconds: 30 } } as unknown as AppConfig;
const calls: string[] = [];
const dashboards = {
  getDashboard: () => (calls.push('getDashboard'), of({ dashboardId: DASHBOARD, name: 'd', aspects: [], globalFilterJson: '' })),
  createPublicLink: () => (calls.push('createPublicLink'), of({})),
  findPublicLink: () =>
    of({ linkId: 'l1', publicId: 'A'.repeat(22), dashboardId: DASHBOARD, chartId: '', creatorId: CREATOR, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), revokedAt: '', passwordHash: '', filtersJson: '[]' }),
  listCharts: () => (calls.push('listCharts'), of({ charts: [] })),
};
let CREATOR = 'lost';
const identity = { getUserGrants: () => of({ user: { userName: CREATOR, disabled: false, roles: [] }, permissions: [] }) };
const user = (userId: string) => ({ userId, userName: userId, isAdmin: false, permissions: [], roleIds: [], token: 't' });

describe('public links and embedding ask the dashboard tab read right of the policy (@bi/access) with their principal', () => {
  const maker = new PublicLinkMakerController(dashboards as never, config, {} as never);
  const reader = new PublicLinkReaderController(dashboards as never, identity as never, {} as never, config, {} as never, {} as never, {} as never);

  it('refuses to make a link for a user without the right, before reading the dashboard', async () => {
    calls.length = 0;
    expect(await refusal(() => maker.create({ dashboardId: DASHBOARD }, user('lost')))).toEqual([403, 'auth.forbidden']);
    expect(calls).toEqual([]);
  });

  it("answers a link whose creator lost the right with the no-permission error, on the page and on its data paths", async () => {
    CREATOR = 'lost';
    calls.length = 0;
    expect(await refusal(() => reader.open('A'.repeat(22), { headers: {} }))).toEqual([403, 'publiclink.creator_lost_access']);
    expect(await refusal(() => reader.range('A'.repeat(22), { dataSourceId: 's', name: 'n' }, { headers: {} }))).toEqual([403, 'publiclink.creator_lost_access']);
    expect(calls).toEqual([]);
    CREATOR = 'kept';
    await reader.open('A'.repeat(22), { headers: {} });
    expect(calls).toContain('getDashboard');
  });

  it("refuses an embedding token's dashboard resource when its maker lost the right", async () => {
    const auth = { caller: async () => ({ user: user(CREATOR), claims: { sub: CREATOR, resource: { type: 'dashboard', id: DASHBOARD } } }) };
    const embed = new EmbedController(auth as never, {} as never, {} as never, dashboards as never, config);
    CREATOR = 'lost';
    calls.length = 0;
    expect(await refusal(() => embed.resource({ headers: {} }))).toEqual([403, 'auth.forbidden']);
    expect(calls).toEqual([]);
    CREATOR = 'kept';
    expect(await embed.resource({ headers: {} })).toMatchObject({ type: 'dashboard', dashboardId: DASHBOARD });
  });
});
