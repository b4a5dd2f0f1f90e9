import { CHART_PALETTE, THEMES } from '@bi/charts';
import { describe, expect, it } from '@jest/globals';
import { addColor, colorsOf, moveColor, paletteEntries, removeColor, sameColors, setColor } from './colors';

const THEME = CHART_PALETTE.length; // 10

describe('colour settings', () => {
  it('shows the theme palette with the chart colours over it, position by position', () => {
    const entries = paletteEntries(['', '#123456'], 'light');
    expect(entries).toHaveLength(THEME);
    expect(entries[0]).toEqual({ color: CHART_PALETTE[0], custom: false, theme: true });
    expect(entries[1]).toEqual({ color: '#123456', custom: true, theme: true });
    expect(paletteEntries([], 'gentle').map((e) => e.color)).toEqual([...THEMES.gentle.palette]);
  });

  it('adds positions beyond the theme palette', () => {
    const list = Array.from({ length: 12 }, (_, i) => (i === 11 ? 'abcdef' : ''));
    const entries = paletteEntries(list, 'light');
    expect(entries).toHaveLength(12);
    expect(entries[10]).toEqual({ color: CHART_PALETTE[0], custom: false, theme: false });
    expect(entries[11]).toEqual({ color: '#abcdef', custom: true, theme: false });
  });

  it('sets a position, padding earlier ones with blanks, and ignores invalid colours', () => {
    expect(setColor([], 2, '#00FF00')).toEqual(['', '', '#00FF00']);
    expect(setColor(['#111111'], 0, 'E7505A')).toEqual(['#E7505A']);
    expect(setColor(['#111111'], 0, 'nope!')).toEqual(['#111111']);
  });

  it('adds a colour after the theme palette and the chart colours', () => {
    expect(addColor([], '#000000', THEME)).toEqual([...Array(THEME).fill(''), '#000000']);
    expect(addColor([...Array(THEME).fill(''), '#000000'], '#ffffff', THEME)).toHaveLength(THEME + 2);
    expect(addColor(['#111111', ''], '#222222', 6).indexOf('#222222')).toBe(6);
  });

  it('resets a theme position and takes out a further one', () => {
    expect(removeColor(['#111111', '#222222'], 0, THEME)).toEqual(['', '#222222']);
    expect(removeColor(['#111111', '#222222'], 1, THEME)).toEqual(['#111111']);
    const extra = [...Array(THEME).fill(''), '#aaaaaa', '#bbbbbb'];
    expect(removeColor(extra, THEME, THEME)).toEqual([...Array(THEME).fill(''), '#bbbbbb']);
    expect(removeColor(extra, THEME + 1, THEME)).toEqual([...Array(THEME).fill(''), '#aaaaaa']);
    expect(removeColor([...Array(THEME).fill(''), '#aaaaaa'], THEME, THEME)).toEqual([]);
  });

  it('moves a drawn colour, making the moved positions the chart own', () => {
    const entries = paletteEntries(['#111111'], 'light');
    const moved = moveColor(entries, 0, 2);
    expect(moved).toEqual([CHART_PALETTE[1], CHART_PALETTE[2], '#111111']);
    expect(paletteEntries(moved, 'light').slice(0, 4).map((e) => e.color)).toEqual([CHART_PALETTE[1], CHART_PALETTE[2], '#111111', CHART_PALETTE[3]]);
    expect(moveColor(entries, 0, 0)).toEqual(['#111111']);
  });

  it('gives back the settings of entries and compares settings loosely', () => {
    expect(colorsOf(paletteEntries(['', '#123456', ''], 'light'))).toEqual(['', '#123456']);
    expect(sameColors(['123456', ''], ['#123456'])).toBe(true);
    expect(sameColors(['#123456'], ['#654321'])).toBe(false);
  });
});
