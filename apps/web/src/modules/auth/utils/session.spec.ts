import { describe, expect, it } from '@jest/globals';
import { memoryStorages } from '../../../shared/storage/memory-storage';
import { clearToken, persistLogin, readAutoLogin, readToken, readUserName } from './session';

const permission = { roles: [{ id: 'admin', name: 'admin' }], permissions: [] };

describe('login session storage', () => {
  it('keeps the token in localStorage when autoLogin is on', () => {
    const storage = memoryStorages({}, { authorization: 'old' });
    persistLogin(storage, { token: 'jwt', userName: 'admin', autoLogin: true, permission, language: 'en' });
    expect(storage.local.getItem('authorization')).toBe('jwt');
    expect(storage.session.getItem('authorization')).toBeNull();
    expect(storage.local.getItem('autoLogin')).toBe('true');
    expect(readAutoLogin(storage)).toBe(true);
    expect(readToken(storage)).toBe('jwt');
  });

  it('keeps the token in sessionStorage when autoLogin is off', () => {
    const storage = memoryStorages({ authorization: 'old' });
    persistLogin(storage, { token: 'jwt', userName: 'bob', autoLogin: false, permission, language: 'zh-TW' });
    expect(storage.session.getItem('authorization')).toBe('jwt');
    expect(storage.local.getItem('authorization')).toBeNull();
    expect(storage.local.getItem('autoLogin')).toBe('false');
    expect(readToken(storage)).toBe('jwt');
  });

  it('stores userName, permission (JSON) and language in localStorage', () => {
    const storage = memoryStorages();
    persistLogin(storage, { token: 'jwt', userName: 'admin', autoLogin: false, permission, language: 'en' });
    expect(readUserName(storage)).toBe('admin');
    expect(JSON.parse(storage.local.getItem('permission') ?? 'null')).toEqual(permission);
    expect(storage.local.getItem('language')).toBe('en');
  });

  it('clears the token from both storages', () => {
    const storage = memoryStorages({ authorization: 'a', userName: 'admin' }, { authorization: 'b' });
    clearToken(storage);
    expect(storage.local.getItem('authorization')).toBeNull();
    expect(storage.session.getItem('authorization')).toBeNull();
    expect(readToken(storage)).toBeNull();
    expect(readUserName(storage)).toBe('admin');
  });
});
