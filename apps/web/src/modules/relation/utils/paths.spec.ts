import { describe, expect, it } from '@jest/globals';
import { relationPath } from './paths';

describe('relation paths', () => {
  it('builds the content view path of a tab, a folder and a map', () => {
    expect(relationPath('dashboard')).toBe('/dashboard/relation');
    expect(relationPath('template', 'p 1')).toBe('/template/relation/p%201');
    expect(relationPath('dashboard', 'p', 'r')).toBe('/dashboard/relation/p/r');
    expect(relationPath('template', 'p', 'r', true)).toBe('/template/relation/p/r?mode=edit');
  });
  it('needs a folder for a map', () => {
    expect(relationPath('dashboard', undefined, 'r')).toBe('/dashboard/relation');
  });
});
