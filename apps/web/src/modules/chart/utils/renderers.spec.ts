import { describe, expect, it } from '@jest/globals';
import { CHART_TYPES } from '@bi/chart-model';
import { RENDERER_FAMILIES, RENDERER_FAMILY, rendererFamilyOf } from './renderers';

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

  it('has an entry for every kind and uses every family', () => {
    expect(Object.keys(RENDERER_FAMILY).sort()).toEqual([...CHART_TYPES].sort());
    expect([...new Set(Object.values(RENDERER_FAMILY))].sort()).toEqual([...RENDERER_FAMILIES].sort());
  });

  it('has no renderer for unknown kinds', () => {
    expect(rendererFamilyOf('radar')).toBeNull();
    expect(rendererFamilyOf(undefined)).toBeNull();
    expect(rendererFamilyOf('toString')).toBeNull();
  });
});
