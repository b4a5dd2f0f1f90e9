/** Gap between neighbours when appending. */
export const ORDER_STEP = 10;

/**
 * The order of an item dropped between two neighbours: their average, or the previous order plus
 * 10 at the end (spec 01 §4); before the first item, half of its order (or 10 in an empty list).
 */
export function orderBetween(previous: number | undefined, next: number | undefined): number {
  if (previous === undefined && next === undefined) return ORDER_STEP;
  if (next === undefined) return previous! + ORDER_STEP;
  if (previous === undefined) return next / 2;
  return (previous + next) / 2;
}

/** The order for moving items[from] to position `to` of the same sorted list. */
export function orderForMove(orders: readonly number[], from: number, to: number): number {
  const rest = orders.filter((_, i) => i !== from);
  return orderBetween(rest[to - 1], rest[to]);
}
