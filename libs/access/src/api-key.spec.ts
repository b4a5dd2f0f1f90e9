import { apiKeyPrincipal, apiKeyRouteScope, canCallRoute, canGrantScope, canReadSource, canWriteChart, userPrincipal } from './policy.js';

const analyst = userPrincipal({ userId: 'u1', isAdmin: false, permissions: ['datasource:view', 'datasource:edit', 'dashboard:edit', 'template:view', 'datasource:s2', 'relation:m1'], roleIds: ['analyst'] });
const admin = userPrincipal({ userId: 'a', isAdmin: true, permissions: ['datasource:view', 'datasource:edit', 'dashboard:edit'], roleIds: ['admin'] });

describe('API key principals', () => {
  it('keep of the maker only what the scopes cover', () => {
    expect(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['read'] }).permissions).toEqual(['datasource:view', 'template:view', 'datasource:s2', 'relation:m1']);
    expect(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['dashboards:write'] }).permissions).toEqual(['dashboard:edit']);
    expect(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['sources:manage'] }).permissions).toEqual(['datasource:view', 'datasource:edit', 'datasource:s2']);
    // unknown scopes are dropped; admin only with the admin scope and an admin maker
    expect(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['admin', 'everything'] })).toMatchObject({ isAdmin: false, scopes: ['admin'] });
    expect(apiKeyPrincipal(admin, { keyId: 'k', scopes: ['read'] }).isAdmin).toBe(false);
    expect(apiKeyPrincipal(admin, { keyId: 'k', scopes: ['admin'] }).isAdmin).toBe(true);
  });

  it('decide through the same checks as their maker, cut down', () => {
    const source = { dataSourceId: 's2', createdById: 'someone' };
    expect(canReadSource(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['read'] }), source)).toBe(true);
    expect(canReadSource(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['dashboards:write'] }), source)).toBe(false);
    expect(canWriteChart(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['read'] }), 'dashboard', undefined)).toBe(false);
    expect(canWriteChart(apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['dashboards:write'] }), 'dashboard', undefined)).toBe(true);
  });

  it('reach only the routes of their scopes', () => {
    expect(apiKeyRouteScope('GET', '/api/dashboard/projects/{tab}')).toBe('read');
    expect(apiKeyRouteScope('POST', '/api/dashboard/chart/{tab}/{chartId}')).toBe('read');
    expect(apiKeyRouteScope('DELETE', '/api/dashboard/chart/{tab}/{chartId}')).toBe('dashboards:write');
    expect(apiKeyRouteScope('GET', '/api/data_source/projs')).toBe('sources:manage');
    expect(apiKeyRouteScope('GET', '/api/identity/admin/users')).toBe('admin');
    // report subscriptions run later as their maker with full rights: no key reaches them (ADR 0023 addendum)
    for (const [m, path] of [['POST', '/api/subscription'], ['GET', '/api/subscription/mine'], ['POST', '/api/subscription/{id}/send']]) expect(apiKeyRouteScope(m!, path!)).toBeUndefined();
    for (const path of ['/api/identity/api-keys', '/api/identity/password', '/api/identity/logout/{userName}']) expect(apiKeyRouteScope('POST', path)).toBeUndefined();
    const reader = apiKeyPrincipal(analyst, { keyId: 'k', scopes: ['read'] });
    expect(canCallRoute(reader, 'GET', '/api/dashboard/projects/{tab}')).toBe(true);
    expect(canCallRoute(reader, 'PUT', '/api/dashboard/{tab}/{dashboardId}')).toBe(false);
    const root = apiKeyPrincipal(admin, { keyId: 'k', scopes: ['admin'] });
    expect(canCallRoute(root, 'PUT', '/api/dashboard/{tab}/{dashboardId}')).toBe(true);
    expect(canCallRoute(root, 'POST', '/api/identity/api-keys')).toBe(false);
    expect(canCallRoute(analyst, 'POST', '/api/identity/api-keys')).toBe(true);
  });

  it('are made with the admin scope by administrators only, and never by a key', () => {
    expect(canGrantScope(analyst, 'read')).toBe(true);
    expect(canGrantScope(analyst, 'admin')).toBe(false);
    expect(canGrantScope(admin, 'admin')).toBe(true);
    expect(canGrantScope(apiKeyPrincipal(admin, { keyId: 'k', scopes: ['admin'] }), 'read')).toBe(false);
  });
});
