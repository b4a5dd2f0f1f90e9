import { AppError } from '@bi/core';
import type { RowLoader, StoreValue } from '../uploads/store-writer.js';
import type { Connector, ConnectorRead } from './connector.js';
import { connectorBatches, loadBatches } from './sync-runner.js';

/** A connector of `pages` pages of two rows each; counts the pages it was asked for. */
function pagedConnector(pages: number, onPage?: (n: number) => void): Connector & { asked: number } {
  const c = {
    kind: 'test',
    fields: [
      { name: 'a', type: 'number' as const },
      { name: 'b', type: 'string' as const },
    ],
    asked: 0,
    async *rows(): AsyncGenerator<StoreValue[][]> {
      for (let p = 0; p < pages; p++) {
        c.asked++;
        onPage?.(p);
        yield [
          [p * 2, `r${p * 2}`],
          [p * 2 + 1, `r${p * 2 + 1}`],
        ];
      }
    },
    tooManyRows: (max: number) => new AppError('invalid', 'excel.too_many_rows', { sheet: 'test', max }),
  };
  return c;
}

function memoryLoader(): RowLoader & { added: StoreValue[][]; flushes: number } {
  const l = {
    added: [] as StoreValue[][],
    flushes: 0,
    get rows() {
      return l.added.length;
    },
    add: (v: StoreValue[]) => void l.added.push(v),
    flush: async () => void l.flushes++,
  };
  return l;
}

const load = (c: Connector, read: ConnectorRead, loader = memoryLoader()) => loadBatches(connectorBatches(c, read), loader).then(() => loader);

describe('sync runner: a connector’s rows into a loader', () => {
  it('adds every row in field order and lets the store write after each page', async () => {
    const loader = await load(pagedConnector(3), { maxRows: 6 });
    expect(loader.added).toEqual([
      [0, 'r0'],
      [1, 'r1'],
      [2, 'r2'],
      [3, 'r3'],
      [4, 'r4'],
      [5, 'r5'],
    ]);
    expect(loader.flushes).toBe(3);
  });

  it('stops at the row cap with the connector’s own message, asking for no page after it', async () => {
    const c = pagedConnector(10);
    await expect(load(c, { maxRows: 5 })).rejects.toMatchObject({ key: 'excel.too_many_rows', params: { max: 5 } });
    expect(c.asked).toBe(3);
  });

  it('stops when the read is cancelled between pages', async () => {
    const abort = new AbortController();
    const c = pagedConnector(10, (p) => p === 1 && abort.abort());
    await expect(load(c, { maxRows: 100, signal: abort.signal })).rejects.toMatchObject({ key: 'excel.cancelled' });
    expect(c.asked).toBe(2);
  });
});
