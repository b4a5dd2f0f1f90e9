import { describe, expect, it } from '@jest/globals';
import { salesChart } from '../testing/fixtures';
import { mapConfigOf, navFontSizeValid, rangeProblems, setDisplayOption, setLegendStyle, setMapConfig, setNavConfig, setPropertyValue, setShowTitle, trySetRange } from './chart';

describe('chart updates', () => {
  it('answers a new chart and leaves the old one as it was', () => {
    const chart = salesChart('bar', { property: { min: 0 } });
    const frozen = JSON.stringify(chart);
    const next = setLegendStyle(setShowTitle(setPropertyValue(chart, 'max', 10), false), 3);
    expect(JSON.stringify(chart)).toBe(frozen);
    expect(next).not.toBe(chart);
    expect(next).toMatchObject({ showTitle: false, legendStyle: 3, property: { min: 0, max: 10 } });
  });

  it('removes a property member set to undefined, and the property when empty', () => {
    const chart = salesChart('bar', { property: { min: 0, background: '#fff' } });
    expect(setPropertyValue(chart, 'min', undefined).property).toEqual({ background: '#fff' });
    expect(setPropertyValue(setPropertyValue(chart, 'min', undefined), 'background', undefined)).not.toHaveProperty('property');
  });

  it('sets display switches by name', () => {
    expect(setDisplayOption(salesChart('line'), 'shape', true).shape).toBe(true);
    expect(setDisplayOption(salesChart('bar'), 'isHorizontal', false).isHorizontal).toBe(false);
  });

  it('keeps min below max and secondMin below secondMax', () => {
    expect(rangeProblems({ min: 5, max: 5 })).toEqual({ min: 'minNotBelowMax', max: 'minNotBelowMax' });
    expect(rangeProblems({ secondMin: 9, secondMax: 1, min: 0 })).toEqual({ secondMin: 'secondMinNotBelowSecondMax', secondMax: 'secondMinNotBelowSecondMax' });
    expect(rangeProblems({ min: -1, max: 1 })).toEqual({});
    expect(rangeProblems(undefined)).toEqual({});
    const chart = salesChart('bar', { property: { max: 100 } });
    expect(trySetRange(chart, 'min', 200)).toEqual({ chart, problem: 'minNotBelowMax' });
    expect(trySetRange(chart, 'min', 20).chart.property).toEqual({ max: 100, min: 20 });
    expect(trySetRange(chart, 'max', undefined).chart).not.toHaveProperty('property');
  });

  it('writes both mapConfig members, reading a missing one as the builder does', () => {
    expect(mapConfigOf(salesChart('map'))).toEqual({ granularity: 1, visualMapShow: true });
    expect(setMapConfig(salesChart('map'), { granularity: 0 }).mapConfig).toEqual({ granularity: 0, visualMapShow: true });
    expect(setMapConfig(salesChart('map', { mapConfig: { granularity: 0, visualMapShow: true } }), { visualMapShow: false }).mapConfig).toEqual({ granularity: 0, visualMapShow: false });
  });

  it('sets nav colours and font size, dropping unset members', () => {
    const next = setNavConfig(salesChart('nav'), { navColor: '#123456', navFontSize: 20 });
    expect(next.navConfig).toEqual({ navColor: '#123456', navFontSize: 20 });
    expect(setNavConfig(next, { navColor: undefined }).navConfig).toEqual({ navFontSize: 20 });
    expect(setNavConfig(setNavConfig(next, { navColor: undefined }), { navFontSize: undefined })).not.toHaveProperty('navConfig');
  });

  it('accepts nav font sizes the builder honours (whole numbers 8 to 96)', () => {
    expect([8, 14, 96].every(navFontSizeValid)).toBe(true);
    expect([7, 97, 12.5, null, undefined, Number.NaN].some(navFontSizeValid)).toBe(false);
  });
});
