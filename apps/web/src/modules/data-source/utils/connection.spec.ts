import { describe, expect, it } from '@jest/globals';
import { MemoryStorage } from '../../../shared/storage/memory-storage';
import type { Connection } from '../types';
import {
  defaultConnection,
  fromConnection,
  passwordRequired,
  recallConnection,
  rememberConnection,
  rememberKey,
  toConnectionInput,
  wizardTypeCode,
} from './connection';

describe('wizard route types', () => {
  it('maps sql, mysql, oracle and postgres to their type codes; none means SQL Server; others are unknown', () => {
    expect(['sql', 'mysql', 'oracle', 'postgres'].map(wizardTypeCode)).toEqual([0, 2, 3, 7]);
    expect(wizardTypeCode(undefined)).toBe(0);
    expect(wizardTypeCode('excel')).toBeNull();
    expect(wizardTypeCode('8')).toBeNull();
  });
});

describe('connection defaults (spec 02 §9)', () => {
  it('SQL Server: port 1433, user sa, Basic, server default database', () => {
    expect(defaultConnection(0)).toEqual({ host: '', port: 1433, userName: 'sa', password: '', type: 'Basic', serverName: '', role: 'Default', initialDatabase: '' });
  });
  it('MySQL: port 3306, user root', () => {
    expect(defaultConnection(2)).toMatchObject({ port: 3306, userName: 'root', type: 'Basic', initialDatabase: '' });
  });
  it('Oracle: port 1521, service ORCL, Basic, role Default', () => {
    expect(defaultConnection(3)).toMatchObject({ port: 1521, userName: '', serverName: 'ORCL', type: 'Basic', role: 'Default' });
  });
  it('PostgreSQL: port 5432, user postgres, database postgres', () => {
    expect(defaultConnection(7)).toMatchObject({ port: 5432, userName: 'postgres', initialDatabase: 'postgres' });
  });
  it('gives fresh objects', () => {
    const a = defaultConnection(2);
    a.host = 'changed';
    expect(defaultConnection(2).host).toBe('');
  });
});

describe('remembered settings', () => {
  const values = { host: 'db.local', port: 3307, userName: 'bi', password: 'secret', type: 'Basic' as const, serverName: '', role: 'Default' as const, initialDatabase: 'sales' };

  it('keeps the last settings per type without the password', () => {
    const storage = new MemoryStorage();
    rememberConnection(storage, 2, values);
    const raw = storage.getItem(rememberKey(2));
    expect(raw).not.toBeNull();
    expect(raw).not.toContain('secret');
    expect(JSON.parse(raw!)).not.toHaveProperty('password');
    expect(recallConnection(storage, 2)).toEqual({ ...values, password: '' });
  });

  it('keeps each type apart', () => {
    const storage = new MemoryStorage();
    rememberConnection(storage, 2, values);
    expect(recallConnection(storage, 0)).toEqual(defaultConnection(0));
  });

  it('falls back to the defaults for missing, malformed or wrongly typed values', () => {
    const storage = new MemoryStorage({ [rememberKey(0)]: '{not json', [rememberKey(2)]: JSON.stringify({ host: 7, port: 70000, userName: 'u', password: 'leak' }) });
    expect(recallConnection(storage, 0)).toEqual(defaultConnection(0));
    expect(recallConnection(storage, 2)).toEqual({ ...defaultConnection(2), userName: 'u', password: '' });
  });

  it('remembers Oracle TNS and role, but not for other types', () => {
    const storage = new MemoryStorage();
    rememberConnection(storage, 3, { ...values, type: 'TNS', role: 'SYSDBA', serverName: '(DESCRIPTION=...)' });
    expect(recallConnection(storage, 3)).toMatchObject({ type: 'TNS', role: 'SYSDBA', serverName: '(DESCRIPTION=...)', password: '' });
    storage.setItem(rememberKey(0), JSON.stringify({ type: 'TNS', role: 'SYSDBA' }));
    expect(recallConnection(storage, 0)).toMatchObject({ type: 'Basic', role: 'Default' });
  });
});

describe('toConnectionInput', () => {
  it('trims texts, sends the initial database for MySQL and no Oracle members', () => {
    expect(toConnectionInput(2, { ...defaultConnection(2), host: ' db ', userName: ' root ', password: 'p', initialDatabase: ' bi_e2e ' })).toEqual({
      host: 'db',
      port: 3306,
      userName: 'root',
      password: 'p',
      type: 'Basic',
      initialDatabase: 'bi_e2e',
    });
  });
  it('an empty port is the type default', () => {
    expect(toConnectionInput(0, { ...defaultConnection(0), host: 'h', port: null }).port).toBe(1433);
  });
  it('Oracle sends service and role; with TNS the host is left out', () => {
    const input = toConnectionInput(3, { ...defaultConnection(3), host: 'h', userName: 'scott', type: 'TNS', serverName: '(DESCRIPTION=x)', role: 'SYSDBA' });
    expect(input).toMatchObject({ host: '', type: 'TNS', serverName: '(DESCRIPTION=x)', role: 'SYSDBA' });
    expect(input).not.toHaveProperty('initialDatabase');
  });
});

describe('edit screen connection', () => {
  const stored: Connection = { host: 'db', port: 3306, userName: 'root', type: 'Basic', serverName: '', role: 'Default', initialDatabase: 'x', hasPassword: true };

  it('fills the form from the stored connection with an empty password', () => {
    expect(fromConnection(2, stored)).toEqual({ host: 'db', port: 3306, userName: 'root', password: '', type: 'Basic', serverName: '', role: 'Default', initialDatabase: 'x' });
  });

  it('asks for the password again only after host, port or type change', () => {
    expect(passwordRequired(2, stored, { host: 'db', port: 3306, type: 'Basic' })).toBe(false);
    expect(passwordRequired(2, stored, { host: 'db', port: null, type: 'Basic' })).toBe(false);
    expect(passwordRequired(2, stored, { host: 'other', port: 3306, type: 'Basic' })).toBe(true);
    expect(passwordRequired(2, stored, { host: 'db', port: 3307, type: 'Basic' })).toBe(true);
    expect(passwordRequired(2, { ...stored, hasPassword: false }, { host: 'other', port: 1, type: 'Basic' })).toBe(false);
  });
});
