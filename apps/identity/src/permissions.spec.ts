import { effectivePermissions, hasPermission, isGrantTarget, isValidPermission, moduleFlags, toTarget } from './permissions.js';

describe('identity permission rules', () => {
  it('accepts the spec permission strings and per-source grants only', () => {
    for (const p of ['datasource:view', 'datasource:edit', 'template:view', 'template:edit', 'datasource:42', 'datasource:a1b2-c3']) expect(isValidPermission(p)).toBe(true);
    for (const p of ['', 'datasource:', 'admin', 'template:delete x', 'datasource:view;drop', 'DATASOURCE:VIEW']) expect(isValidPermission(p)).toBe(false);
  });

  it('gives role admin every permission, others only what they were granted', () => {
    expect(effectivePermissions(['admin'], [])).toEqual(['dashboard:edit', 'datasource:edit', 'datasource:view', 'template:edit', 'template:view']);
    expect(effectivePermissions(['viewer'], ['template:view'])).toEqual(['template:view']);
    expect(hasPermission(['admin'], [], 'datasource:123')).toBe(true);
    expect(hasPermission(['analyst'], ['datasource:view'], 'datasource:123')).toBe(false);
    expect(hasPermission(['analyst'], ['datasource:123'], 'datasource:123')).toBe(true);
  });

  it('tells grant targets from area permissions', () => {
    for (const t of ['datasource:42', 'relation:r-1', 'template:abc_1']) expect(isGrantTarget(t)).toBe(true);
    for (const t of ['datasource:edit', 'datasource:view', 'template:edit', 'template:view', 'dashboard:edit', 'dashboard:1', 'datasource:', 'relation:a b', `datasource:${'x'.repeat(65)}`])
      expect(isGrantTarget(t)).toBe(false);
    expect(isValidPermission('dashboard:edit')).toBe(true);
  });

  it('prefixes targets as the web expects', () => {
    expect(toTarget('template:view')).toBe('drn:iam:app:margin:template:view');
  });

  it('enables a module only when installed and the user may create sources', () => {
    const enabled = ['sql', 'excel'];
    expect(moduleFlags(enabled, ['analyst'], ['datasource:edit'])).toEqual([
      { name: 'e10report', permission: false },
      { name: 'sql', permission: true },
      { name: 'mysql', permission: false },
      { name: 'oracle', permission: false },
      { name: 'excel', permission: true },
      { name: 'api', permission: false },
    ]);
    expect(moduleFlags(enabled, ['viewer'], ['template:view']).every((m) => !m.permission)).toBe(true);
  });
});
