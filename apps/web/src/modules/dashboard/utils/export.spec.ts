import { describe, expect, it } from '@jest/globals';
import { BUSY_SELECTOR, waitUntilSettled } from './export';

/** An element whose busy parts (a paging table's spin, a loading chart) go away after some looks. */
function element(busyLooks: number) {
  let looks = 0;
  const asked: string[] = [];
  return {
    asked,
    get looks() {
      return looks;
    },
    querySelector(selector: string) {
      asked.push(selector);
      if (selector !== BUSY_SELECTOR) return null;
      looks++;
      return looks <= busyLooks ? {} : null;
    },
  };
}

describe('exports wait until nothing is busy (issue 27: a PNG drew the paging table faded)', () => {
  it('looks again until the spin over a table is gone', async () => {
    const el = element(3);
    await waitUntilSettled(el as unknown as HTMLElement, 10_000, 1);
    expect(el.looks).toBe(4);
  });

  it('names the states that fade a chart: loading, spinning, blurred under a spin, refreshing', () => {
    for (const part of ['[aria-busy="true"]', '.ant-spin-spinning', '.ant-spin-blur', '[data-testid="chart-refreshing"]']) expect(BUSY_SELECTOR).toContain(part);
  });

  it('gives up after its bound (a chart that never settles does not stop the export)', async () => {
    const el = element(Number.POSITIVE_INFINITY);
    await waitUntilSettled(el as unknown as HTMLElement, 0, 1);
    expect(el.looks).toBeGreaterThanOrEqual(1);
  });
});
