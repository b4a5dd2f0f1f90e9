import { describe, expect, it } from '@jest/globals';
import { hasPermission, isAdmin, parsePermission } from './permission';

describe('isAdmin', () => {
  it('is the role id admin, not a permission named admin', () => {
    expect(isAdmin({ roles: [{ id: 'admin' }] })).toBe(true);
    expect(isAdmin({ roles: [{ id: 'viewer' }], permissions: [{ target: 'drn:iam:app:margin:admin' }] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('hasPermission', () => {
  it('grants everything to the admin role', () => {
    const permission = { roles: [{ id: 'user' }, { id: 'admin', name: 'admin' }], permissions: [] };
    expect(hasPermission(permission, 'datasource:view')).toBe(true);
    expect(hasPermission(permission, 'template:edit')).toBe(true);
  });

  it('matches the target drn:iam:app:margin:<name> exactly', () => {
    const permission = {
      roles: [{ id: 'viewer', name: 'viewer' }],
      permissions: [{ target: 'drn:iam:app:margin:datasource:view' }, { target: 'drn:iam:app:margin:datasource:42' }],
    };
    expect(hasPermission(permission, 'datasource:view')).toBe(true);
    expect(hasPermission(permission, 'datasource:42')).toBe(true);
    expect(hasPermission(permission, 'datasource:4')).toBe(false);
    expect(hasPermission(permission, 'template:view')).toBe(false);
    expect(hasPermission(permission, 'datasource')).toBe(false);
  });

  it('does not match the bare name or another prefix', () => {
    const permission = { roles: [], permissions: [{ target: 'template:view' }, { target: 'drn:iam:app:other:template:view' }] };
    expect(hasPermission(permission, 'template:view')).toBe(false);
  });

  it('denies without permission data', () => {
    expect(hasPermission(null, 'datasource:view')).toBe(false);
    expect(hasPermission(undefined, 'datasource:view')).toBe(false);
    expect(hasPermission({}, 'datasource:view')).toBe(false);
    expect(hasPermission({ roles: null, permissions: null }, 'datasource:view')).toBe(false);
  });

  it('does not treat a role named admin with another id as admin', () => {
    expect(hasPermission({ roles: [{ id: 'x', name: 'admin' }], permissions: [] }, 'template:edit')).toBe(false);
  });
});

describe('parsePermission', () => {
  it('reads stored JSON', () => {
    expect(parsePermission('{"roles":[{"id":"admin"}],"permissions":[]}')).toEqual({ roles: [{ id: 'admin' }], permissions: [] });
  });

  it('returns null for absent, null or malformed values', () => {
    expect(parsePermission(null)).toBeNull();
    expect(parsePermission('')).toBeNull();
    expect(parsePermission('null')).toBeNull();
    expect(parsePermission('{oops')).toBeNull();
    expect(parsePermission('42')).toBeNull();
  });
});
