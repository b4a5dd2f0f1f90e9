import { describe, expect, it } from '@jest/globals';
import { MemoryStorage } from './memory-storage';
import { readTheme, resolveTheme, storeTheme } from './theme';

describe('theme', () => {
  it('resolves stored values: dark stays dark, everything else is light', () => {
    expect(resolveTheme('dark')).toBe('dark');
    expect(resolveTheme('light')).toBe('light');
    expect(resolveTheme('default')).toBe('light');
    expect(resolveTheme(null)).toBe('light');
    expect(resolveTheme('neon')).toBe('light');
  });

  it('stores the choice under the key theme and reports a change', () => {
    const local = new MemoryStorage();
    expect(readTheme(local)).toBe('light');
    expect(storeTheme(local, 'light')).toBe(false);
    expect(storeTheme(local, 'dark')).toBe(true);
    expect(local.getItem('theme')).toBe('dark');
    expect(readTheme(local)).toBe('dark');
    expect(storeTheme(local, 'dark')).toBe(false);
  });
});
