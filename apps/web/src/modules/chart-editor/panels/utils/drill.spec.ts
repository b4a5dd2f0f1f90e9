import { describe, expect, it } from '@jest/globals';
import { emptyChart, type Chart } from '@bi/chart-model';
import { addDrillLevel, clearDrill, drillCandidates, levelGranularities, moveDrillLevel, removeDrillLevel, setLevelGranularity } from './drill';

const fields = [
  { name: 'region', dataType: 'string' as const },
  { name: 'province', dataType: 'string' as const },
  { name: 'city', dataType: 'string' as const },
  { name: 'day', dataType: 'date' as const },
  { name: 'amount', dataType: 'number' as const },
];
const chart = (extra: Partial<Chart> = {}): Chart => ({ ...emptyChart('c1', 't', 'ds1', 'bar'), points: [{ name: 'region', dataType: 'string' }], values: [{ name: 'amount', dataType: 'number' }], ...extra });

describe('the editor\'s drill-down panel', () => {
  it('starts the hierarchy at the dimension and adds levels below it', () => {
    const one = addDrillLevel(chart(), fields[1]!);
    expect(one.drill).toEqual([
      { name: 'region', dataType: 'string' },
      { name: 'province', dataType: 'string' },
    ]);
    expect(addDrillLevel(one, fields[2]!).drill?.map((l) => l.name)).toEqual(['region', 'province', 'city']);
    expect(drillCandidates(one, fields).map((f) => f.name)).toEqual(['city', 'day', 'amount']);
  });

  it('adds a date again at the next finer granularity, year → quarter → month → day', () => {
    let c = chart({ type: 'line', points: [{ name: 'day', dataType: 'date', granularity: 1 }] });
    for (const g of [2, 3, 5]) {
      c = addDrillLevel(c, fields[3]!);
      expect(c.drill!.at(-1)).toEqual({ name: 'day', dataType: 'date', granularity: g });
    }
    expect(levelGranularities(c, 2)).toEqual([3, 4]);
    expect(setLevelGranularity(c, 2, 4).drill![2]!.granularity).toBe(4);
  });

  it('removes, moves and clears levels; one level left is no hierarchy', () => {
    const c = addDrillLevel(addDrillLevel(chart(), fields[1]!), fields[2]!);
    expect(moveDrillLevel(c, 2, 1).drill?.map((l) => l.name)).toEqual(['region', 'city', 'province']);
    expect(moveDrillLevel(c, 1, 0)).toBe(c);
    expect(removeDrillLevel(c, 1).drill?.map((l) => l.name)).toEqual(['region', 'city']);
    expect(removeDrillLevel(removeDrillLevel(c, 1), 1)).not.toHaveProperty('drill');
    expect(clearDrill(c)).not.toHaveProperty('drill');
  });
});
