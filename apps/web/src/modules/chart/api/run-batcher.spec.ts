import { beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_BATCH_CHARTS } from '@bi/rules';
import { MemoryStorage } from '../../../shared/storage/memory-storage';

type Module = typeof import('./run-batcher');
let m: Module;

beforeAll(async () => {
  // http.ts reads the storages and the location when loaded
  Object.assign(globalThis, {
    window: { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage(), location: { pathname: '/dashboard', assign: () => undefined } },
  });
  m = await import('./run-batcher');
});

type Body = { page?: number };

/** A batcher over recorded calls; flush() sends what was collected (the schedule is in the test's hands). */
function harness(answer: (charts: (Body & { chartId: string })[]) => { status: 'success' | 'fail'; data: unknown; httpStatus?: number }[]) {
  const singles: string[] = [];
  const batches: (Body & { chartId: string })[][] = [];
  const tabs: string[] = [];
  let flushes: (() => void)[] = [];
  const batcher = new m.RunBatcher<Body, string>(
    async (_tab, chartId) => {
      singles.push(chartId);
      return `single ${chartId}`;
    },
    async (tab, charts) => {
      tabs.push(tab);
      batches.push(charts);
      return answer(charts) as never;
    },
    (f) => {
      flushes.push(f);
    },
  );
  const flush = () => {
    const due = flushes;
    flushes = [];
    for (const f of due) f();
  };
  return { batcher, singles, batches, tabs, flush };
}

describe('RunBatcher: chart runs asked for together go out as one batch run', () => {
  it('sends the runs of one moment in one batch, each caller getting its own answer or error with the status', async () => {
    const h = harness((charts) => charts.map((c) => (c.chartId === 'gone' ? { status: 'fail', data: 'Chart not found', httpStatus: 404 } : { status: 'success', data: `answer ${c.chartId} ${c.page ?? ''}` })));
    const a = h.batcher.run('dashboard', 'a', { page: 2 });
    const gone = h.batcher.run('dashboard', 'gone', {});
    const b = h.batcher.run('dashboard', 'b', {});
    h.flush();
    expect(await a).toBe('answer a 2');
    expect(await b).toBe('answer b ');
    await expect(gone).rejects.toMatchObject({ name: 'ApiError', message: 'Chart not found', httpStatus: 404 });
    expect(h.batches).toEqual([[{ page: 2, chartId: 'a' }, { chartId: 'gone' }, { chartId: 'b' }]]);
    expect(h.singles).toEqual([]);
  });

  it('sends a lone run as the single run, and drops a run cancelled before the batch left', async () => {
    const h = harness((charts) => charts.map((c) => ({ status: 'success', data: c.chartId })));
    const cancel = new AbortController();
    const dropped = h.batcher.run('dashboard', 'x', {}, cancel.signal);
    const kept = h.batcher.run('dashboard', 'y', {});
    cancel.abort();
    h.flush();
    await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
    expect(await kept).toBe('single y');
    expect(h.batches).toEqual([]);
    expect(h.singles).toEqual(['y']);
  });

  it('splits more than the batch limit, keeps tabs apart, and fails every run of a batch whose request failed', async () => {
    let failing = false;
    const h = harness((charts) => {
      if (failing) throw new Error('network down');
      return charts.map((c) => ({ status: 'success', data: c.chartId }));
    });
    const many = Array.from({ length: MAX_BATCH_CHARTS + 3 }, (_, i) => h.batcher.run('dashboard', `c${i}`, {}));
    h.flush();
    expect(await Promise.all(many)).toEqual(Array.from({ length: MAX_BATCH_CHARTS + 3 }, (_, i) => `c${i}`));
    expect(h.batches.map((b) => b.length)).toEqual([MAX_BATCH_CHARTS, 3]);

    // runs of two tabs asked for in the same moment: a batch per tab
    const both = [h.batcher.run('dashboard', 'd1', {}), h.batcher.run('template', 't0', {}), h.batcher.run('dashboard', 'd2', {}), h.batcher.run('template', 't9', {})];
    h.flush();
    expect(await Promise.all(both)).toEqual(['d1', 't0', 'd2', 't9']);
    expect(h.tabs.slice(-2)).toEqual(['dashboard', 'template']);
    expect(h.batches.slice(-2).map((b) => b.map((c) => c.chartId))).toEqual([
      ['d1', 'd2'],
      ['t0', 't9'],
    ]);

    failing = true;
    const t1 = h.batcher.run('template', 't1', {});
    const t2 = h.batcher.run('template', 't2', {});
    h.flush();
    await expect(t1).rejects.toThrow('network down');
    await expect(t2).rejects.toThrow('network down');
  });

  it('runNow sends the given runs at once as one batch (nothing waits for the schedule), a promise per run in order', async () => {
    const h = harness((charts) => charts.map((c) => ({ status: c.chartId === 'b' ? 'fail' : 'success', data: c.chartId === 'b' ? 'no' : `batched ${c.chartId}` })));
    const [a, b, c] = h.batcher.runNow('dashboard', [{ chartId: 'a', body: {} }, { chartId: 'b', body: {} }, { chartId: 'c', body: { page: 2 } }]);
    expect(h.batches).toEqual([[{ chartId: 'a' }, { chartId: 'b' }, { chartId: 'c', page: 2 }]]);
    await expect(a).resolves.toBe('batched a');
    await expect(b).rejects.toMatchObject({ message: 'no' });
    await expect(c).resolves.toBe('batched c');
    const [only] = h.batcher.runNow('dashboard', [{ chartId: 'z', body: {} }]);
    await expect(only).resolves.toBe('single z');
    expect(h.singles).toEqual(['z']);
  });
});

