import { describe, expect, it } from '@jest/globals';
import type { AdminUser, AuditEntry } from '../types';
import { areaPermissions, auditActionKey, detailText, filterUsers, nextAuditCursor, targetLabel, targetNames, validDisplayName, validPassword, validUserName } from './admin';

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
