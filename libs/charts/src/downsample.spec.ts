import { DEFAULT_DOWNSAMPLE_THRESHOLD, downsampleShared, lttbIndices, pick } from './downsample.js';

function wave(n: number): { xs: number[]; ys: number[] } {
  const xs = Array.from({ length: n }, (_, i) => i);
  return { xs, ys: xs.map((i) => Math.round(1000 * Math.sin(i / 50)) + (i % 7)) };
}

describe('lttbIndices', () => {
  it('is a no-op at or under the threshold', () => {
    const { xs, ys } = wave(3000);
    expect(lttbIndices(xs, ys, 3000)).toEqual(xs);
    expect(lttbIndices(xs.slice(0, 10), ys.slice(0, 10), 3000)).toEqual(xs.slice(0, 10));
  });

  it('returns exactly threshold points, ascending, first and last kept', () => {
    const { xs, ys } = wave(10_000);
    for (const threshold of [3, 10, 500, 3000, 9999]) {
      const idx = lttbIndices(xs, ys, threshold);
      expect(idx).toHaveLength(threshold);
      expect(idx[0]).toBe(0);
      expect(idx.at(-1)).toBe(9999);
      for (let i = 1; i < idx.length; i++) expect(idx[i]!).toBeGreaterThan(idx[i - 1]!);
    }
  });

  it('keeps the extremes', () => {
    const n = 20_000;
    const xs = Array.from({ length: n }, (_, i) => i);
    const ys = xs.map((i) => 100 + (i % 10));
    ys[7777] = 5000;
    ys[12345] = -4000;
    // from 4 points on, the two extremes fall into different buckets
    for (const threshold of [4, 50, 3000]) {
      const idx = lttbIndices(xs, ys, threshold);
      expect(idx).toHaveLength(threshold);
      const kept = pick(ys, idx);
      expect(Math.max(...kept)).toBe(5000);
      expect(Math.min(...kept)).toBe(-4000);
    }
  });

  it('keeps global extremes even where plain LTTB would pick a neighbour', () => {
    // a plateau with a slightly higher point: the triangle areas favour the edges of the plateau
    const n = 1000;
    const xs = Array.from({ length: n }, (_, i) => i);
    const ys: number[] = xs.map((i) => (i > 400 && i < 600 ? 1000 : 0));
    ys[500] = 1001;
    expect(pick(ys, lttbIndices(xs, ys, 20))).toContain(1001);
  });

  it('treats nulls as 0 and keeps working', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i);
    const ys = xs.map((i) => (i % 3 === 0 ? null : i));
    expect(lttbIndices(xs, ys, 10)).toHaveLength(10);
  });

  it('handles tiny thresholds and non-numbers', () => {
    const { xs, ys } = wave(100);
    expect(lttbIndices(xs, ys, 2)).toEqual([0, 99]);
    expect(lttbIndices(xs, ys, 1)).toHaveLength(100);
    expect(lttbIndices(xs, ys, NaN)).toHaveLength(100);
    expect(lttbIndices([], [], 10)).toEqual([]);
  });

  it('uses real x spacing (timestamps)', () => {
    const xs = Array.from({ length: 500 }, (_, i) => Date.UTC(2020, 0, 1) + i * 86_400_000 * (i < 250 ? 1 : 2));
    const ys = xs.map((_, i) => Math.sin(i / 10));
    const idx = lttbIndices(xs, ys, 100);
    expect(idx).toHaveLength(100);
  });
});

describe('downsampleShared', () => {
  it('defaults to 3000 points', () => {
    expect(DEFAULT_DOWNSAMPLE_THRESHOLD).toBe(3000);
    const { xs, ys } = wave(5000);
    const r = downsampleShared(xs, [ys]);
    expect(r).toMatchObject({ originalCount: 5000, downsampled: true });
    expect(r.indices).toHaveLength(3000);
  });

  it('is a no-op under the threshold and when turned off', () => {
    const { xs, ys } = wave(2000);
    expect(downsampleShared(xs, [ys], 3000)).toMatchObject({ originalCount: 2000, downsampled: false });
    expect(downsampleShared(xs, [ys], Infinity).indices).toHaveLength(2000);
    expect(downsampleShared(xs, [ys], 0).downsampled).toBe(false);
  });

  it('keeps the same x positions for every series, with the spikes of each', () => {
    const n = 8000;
    const xs = Array.from({ length: n }, (_, i) => i);
    const a = xs.map((i) => (i === 1234 ? 9000 : 10));
    const b = xs.map((i) => (i === 6789 ? 7000 : 20));
    const r = downsampleShared(xs, [a, b], 1000);
    expect(r.indices).toHaveLength(1000);
    expect(r.indices).toContain(1234);
    expect(r.indices).toContain(6789);
  });
});
