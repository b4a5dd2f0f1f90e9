import { describe, expect, it } from '@jest/globals';
import type { AdminUser, AuditEntry } from '../types';
import en from '../i18n/en';
import { areaPermissions, auditActionKey, auditTargetName, describeDetail, detailText, filterUsers, nextAuditCursor, targetLabel, targetNames, validDisplayName, validPassword, validUserName } from './admin';

const entry = (id: number): AuditEntry => ({ id, at: '2026-01-01T00:00:00Z', actorId: 'a', actorName: 'admin', action: 'grant.add', target: 'datasource:x', detail: {} });
const user = (userName: string, displayName = userName): AdminUser => ({ id: userName, userName, displayName, disabled: false, mustChangePassword: false, roles: [], createdAt: '' });

describe('user administration rules', () => {
  it('pages the audit log on the smallest id of a full page', () => {
    expect(nextAuditCursor([entry(9), entry(7), entry(8)], 3)).toBe(7);
    expect(nextAuditCursor([entry(9), entry(7)], 3)).toBeUndefined();
    expect(nextAuditCursor([], 3)).toBeUndefined();
  });

  it('checks user names, passwords and display names as the server does', () => {
    expect(validUserName('ann.lee@corp-1_x')).toBe(true);
    expect(validUserName('')).toBe(false);
    expect(validUserName('a b')).toBe(false);
    expect(validUserName('用户')).toBe(false);
    expect(validUserName('a'.repeat(64))).toBe(true);
    expect(validUserName('a'.repeat(65))).toBe(false);
    expect(validPassword('1234567')).toBe(false);
    expect(validPassword('12345678')).toBe(true);
    expect(validPassword('x'.repeat(257))).toBe(false);
    expect(validDisplayName(undefined)).toBe(true);
    expect(validDisplayName('x'.repeat(65))).toBe(false);
  });

  it('filters users by user name or display name', () => {
    const users = [user('admin'), user('ann', 'Ann Lee'), user('bob')];
    expect(filterUsers(users, 'LEE').map((u) => u.userName)).toEqual(['ann']);
    expect(filterUsers(users, ' ').length).toBe(3);
  });

  it('names known audit actions and shows details as text', () => {
    expect(auditActionKey('user.password_reset')).toBe('audit.actions.userPasswordReset');
    expect(auditActionKey('something.new')).toBeNull();
    expect(detailText({ roleIds: ['viewer', 'analyst'], userName: 'ann' })).toBe('roleIds: viewer, analyst; userName: ann');
    expect(detailText({ roleIds: ['viewer'], userIds: [] })).toBe('roleIds: viewer');
    expect(detailText(undefined)).toBe('');
  });

  it('shows the roles and users of an entry by name, an id only where no name is kept', () => {
    const ad = (key: string, params: Record<string, string | number> = {}) => {
      const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], en) as string;
      return text.replace(/{{(\w+)}}/g, (_, name: string) => String(params[name]));
    };
    const names = { roles: { viewer: 'Viewer', analyst: 'Analyst' }, users: { 'u-1': 'Ann Lee' } };
    const grant = { action: 'grant.add', detail: { roleIds: ['viewer', 'gone-role'], userIds: ['u-1'], names } };
    expect(describeDetail(grant, ad)).toBe('Roles: Viewer, gone-role; Users: Ann Lee');
    expect(describeDetail({ action: 'user.roles', detail: { userName: 'ann', before: ['viewer'], after: ['viewer', 'analyst'], names } }, ad)).toBe('User name: ann; Roles: Viewer → Viewer, Analyst');
    expect(describeDetail({ action: 'user.roles', detail: { userName: 'ann', before: [], after: ['analyst'], names } }, ad)).toBe('User name: ann; Roles: (none) → Analyst');
    const deleted = { action: 'dashboard.delete', target: 'dashboard:d-1', detail: { name: 'Sales board', folder: 'Sales', tab: 'dashboard', names: { roles: {}, users: {} } } };
    expect(describeDetail(deleted, ad)).toBe('Folder: Sales');
    expect(auditTargetName(deleted, new Map())).toBe('Sales board');
    expect(auditTargetName({ action: 'user.create', target: 'user:u-1', detail: { names } }, new Map())).toBe('Ann Lee');
    expect(auditTargetName({ action: 'grant.add', target: 'datasource:s1', detail: {} }, new Map([['datasource:s1', 'Orders']]))).toBe('Orders');
    expect(describeDetail({ action: 'chart.delete', detail: { name: 'Revenue', dashboard: 'Board', tab: 'template' } }, ad)).toBe('Dashboard: Board; Template tab');
  });

  it('separates area permissions from granted objects and names known sources', () => {
    const grants = { permissions: ['datasource:view', 'datasource:d1', 'dashboard:edit'], grants: [{ target: 'datasource:d1', via: 'role' as const, roleId: 'viewer' }] };
    expect(areaPermissions(grants)).toEqual(['datasource:view', 'dashboard:edit']);
    const names = targetNames([{ dataSourceId: 'd1', name: 'Sales' }], [{ id: 'u1', userName: 'ann' }]);
    expect(targetLabel('datasource:d1', names)).toBe('Sales');
    expect(targetLabel('user:u1', names)).toBe('ann');
    expect(targetLabel('datasource:d2', names)).toBeNull();
    expect(targetLabel('template:t1', names)).toBeNull();
  });
});
