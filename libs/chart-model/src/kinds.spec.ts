import { describe, expect, it } from '@jest/globals';
import { CHART_KIND_REGISTRY, CHART_TYPES, chartKindInfo, chartKinds, chartTypesWhere, isChartType } from './index.js';

describe('chart-kind registry', () => {
  it('lists the 13 kinds of spec 01 §1 in the add-chart order', () => {
    expect(CHART_TYPES).toEqual(['table', 'bar', 'stack_bar', 'line', 'scatter', 'pie', 'gauge', 'funnel', 'card', 'doubleaxis', 'nav', 'map', 'tw_map']);
    expect(chartKinds().map((k) => k.type)).toEqual([...CHART_TYPES]);
  });

  it('recognises a kind only by its own name', () => {
    expect(CHART_TYPES.every(isChartType)).toBe(true);
    for (const bad of ['', 'Bar', 'toString', 'constructor', 'area', null, 3]) expect(isChartType(bad)).toBe(false);
  });

  it('offers trendlines for bar, line, scatter and doubleaxis only (spec 01 §5), second values for table, doubleaxis and nav', () => {
    expect(chartTypesWhere((e) => e.editor.trendline)).toEqual(['bar', 'line', 'scatter', 'doubleaxis']);
    expect(chartTypesWhere((e) => e.editor.secondValues)).toEqual(['table', 'doubleaxis', 'nav']);
    expect(chartTypesWhere((e) => e.editor.secondValuesOpen)).toEqual(['doubleaxis', 'nav']);
    expect(chartKindInfo('pie').points).toEqual({ min: 1, max: 1 });
    // spec 01 §2: axis zoom sliders for bar, line, scatter and doubleaxis
    expect(chartTypesWhere((e) => e.editor.dataZoom)).toEqual(['bar', 'line', 'scatter', 'doubleaxis']);
  });

  it('answers the editor info of GET /api/chart-edit/charts/{type} without the web-only fields', () => {
    expect(chartKindInfo('nav')).toEqual({
      type: 'nav',
      points: { min: 0, max: 1 },
      values: { min: 1, max: 2 },
      secondPoints: false,
      secondValues: true,
      trendline: false,
      dataZoom: false,
      plotLines: false,
      topN: true,
      alert: false,
    });
  });

  it('draws the category × value kinds with the cartesian renderer and builder family, and only those', () => {
    const byRenderer = chartTypesWhere((e) => e.renderer === 'cartesian');
    expect(byRenderer).toEqual(['bar', 'stack_bar', 'line', 'scatter', 'doubleaxis']);
    expect(chartTypesWhere((e) => e.build.family === 'cartesian')).toEqual(byRenderer);
    expect(chartTypesWhere((e) => e.build.family === 'cartesian' && e.build.dualAxis)).toEqual(['doubleaxis']);
    expect(CHART_KIND_REGISTRY.tw_map.build.family).toBe('map');
  });
});
