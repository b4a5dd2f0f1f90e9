import { describe, expect, it } from '@jest/globals';
import { CHART_TYPES } from '@bi/chart-model';
import { RENDERERS } from '../components/ChartRenderer';
import { rendererFamilyOf } from './renderers';

describe('renderer choice per kind', () => {
  it('draws each of the 13 kinds with its family', () => {
    expect(Object.fromEntries(CHART_TYPES.map((kind) => [kind, rendererFamilyOf(kind)]))).toEqual({
      table: 'table',
      bar: 'cartesian',
      stack_bar: 'cartesian',
      line: 'cartesian',
      scatter: 'cartesian',
      pie: 'pieFunnel',
      gauge: 'gauge',
      funnel: 'pieFunnel',
      card: 'card',
      doubleaxis: 'cartesian',
      nav: 'nav',
      map: 'map',
      tw_map: 'map',
    });
  });

  it('has a renderer for every family the kinds use, and none unused', () => {
    expect([...new Set(CHART_TYPES.map(rendererFamilyOf))].sort()).toEqual(Object.keys(RENDERERS).sort());
  });

  it('has no renderer for unknown kinds', () => {
    expect(rendererFamilyOf('radar')).toBeNull();
    expect(rendererFamilyOf(undefined)).toBeNull();
    expect(rendererFamilyOf('toString')).toBeNull();
  });
});
