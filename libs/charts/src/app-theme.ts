/**
 * Charts follow the app's dark theme (the web's charts and @bi/render's pictures). The server builds options in the chart's own theme (light when
 * unset); in the dark app, a chart on the default light theme without its own background gets the
 * dark theme's text, axis, track and map colours and a transparent background (the box's surface
 * shows). Charts with another theme or their own background keep their colours.
 */
import type { Chart } from '@bi/chart-model';
import { THEMES, type ChartTheme } from './themes.js';

/** The reader's app theme (the web's light or dark app; a server-side picture's theme). */
export type AppTheme = 'light' | 'dark';

type Keys = Exclude<keyof ChartTheme, 'name' | 'palette' | 'background'>;
/** plotLine is left out: its light colour is also a palette colour (series keep their palette colours). */
const SWAPPED: readonly Keys[] = ['text', 'subtext', 'axisLine', 'splitLine', 'track', 'mapArea', 'mapBorder', 'visualLow'];

const LIGHT_TO_DARK = new Map<string, string>(SWAPPED.map((k) => [THEMES.light[k].toUpperCase(), THEMES.dark[k]]));
const LIGHT_BACKGROUND = THEMES.light.background.toUpperCase();

/** True when the chart should be recoloured for the app theme. */
export function followsAppTheme(chart: Pick<Chart, 'theme' | 'property'> | undefined, appTheme: AppTheme): boolean {
  if (appTheme !== 'dark') return false;
  const theme = chart?.theme;
  if (theme !== undefined && theme !== 'light') return false;
  const background = chart?.property?.background;
  return !(typeof background === 'string' && background.trim() !== '');
}

function recolour(value: unknown, key: string): unknown {
  if (typeof value === 'string') {
    const upper = value.toUpperCase();
    if (upper === LIGHT_BACKGROUND) {
      if (key === 'backgroundColor') return 'transparent';
      // slice borders and gauge separators are drawn in the background colour
      if (key === 'borderColor') return THEMES.dark.background;
      return value;
    }
    return LIGHT_TO_DARK.get(upper) ?? value;
  }
  if (Array.isArray(value)) return value.map((item) => recolour(item, key));
  if (typeof value === 'object' && value !== null) {
    // the top-level `color` is the palette: series keep their colours
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'color' && key === '' ? v : recolour(v, k)]));
  }
  return value;
}

/** The option in the app's theme (a new object when recoloured; the same object otherwise). */
export function adaptToAppTheme<T extends Record<string, unknown>>(option: T, chart: Pick<Chart, 'theme' | 'property'> | undefined, appTheme: AppTheme): T {
  if (!followsAppTheme(chart, appTheme)) return option;
  return recolour(option, '') as T;
}

/** The ECharts locale of a UI language. */
export function echartsLocale(language: string | undefined): 'ZH' | 'EN' {
  return language?.toLowerCase().startsWith('zh') ? 'ZH' : 'EN';
}
