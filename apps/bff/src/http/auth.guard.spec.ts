import { allows, tokenFromHeader } from './auth.guard.js';

describe('auth guard helpers', () => {
  it('reads the token raw or after Bearer, in any case, ignoring blanks', () => {
    expect(tokenFromHeader('abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader('bearer   abc')).toBe('abc');
    expect(tokenFromHeader(['Bearer t1', 'x'])).toBe('t1');
    expect(tokenFromHeader(undefined)).toBeUndefined();
    expect(tokenFromHeader('   ')).toBeUndefined();
    expect(tokenFromHeader('Bearer ')).toBeUndefined();
  });

  it('lets admin pass every permission check and others only with the permission', () => {
    expect(allows({ isAdmin: true, permissions: [] }, 'template:edit')).toBe(true);
    expect(allows({ isAdmin: false, permissions: ['template:view'] }, 'template:edit')).toBe(false);
    expect(allows({ isAdmin: false, permissions: ['template:edit'] }, 'template:edit')).toBe(true);
  });
});
