import { normalizeColor, resolveTheme } from '@bi/charts';
import type { Chart } from '@bi/chart-model';

/**
 * colorSettings: colours over the theme palette, position by position. A blank entry keeps the theme's
 * colour at that position; entries beyond the theme palette add colours.
 */

export const MAX_COLORS = 100;

export interface PaletteEntry {
  /** the colour drawn at this position */
  color: string;
  /** the chart's own colour (else the theme's) */
  custom: boolean;
  /** a position of the theme palette (a custom colour there can be reset; further positions are removed) */
  theme: boolean;
}

/** The palette the chart draws with, and which positions are its own. */
export function paletteEntries(colorSettings: readonly string[], theme: Chart['theme']): PaletteEntry[] {
  const themePalette = resolveTheme(theme).palette;
  const size = Math.max(themePalette.length, colorSettings.length);
  const out: PaletteEntry[] = [];
  for (let i = 0; i < size; i++) {
    const own = normalizeColor(colorSettings[i]);
    out.push({ color: own ?? themePalette[i % themePalette.length]!, custom: own !== null, theme: i < themePalette.length });
  }
  return out;
}

/** Trailing blank entries change nothing: they are dropped. */
function trimmed(list: string[]): string[] {
  let end = list.length;
  while (end > 0 && normalizeColor(list[end - 1]) === null) end--;
  return list.slice(0, end);
}

/** Sets position `index` (filling positions before it with blanks); an invalid colour changes nothing. */
export function setColor(list: readonly string[], index: number, color: string): string[] {
  const c = normalizeColor(color);
  if (c === null || index < 0 || index >= MAX_COLORS) return [...list];
  const out = [...list];
  while (out.length < index) out.push('');
  out[index] = c;
  return trimmed(out);
}

/** Adds a colour after every position (theme and own). */
export function addColor(list: readonly string[], color: string, themeSize: number): string[] {
  return setColor(list, Math.max(themeSize, trimmed([...list]).length), color);
}

/**
 * Removes position `index`: a theme position goes back to the theme's colour; a further position is
 * taken out (the ones after it move up).
 */
export function removeColor(list: readonly string[], index: number, themeSize: number): string[] {
  if (index < 0 || index >= list.length) return trimmed([...list]);
  const out = [...list];
  if (index < themeSize) out[index] = '';
  else out.splice(index, 1);
  return trimmed(out);
}

/** Moves the colour drawn at `from` to `to` (the drawn palette is reordered; every moved position becomes the chart's own). */
export function moveColor(entries: readonly PaletteEntry[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= entries.length || to >= entries.length) return colorsOf(entries);
  const colors = entries.map((e) => e.color);
  const [moved] = colors.splice(from, 1);
  colors.splice(to, 0, moved!);
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  return trimmed(entries.map((e, i) => (i >= low && i <= high ? colors[i]! : e.custom ? e.color : '')));
}

/** The colorSettings that give these entries. */
export function colorsOf(entries: readonly PaletteEntry[]): string[] {
  return trimmed(entries.map((e) => (e.custom ? e.color : '')));
}

/** Same colour settings (ignoring blank tails and the '#' spelling). */
export function sameColors(a: readonly string[], b: readonly string[]): boolean {
  const x = trimmed(a.map((c) => normalizeColor(c)?.toUpperCase() ?? ''));
  const y = trimmed(b.map((c) => normalizeColor(c)?.toUpperCase() ?? ''));
  return x.length === y.length && x.every((c, i) => c === y[i]);
}
