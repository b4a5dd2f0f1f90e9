import type { DataType } from '@bi/chart-model';
import { chartOfTree, missingFields, proposeMatch, remapTree, usedSources, type TreeDashboardLike } from './remap.js';
import { templateName } from './template.controller.js';

const chart = (key: string, dataSourceId: string, definition: object, type = 'bar') => ({ key, title: key, type, dataSourceId, hide: false, definitionJson: JSON.stringify(definition) });
const f = (name: string, dataType: string, extra: object = {}) => ({ name, title: name, dataType, ...extra });
const board = (charts: ReturnType<typeof chart>[], globalFilter: unknown[] = []): TreeDashboardLike => ({
  dashboardId: 'd1',
  projectId: 'p1',
  name: 'Board',
  description: '',
  aspectsJson: '[]',
  globalFilterJson: JSON.stringify(globalFilter),
  charts,
});
const typesOf = (fields: Record<string, DataType>) => (name: string) => fields[name];

describe('template source remapping', () => {
  const tree = [
    board(
      [
        chart('c1', 's1', { points: [f('region', 'string')], values: [f('amount', 'number', { fieldFilter: { logic: 0, conditions: [{ field: f('day', 'date'), compare: 'between' }] } })], innerFilters: [{ name: 'city', dataType: 'string', range: [] }] }),
        chart('c2', 's2', { points: [f('area', 'string')], values: [f('units', 'number')], aggregateConfig: { aggregateField: 'units2' } }),
        chart('c3', '', {}),
      ],
      [{ id: 'g1', name: 'region', dataSourceId: 's1', dataType: 'string', charts: [{ chartId: 'c2', field: 'area_name' }] }],
    ),
  ];

  it('collects every source the charts and global filters use with the fields and types they need', () => {
    const used = usedSources(tree);
    expect([...used.keys()]).toEqual(['s1', 's2']);
    expect([...used.get('s1')!.fields]).toEqual([['region', 'string'], ['amount', 'number'], ['day', 'date'], ['city', 'string']]);
    // a statistics field only has to exist; a global filter's field on a chart's source has the item's type
    expect([...used.get('s2')!.fields]).toEqual([['area', 'string'], ['units', 'number'], ['units2', 'any'], ['area_name', 'string']]);
    expect(used.get('s1')!.charts).toBe(1);
  });

  it('names the fields a candidate lacks or has with another type', () => {
    const s1 = usedSources(tree).get('s1')!;
    expect(missingFields(s1, typesOf({ region: 'string', amount: 'number', day: 'date', city: 'string' }))).toEqual([]);
    expect(missingFields(s1, typesOf({ region: 'string', amount: 'string', day: 'date' })).map((m) => m.name)).toEqual(['amount', 'city']);
    const s2 = usedSources(tree).get('s2')!;
    expect(missingFields(s2, typesOf({ area: 'string', units: 'number', units2: 'string', area_name: 'string' }))).toEqual([]);
  });

  it('proposes a complete source of the same name, else the template\'s own, else the first complete one', () => {
    const own = { dataSourceId: 's1', name: 'Sales' };
    expect(proposeMatch(own, [{ dataSourceId: 's1', name: 'Sales', missing: [] }, { dataSourceId: 'm', name: 'sales ', missing: [] }])).toBe('m');
    expect(proposeMatch(own, [{ dataSourceId: 's1', name: 'Sales', missing: [] }, { dataSourceId: 'm', name: 'sales', missing: ['x'] }])).toBe('s1');
    expect(proposeMatch(own, [{ dataSourceId: 'a', name: 'Other', missing: ['x'] }, { dataSourceId: 'b', name: 'Else', missing: [] }])).toBe('b');
    expect(proposeMatch(own, [{ dataSourceId: 'a', name: 'Sales', missing: ['x'] }])).toBe('');
  });

  it('moves charts and global filter items to the mapped sources, keeping the rest', () => {
    const [d] = remapTree(tree, new Map([['s1', { to: 't1', typeOf: typesOf({ region: 'string', amount: 'number', day: 'date', city: 'string' }) }]]));
    expect(d!.charts.map((c) => c.dataSourceId)).toEqual(['t1', 's2', '']);
    const moved = chartOfTree(d!.charts[0]!);
    expect(moved.points.map((p) => p.name)).toEqual(['region']);
    expect(moved.values[0]!.fieldFilter!.conditions.map((c) => c.field.name)).toEqual(['day']);
    expect(moved.dataSourceId).toBe('t1');
    expect(JSON.parse(d!.globalFilterJson)[0]).toMatchObject({ dataSourceId: 't1', charts: [{ chartId: 'c2', field: 'area_name' }] });
    expect(d!.charts[1]).toBe(tree[0]!.charts[1]);
  });
});

describe('template names', () => {
  it('trims and accepts 3 to 20 characters, refusing empty, short, long and the reserved name', () => {
    expect(templateName('  Sales kit ')).toBe('Sales kit');
    expect(() => templateName('')).toThrow(expect.objectContaining({ key: 'name.required' }));
    expect(() => templateName('ab')).toThrow(expect.objectContaining({ key: 'name.length' }));
    expect(() => templateName('x'.repeat(21))).toThrow(expect.objectContaining({ key: 'name.length' }));
    expect(() => templateName('SBEP')).toThrow(expect.objectContaining({ key: 'name.reserved' }));
  });
});
