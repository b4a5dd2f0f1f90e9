/**
 * Largest-Triangle-Three-Buckets down-sampling (Steinarsson 2013) for long series: keeps the first and
 * last points, exactly `threshold` points, and (beyond plain LTTB) the global minimum and maximum.
 */

/** Series longer than this are down-sampled unless BuildOptions.downsampleThreshold says otherwise. */
export const DEFAULT_DOWNSAMPLE_THRESHOLD = 3000;

/**
 * Indices (ascending) of the points LTTB keeps. `xs` must be ascending (indices or timestamps); null ys
 * count as 0 for the triangle areas. Returns every index when the series has no more than `threshold`
 * points or the threshold is not a finite number ≥ 3 (then 2 keeps first and last, below 2 keeps all).
 */
export function lttbIndices(xs: readonly number[], ys: readonly (number | null)[], threshold: number): number[] {
  const n = Math.min(xs.length, ys.length);
  const all = () => Array.from({ length: n }, (_, i) => i);
  if (!Number.isFinite(threshold) || threshold >= n || threshold < 2) return all();
  const t = Math.floor(threshold);
  if (t === 2) return [0, n - 1];
  const y = (i: number) => ys[i] ?? 0;

  const sampled: number[] = [0];
  const buckets: [number, number][] = [];
  const every = (n - 2) / (t - 2);
  let a = 0;
  for (let i = 0; i < t - 2; i++) {
    const avgStart = Math.floor((i + 1) * every) + 1;
    const avgEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let j = avgStart; j < avgEnd; j++) {
      avgX += xs[j]!;
      avgY += y(j);
    }
    const avgLen = Math.max(1, avgEnd - avgStart);
    avgX /= avgLen;
    avgY /= avgLen;

    const from = Math.floor(i * every) + 1;
    const to = Math.min(Math.floor((i + 1) * every) + 1, n - 1);
    const ax = xs[a]!;
    const ay = y(a);
    let maxArea = -1;
    let chosen = from;
    for (let j = from; j < to; j++) {
      const area = Math.abs((ax - avgX) * (y(j) - ay) - (ax - xs[j]!) * (avgY - ay));
      if (area > maxArea) {
        maxArea = area;
        chosen = j;
      }
    }
    sampled.push(chosen);
    buckets.push([from, to]);
    a = chosen;
  }
  sampled.push(n - 1);

  // Keep the extremes: each replaces the pick of its own bucket (first and last are kept anyway).
  let minI = 0;
  let maxI = 0;
  for (let i = 1; i < n; i++) {
    if (y(i) < y(minI)) minI = i;
    if (y(i) > y(maxI)) maxI = i;
  }
  for (const extreme of minI === maxI ? [minI] : [minI, maxI]) {
    const b = buckets.findIndex(([from, to]) => extreme >= from && extreme < to);
    if (b < 0 || sampled[b + 1] === extreme) continue;
    const other = extreme === minI ? maxI : minI;
    if (sampled[b + 1] === other) continue; // both extremes in one bucket: the one placed first stays
    sampled[b + 1] = extreme;
  }
  return sampled;
}

export interface DownsampleResult {
  /** kept indices, ascending */
  indices: number[];
  originalCount: number;
  downsampled: boolean;
}

/**
 * Down-samples several series sharing one x (categories of a chart) together: LTTB runs on the sum of
 * the series at each x, so every series keeps the same x positions.
 */
export function downsampleShared(xs: readonly number[] | (() => readonly number[]), series: readonly (readonly (number | null)[])[], threshold = DEFAULT_DOWNSAMPLE_THRESHOLD, count?: number): DownsampleResult {
  const n = count ?? (typeof xs === 'function' ? xs() : xs).length;
  if (!Number.isFinite(threshold) || threshold <= 0 || n <= threshold) {
    const indices = new Array<number>(n);
    for (let i = 0; i < n; i++) indices[i] = i;
    return { indices, originalCount: n, downsampled: false };
  }
  if (typeof xs === 'function') xs = xs();
  const sum = xs.map((_, i) => series.reduce<number>((acc, s) => acc + (s[i] ?? 0), 0));
  const indices = lttbIndices(xs, sum, threshold);
  return { indices, originalCount: n, downsampled: indices.length < n };
}

/** Picks the entries of `values` at `indices`. */
export function pick<T>(values: readonly T[], indices: readonly number[]): T[] {
  return indices.map((i) => values[i]!);
}
