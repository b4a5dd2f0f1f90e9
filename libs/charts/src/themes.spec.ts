import { CHART_PALETTE, GAUGE_PALETTE, normalizeColor, paletteColor, resolvePalette, resolveTheme, STATISTIC_COLORS, THEME_NAMES, THEMES } from './themes.js';

const HEX6 = /^#[0-9A-F]{6}$/i;

describe('themes', () => {
  it('has the five chart themes with their palette sizes (light 10, dark 10, gentle 6, commerce 8, starry 9)', () => {
    expect(THEME_NAMES).toEqual(['light', 'dark', 'gentle', 'commerce', 'starry']);
    expect(Object.fromEntries(THEME_NAMES.map((n) => [n, THEMES[n].palette.length]))).toEqual({ light: 10, dark: 10, gentle: 6, commerce: 8, starry: 9 });
  });

  it('uses the chart palette of ten colours for light', () => {
    expect(CHART_PALETTE).toHaveLength(10);
    expect(THEMES.light.palette).toBe(CHART_PALETTE);
  });

  it('has distinct, valid colours in every palette and style', () => {
    for (const name of THEME_NAMES) {
      const t = THEMES[name];
      expect(t.name).toBe(name);
      expect(new Set(t.palette.map((c) => c.toUpperCase())).size).toBe(t.palette.length);
      for (const c of [...t.palette, t.background, t.text, t.subtext, t.axisLine, t.splitLine, t.track, t.mapArea, t.mapBorder, t.visualLow, t.plotLine]) expect(c).toMatch(HEX6);
    }
  });

  it('has dark backgrounds with light text for dark and starry', () => {
    const luminance = (hex: string) => parseInt(hex.slice(1, 3), 16) * 0.299 + parseInt(hex.slice(3, 5), 16) * 0.587 + parseInt(hex.slice(5, 7), 16) * 0.114;
    for (const name of ['dark', 'starry'] as const) expect(luminance(THEMES[name].background)).toBeLessThan(luminance(THEMES[name].text));
    for (const name of ['light', 'gentle', 'commerce'] as const) expect(luminance(THEMES[name].background)).toBeGreaterThan(luminance(THEMES[name].text));
  });

  it('has a gauge palette of 12 and the spec statistic colours', () => {
    expect(GAUGE_PALETTE).toHaveLength(12);
    expect(new Set(GAUGE_PALETTE).size).toBe(12);
    expect(STATISTIC_COLORS.map((c) => c.replace('#', '').toUpperCase())).toEqual(['5DA4FE', '6BE6C1', 'E7505A', '89CF0D', 'EE8F00', '8E44AD', 'FFFFFF', '333', 'AAA']);
  });

  it('resolves unknown or missing theme names to light', () => {
    expect(resolveTheme('dark').name).toBe('dark');
    expect(resolveTheme(undefined).name).toBe('light');
    expect(resolveTheme('neon').name).toBe('light');
    expect(resolveTheme('toString').name).toBe('light');
  });
});

describe('normalizeColor', () => {
  it.each([
    ['#abc', '#abc'],
    ['333', '#333'],
    ['aaa', '#aaa'],
    ['5DA4FE', '#5DA4FE'],
    [' #5DA4FE ', '#5DA4FE'],
    ['rgba(1, 2, 3, 0.5)', 'rgba(1, 2, 3, 0.5)'],
    ['red', 'red'],
    ['', null],
    ['#12', null],
    ['url(javascript:alert(1))', null],
    [undefined, null],
    [42, null],
  ])('%p → %p', (value, expected) => expect(normalizeColor(value)).toBe(expected));
});

describe('resolvePalette', () => {
  it('is the theme palette without colour settings', () => {
    expect(resolvePalette({ colorSettings: [], theme: 'gentle' })).toEqual([...THEMES.gentle.palette]);
  });

  it('lets colorSettings override position by position, keeping theme colours for blank or invalid entries', () => {
    const palette = resolvePalette({ colorSettings: ['#111111', '', '#zz', '222222'], theme: 'commerce' });
    expect(palette.slice(0, 4)).toEqual(['#111111', THEMES.commerce.palette[1], THEMES.commerce.palette[2], '#222222']);
    expect(palette).toHaveLength(8);
  });

  it('grows past the theme palette when there are more settings', () => {
    const settings = Array.from({ length: 8 }, (_, i) => `#00000${i}`);
    expect(resolvePalette({ colorSettings: settings, theme: 'gentle' })).toEqual(settings);
  });

  it('survives a missing colorSettings', () => {
    expect(resolvePalette({ colorSettings: undefined as unknown as string[], theme: undefined })).toEqual([...CHART_PALETTE]);
  });

  it('wraps with paletteColor', () => {
    expect(paletteColor(['a', 'b'], 3)).toBe('b');
    expect(paletteColor(['a', 'b'], -1)).toBe('b');
  });
});
