import { charLength, checkName, cutName, displayWidth, exportWaitMs, isReserved, orderBetween, orderForMove, placeNewChart } from './index.js';

describe('name rules', () => {
  it('requires 3 to 20 characters after trimming, counting characters not bytes', () => {
    expect(checkName('')).toBe('required');
    expect(checkName('   ')).toBe('required');
    expect(checkName(undefined)).toBe('required');
    expect(checkName('ab')).toBe('length');
    expect(checkName('abc')).toBeNull();
    expect(checkName('a'.repeat(20))).toBeNull();
    expect(checkName('a'.repeat(21))).toBe('length');
    expect(checkName('销售额')).toBeNull();
    expect(charLength('销售额')).toBe(3);
    expect(checkName('  ab  ')).toBe('length');
  });

  it('knows the reserved SBEP name', () => {
    expect(isReserved('SBEP')).toBe(true);
    expect(isReserved(' SBEP ')).toBe(true);
    expect(isReserved('sbep2')).toBe(false);
  });

  it('cuts display names by width, non-ASCII counting 2', () => {
    expect(displayWidth('ab销售')).toBe(6);
    expect(cutName('short', 16)).toBe('short');
    expect(cutName('a'.repeat(17), 16)).toBe('a'.repeat(16) + '…');
    expect(cutName('销售额销售额销售额销售额', 16)).toBe('销售额销售额销售…');
    expect(cutName('ab销', 3)).toBe('ab…');
  });
});

describe('sort math', () => {
  it('averages neighbours, appends with +10, and handles the ends', () => {
    expect(orderBetween(10, 20)).toBe(15);
    expect(orderBetween(30, undefined)).toBe(40);
    expect(orderBetween(undefined, 10)).toBe(5);
    expect(orderBetween(undefined, undefined)).toBe(10);
  });

  it('computes the order of a moved item from the list without it', () => {
    const orders = [10, 20, 30, 40];
    expect(orderForMove(orders, 0, 3)).toBe(50); // first to last
    expect(orderForMove(orders, 3, 0)).toBe(5); // last to first
    expect(orderForMove(orders, 0, 1)).toBe(25); // between 20 and 30
  });
});

describe('dashboard constants', () => {
  it('waits for unloaded charts up to five seconds before exporting', () => {
    expect(exportWaitMs(0)).toBe(0);
    expect(exportWaitMs(3)).toBe(900);
    expect(exportWaitMs(40)).toBe(5000);
  });

  it('places a new chart at the default 6×4 size under the others', () => {
    expect(placeNewChart([])).toEqual({ row: 0, col: 0, sizeX: 6, sizeY: 4 });
    expect(placeNewChart([{ row: 0, col: 0, sizeX: 6, sizeY: 4 }, { row: 2, col: 6, sizeX: 6, sizeY: 5 }])).toEqual({ row: 7, col: 0, sizeX: 6, sizeY: 4 });
  });
});
