import { CHART_TYPES } from '@bi/chart-model';
import { describe, expect, it } from '@jest/globals';
import { displayOptionOn, displayOptionsFor, hasMapGranularity, hasPanel, hasSecondAxisLines, panelsFor, PANEL_IDS, rangeKeysFor } from './applicability';

describe('panels per chart kind', () => {
  it('gives every kind the data panels (inner filters, data source, preview, custom option)', () => {
    for (const type of CHART_TYPES) {
      expect(panelsFor(type)).toEqual(expect.arrayContaining(['innerFilters', 'dataSource', 'preview', 'customOption']));
    }
  });

  it('lists panels in display order', () => {
    for (const type of CHART_TYPES) {
      const ids = panelsFor(type);
      expect(ids).toEqual(PANEL_IDS.filter((id) => ids.includes(id)));
    }
  });

  it.each([
    ['bar', ['title', 'legend', 'display', 'range', 'style', 'topN', 'drillDown', 'plotLines', 'dataZoom', 'colors']],
    ['stack_bar', ['title', 'legend', 'display', 'range', 'style', 'topN', 'drillDown', 'plotLines', 'colors']],
    ['line', ['title', 'legend', 'display', 'range', 'style', 'topN', 'drillDown', 'plotLines', 'dataZoom', 'colors']],
    ['scatter', ['title', 'legend', 'display', 'range', 'style', 'topN', 'drillDown', 'plotLines', 'dataZoom', 'colors']],
    ['doubleaxis', ['title', 'legend', 'display', 'range', 'style', 'topN', 'drillDown', 'plotLines', 'dataZoom', 'colors']],
    ['pie', ['title', 'legend', 'display', 'style', 'topN', 'drillDown', 'colors']],
    ['funnel', ['title', 'legend', 'display', 'style', 'topN', 'drillDown', 'colors']],
    ['gauge', ['title', 'range', 'style', 'gauge', 'colors']],
    ['card', ['title', 'style', 'statistics', 'colors']],
    ['nav', ['title', 'range', 'style', 'topN', 'nav', 'colors']],
    ['map', ['title', 'display', 'style', 'map', 'colors']],
    ['tw_map', ['title', 'display', 'style', 'map', 'colors']],
    ['table', ['topN', 'drillDown', 'statistics']],
  ] as const)('%s shows its own panels', (type, own) => {
    expect(panelsFor(type).filter((id) => !['innerFilters', 'dataSource', 'preview', 'customOption', 'alerts'].includes(id))).toEqual(own);
  });

  it('offers the alert panel for bar, line, gauge, card and doubleaxis only (spec 01 §2)', () => {
    expect(CHART_TYPES.filter((t) => hasPanel(t, 'alerts'))).toEqual(['bar', 'line', 'gauge', 'card', 'doubleaxis'].filter((t) => (CHART_TYPES as readonly string[]).includes(t)).sort((a, b) => CHART_TYPES.indexOf(a as never) - CHART_TYPES.indexOf(b as never)));
  });

  it('puts axis zoom sliders on bar, line, scatter and doubleaxis only (spec 01 §2)', () => {
    expect(CHART_TYPES.filter((t) => hasPanel(t, 'dataZoom'))).toEqual(['bar', 'line', 'scatter', 'doubleaxis']);
  });

  it('shows the gauge editor for the gauge and the progress settings for nav only', () => {
    expect(CHART_TYPES.filter((t) => hasPanel(t, 'gauge'))).toEqual(['gauge']);
    expect(CHART_TYPES.filter((t) => hasPanel(t, 'nav'))).toEqual(['nav']);
  });

  it('offers second-axis lines and second-axis ranges on the double-axis chart only', () => {
    expect(CHART_TYPES.filter(hasSecondAxisLines)).toEqual(['doubleaxis']);
    expect(CHART_TYPES.filter((t) => rangeKeysFor(t).includes('secondMax'))).toEqual(['doubleaxis']);
    expect(rangeKeysFor('nav')).toEqual(['max']);
    expect(rangeKeysFor('gauge')).toEqual(['min', 'max']);
    expect(rangeKeysFor('pie')).toEqual([]);
  });

  it('offers map granularity on the China map only', () => {
    expect(CHART_TYPES.filter(hasMapGranularity)).toEqual(['map']);
  });
});

describe('display options', () => {
  it('offers smooth lines on line, horizontal bars where the axes can swap, real values where shares are shown', () => {
    expect(displayOptionsFor('line')).toEqual(['shape', 'showXSplitLine', 'showYSplitLine', 'isShowPointLabel']);
    expect(displayOptionsFor('bar')).toEqual(['group', 'isHorizontal', 'showXSplitLine', 'showYSplitLine', 'isShowPointLabel']);
    expect(displayOptionsFor('stack_bar')).toEqual(['group', 'isHorizontal', 'showXSplitLine', 'showYSplitLine', 'isShowPointLabel', 'isShowRealValue']);
    expect(displayOptionsFor('doubleaxis')).toEqual(['isHorizontal', 'showXSplitLine', 'showYSplitLine', 'isShowPointLabel']);
    expect(displayOptionsFor('pie')).toEqual(['isShowPointLabel', 'isShowRealValue']);
    expect(displayOptionsFor('map')).toEqual(['isShowPointLabel']);
    expect(displayOptionsFor('gauge')).toEqual([]);
    expect(displayOptionsFor('card')).toEqual([]);
  });

  it('never offers shape on a pie (a pie forces it off)', () => {
    expect(displayOptionsFor('pie')).not.toContain('shape');
  });

  it('reads point labels as the builder does: on by default for pie and funnel only', () => {
    expect(displayOptionOn({ type: 'pie' }, 'isShowPointLabel')).toBe(true);
    expect(displayOptionOn({ type: 'funnel', isShowPointLabel: false }, 'isShowPointLabel')).toBe(false);
    expect(displayOptionOn({ type: 'bar' }, 'isShowPointLabel')).toBe(false);
    expect(displayOptionOn({ type: 'bar', isShowPointLabel: true }, 'isShowPointLabel')).toBe(true);
    expect(displayOptionOn({ type: 'line' }, 'shape')).toBe(false);
  });
});
