/**
 * Chart colour themes and palettes (spec 01 §1, §9): light (default), dark, gentle, commerce, starry
 * sky; a chart palette of ten colours; a gauge palette of 12; the statistic text colours.
 * Palette sizes: light 10 (the chart palette), dark 10, gentle 6, commerce 8, starry 9.
 */
import type { Chart } from '@bi/chart-model';

export type ThemeName = NonNullable<Chart['theme']>;
export const THEME_NAMES: readonly ThemeName[] = ['light', 'dark', 'gentle', 'commerce', 'starry'];
export const DEFAULT_THEME: ThemeName = 'light';

/** The chart palette of ten colours (the light theme's). */
export const CHART_PALETTE: readonly string[] = ['#5B8FF9', '#5AD8A6', '#F6BD16', '#E8684A', '#6DC8EC', '#9270CA', '#FF9D4D', '#269A99', '#FF99C3', '#5D7092'];

/** Default colours of gauge sections, in section order. */
export const GAUGE_PALETTE: readonly string[] = [
  '#91CC75', '#5470C6', '#FAC858', '#EE6666', '#73C0DE', '#3BA272',
  '#FC8452', '#9A60B4', '#EA7CCC', '#48B8D0', '#C4CCD3', '#D48265',
];

/** Colour options for statistic texts (aggregateConfig.showFontColor), as the spec lists them. */
export const STATISTIC_COLORS: readonly string[] = ['#5DA4FE', '#6BE6C1', '#E7505A', '#89CF0D', '#EE8F00', '#8E44AD', '#FFFFFF', '#333', '#aaa'];

export interface ChartTheme {
  name: ThemeName;
  palette: readonly string[];
  background: string;
  /** titles, labels, legend */
  text: string;
  /** secondary text: axis labels, statistic labels */
  subtext: string;
  axisLine: string;
  splitLine: string;
  /** the unfilled part of nav bars and gauges */
  track: string;
  /** map regions without data */
  mapArea: string;
  mapBorder: string;
  /** the low end of the map's visual range (the high end is the palette's first colour) */
  visualLow: string;
  plotLine: string;
}

export const THEMES: Readonly<Record<ThemeName, ChartTheme>> = {
  light: {
    name: 'light',
    palette: CHART_PALETTE,
    background: '#FFFFFF',
    text: '#333333',
    subtext: '#8C8C8C',
    axisLine: '#D9D9D9',
    splitLine: '#F0F0F0',
    track: '#EBEEF5',
    mapArea: '#F3F5F8',
    mapBorder: '#BFBFBF',
    visualLow: '#DCE8FE',
    plotLine: '#E8684A',
  },
  dark: {
    name: 'dark',
    palette: ['#4992FF', '#7CFFB2', '#FDDD60', '#FF6E76', '#58D9F9', '#05C091', '#FF8A45', '#8D48E3', '#DD79FF', '#A5B4C7'],
    background: '#141414',
    text: '#E6E6E6',
    subtext: '#A6A6A6',
    axisLine: '#484753',
    splitLine: '#2B2B33',
    track: '#2F2F38',
    mapArea: '#26262E',
    mapBorder: '#55555F',
    visualLow: '#1F3250',
    plotLine: '#FF6E76',
  },
  gentle: {
    name: 'gentle',
    palette: ['#8CB5D9', '#A8D5BA', '#F2C6A0', '#E8A5A5', '#C3B1E1', '#F5E1A4'],
    background: '#FCFBF8',
    text: '#4A4A48',
    subtext: '#8F8D88',
    axisLine: '#DAD6CE',
    splitLine: '#EFECE6',
    track: '#EEEAE3',
    mapArea: '#F4F1EB',
    mapBorder: '#CFC9BE',
    visualLow: '#E3EEF7',
    plotLine: '#D98C8C',
  },
  commerce: {
    name: 'commerce',
    palette: ['#1F4E79', '#2E86C1', '#17A589', '#D4AC0D', '#CA6F1E', '#A93226', '#6C3483', '#566573'],
    background: '#FFFFFF',
    text: '#1C2833',
    subtext: '#5D6D7E',
    axisLine: '#AEB6BF',
    splitLine: '#EAEDED',
    track: '#E5E8E8',
    mapArea: '#F2F3F4',
    mapBorder: '#AEB6BF',
    visualLow: '#D6EAF8',
    plotLine: '#A93226',
  },
  starry: {
    name: 'starry',
    palette: ['#00E5FF', '#7B61FF', '#FFD166', '#FF6FB5', '#3DFFA8', '#4F8BFF', '#FF9F43', '#C77DFF', '#9AE6FF'],
    background: '#0B1033',
    text: '#E8ECFF',
    subtext: '#9AA3D6',
    axisLine: '#34407A',
    splitLine: '#1C2456',
    track: '#1E275C',
    mapArea: '#141B4D',
    mapBorder: '#3A4A9A',
    visualLow: '#1A2A6C',
    plotLine: '#FF6FB5',
  },
};

/** The theme by name; an unknown or missing name falls back to light. */
export function resolveTheme(name: string | undefined | null): ChartTheme {
  return name && Object.prototype.hasOwnProperty.call(THEMES, name) ? THEMES[name as ThemeName] : THEMES[DEFAULT_THEME];
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/+-]+\)$/i;
const NAMED = /^[a-z]{3,20}$/i;

/** A usable CSS colour or null: '#abc', 'abc' (hex without '#', as the spec lists 333 and aaa), rgb()/hsl(), names. */
export function normalizeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (HEX.test(v)) return v.startsWith('#') ? v : `#${v}`;
  if (FUNCTIONAL.test(v) || NAMED.test(v)) return v;
  return null;
}

/** The chart's palette: its colorSettings override the theme palette position by position (blank or invalid entries keep the theme colour). */
export function resolvePalette(chart: Pick<Chart, 'colorSettings' | 'theme'>, theme: ChartTheme = resolveTheme(chart.theme)): string[] {
  const settings = Array.isArray(chart.colorSettings) ? chart.colorSettings : [];
  const size = Math.max(theme.palette.length, settings.length);
  const out: string[] = [];
  for (let i = 0; i < size; i++) out.push(normalizeColor(settings[i]) ?? theme.palette[i % theme.palette.length]!);
  return out;
}

/** The colour of the i-th item of a palette (wrapping). */
export function paletteColor(palette: readonly string[], i: number): string {
  return palette[((i % palette.length) + palette.length) % palette.length] ?? CHART_PALETTE[0]!;
}

/** [r, g, b] 0–255 of a hex colour ('#abc', '#aabbcc', with or without alpha), else null (names, rgb(): not read). */
function rgbOf(color: string): [number, number, number] | null {
  const m = HEX.exec(color.trim());
  if (!m) return null;
  let hex = m[1]!;
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio (1–21) of two hex colours; null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const x = rgbOf(a);
  const y = rgbOf(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Contrast text needs on its background to be read (WCAG AA for large or bold text). */
export const MIN_TEXT_CONTRAST = 3;

/**
 * A text colour that can be read on a background: `color` when its contrast is at least
 * MIN_TEXT_CONTRAST (or cannot be measured), else `fallback` (the theme's text colour): a statistics
 * colour picked for a light theme (#333) stays readable on the starry sky.
 */
export function readableOn(color: string, background: string, fallback: string): string {
  const ratio = contrastRatio(color, background);
  return ratio === null || ratio >= MIN_TEXT_CONTRAST ? color : fallback;
}
