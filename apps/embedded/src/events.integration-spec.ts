import { resultCachePrefix } from '@bi/chart-query';
import { asBusMessage, encodeDataChanged, waitFor } from '@bi/messaging';
import { startTestStack, type TestStack } from './testing.js';

describe('DataChanged reaches chart-query', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => stack?.stop());

  it("drops that source's cached results and keeps the others", async () => {
    const { cache, bus } = stack.runtime;
    await cache.set(resultCachePrefix('ds-1') + 'q1', '{"option":1}', 60_000);
    await cache.set(resultCachePrefix('ds-1') + 'q2', '{"option":2}', 60_000);
    await cache.set(resultCachePrefix('ds-10') + 'q1', '{"option":3}', 60_000);
    await bus.publish([asBusMessage(encodeDataChanged('ds-1', { changeKind: 'append', dataVersion: 2, rowCount: 5, changedBy: 'admin' }))]);
    await waitFor(async () => (await cache.get(resultCachePrefix('ds-1') + 'q1')) === undefined, 30_000, "the source's results dropped");
    expect(await cache.get(resultCachePrefix('ds-1') + 'q1')).toBeUndefined();
    expect(await cache.get(resultCachePrefix('ds-1') + 'q2')).toBeUndefined();
    expect(await cache.get(resultCachePrefix('ds-10') + 'q1')).toBe('{"option":3}');
  });
});
