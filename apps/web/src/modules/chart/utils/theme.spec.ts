import { describe, expect, it } from '@jest/globals';
import { THEMES } from '@bi/charts';
import { answerOf } from '../testing/fixtures';
import { adaptToAppTheme, echartsLocale, followsAppTheme } from './theme';

type Obj = Record<string, unknown>;
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v) as Obj;

describe('charts in the app theme', () => {
  it('a light app keeps the option as it is', () => {
    const answer = answerOf('bar');
    expect(adaptToAppTheme(answer.option, answer.chart, 'light')).toBe(answer.option);
  });

  it('the dark app recolours charts on the default theme: transparent background, dark texts and axes, same palette', () => {
    const answer = answerOf('bar');
    const dark = adaptToAppTheme(answer.option, answer.chart, 'dark');
    expect(dark.backgroundColor).toBe('transparent');
    expect((dark.textStyle as Obj).color).toBe(THEMES.dark.text);
    expect(first(dark.yAxis).axisLine).toEqual({ lineStyle: { color: THEMES.dark.axisLine } });
    expect(dark.color).toEqual(answer.option.color);
    expect((first(dark.series).itemStyle as Obj).color).toBe((first(answer.option.series).itemStyle as Obj).color);
    // the input stays light
    expect(answer.option.backgroundColor).toBe(THEMES.light.background);
  });

  it('slice borders take the dark background; white labels inside funnels stay white', () => {
    const answer = answerOf('funnel');
    const series = first(adaptToAppTheme(answer.option, answer.chart, 'dark').series);
    expect((series.itemStyle as Obj).borderColor).toBe(THEMES.dark.background);
    expect((series.label as Obj).color).toBe('#FFFFFF');
  });

  it('charts with their own theme or background keep their colours', () => {
    expect(followsAppTheme({ theme: 'starry' }, 'dark')).toBe(false);
    expect(followsAppTheme({ theme: 'light', property: { background: '#fafafa' } }, 'dark')).toBe(false);
    expect(followsAppTheme({ theme: 'light' }, 'dark')).toBe(true);
    expect(followsAppTheme({}, 'dark')).toBe(true);
    expect(followsAppTheme(undefined, 'light')).toBe(false);
  });

  it('ECharts texts follow the UI language', () => {
    expect(echartsLocale('zh-CN')).toBe('ZH');
    expect(echartsLocale('zh-TW')).toBe('ZH');
    expect(echartsLocale('en')).toBe('EN');
    expect(echartsLocale(undefined)).toBe('EN');
  });
});
