import { describe, expect, it } from '@jest/globals';
import { memoryStorages } from '../../../shared/storage/memory-storage';
import { LOGIN_PATH, mustRedirectToLogin } from './guard';

describe('mustRedirectToLogin', () => {
  const protectedPaths = ['/', '/dashboard', '/dashboard/p1/d1', '/data_source', '/template/p/d', '/database'];

  it('redirects when autoLogin is absent and no token is in sessionStorage', () => {
    const storage = memoryStorages();
    for (const path of protectedPaths) expect(mustRedirectToLogin(path, storage)).toBe(true);
  });

  it('redirects when autoLogin is false and only localStorage holds a token', () => {
    const storage = memoryStorages({ autoLogin: 'false', authorization: 'jwt' });
    expect(mustRedirectToLogin('/dashboard', storage)).toBe(true);
  });

  it('lets through when autoLogin is absent or false and sessionStorage holds a token', () => {
    expect(mustRedirectToLogin('/dashboard', memoryStorages({}, { authorization: 'jwt' }))).toBe(false);
    expect(mustRedirectToLogin('/dashboard', memoryStorages({ autoLogin: 'false' }, { authorization: 'jwt' }))).toBe(false);
  });

  it('redirects when autoLogin is true and only sessionStorage holds a token', () => {
    const storage = memoryStorages({ autoLogin: 'true' }, { authorization: 'jwt' });
    expect(mustRedirectToLogin('/template', storage)).toBe(true);
  });

  it('lets through when autoLogin is true and localStorage holds a token', () => {
    const storage = memoryStorages({ autoLogin: 'true', authorization: 'jwt' });
    for (const path of protectedPaths) expect(mustRedirectToLogin(path, storage)).toBe(false);
  });

  it('treats an empty stored token as missing', () => {
    expect(mustRedirectToLogin('/dashboard', memoryStorages({}, { authorization: '' }))).toBe(true);
  });

  it('never redirects paths that contain "login"', () => {
    const storage = memoryStorages();
    expect(mustRedirectToLogin(LOGIN_PATH, storage)).toBe(false);
    expect(mustRedirectToLogin('/account/login?x=1', storage)).toBe(false);
    expect(mustRedirectToLogin('/something/login-help', storage)).toBe(false);
  });
});
