/** Next (delta 1) or previous (delta -1) slide, wrapping around; 0 for an empty carousel. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** Keeps an index inside 0..count-1 after the slide list changed. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, index), count - 1);
}
