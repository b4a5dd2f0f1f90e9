/**
 * The relation carousel's steps (pure): the chain's charts one after another, each run with the
 * filters the categories picked on the charts above it give (`relationFilters` of @bi/chart-model,
 * the rule the server's node values use too).
 */
import { relationFilters, type RangeFilter, type RelationNodeView, type RelationSelection } from '@bi/chart-model';

/** The picks with `nodeId`'s set to `value` (null: cleared); the picks of the steps below it are dropped, they were made under the old choice. */
export function pickAt(chain: readonly Pick<RelationNodeView, 'nodeId'>[], selections: readonly RelationSelection[], nodeId: string, value: string | number | null): RelationSelection[] {
  const index = chain.findIndex((n) => n.nodeId === nodeId);
  if (index < 0) return [...selections];
  const above = new Set(chain.slice(0, index).map((n) => n.nodeId));
  const kept = selections.filter((s) => above.has(s.nodeId));
  return value === null || value === '' ? kept : [...kept, { nodeId, value }];
}

/** The run filters of step `index` (none: undefined, so the chart runs as it is and shares its cached run). */
export function stepFilters(chain: readonly RelationNodeView[], index: number, selections: readonly RelationSelection[]): { globalFilters: RangeFilter[] } | undefined {
  const filters = relationFilters(chain, index, selections);
  return filters.length > 0 ? { globalFilters: filters } : undefined;
}

/** The chips of a step: each filter's field (as the node names it) and value. */
export function filterChips(filters: readonly RangeFilter[] | undefined): { key: string; field: string; value: string }[] {
  return (filters ?? []).map((f) => ({ key: f.id ?? f.name, field: f.title ?? f.name, value: f.range.length > 1 && f.range[0] !== f.range[1] ? f.range.join(' ~ ') : String(f.range[0] ?? '') }));
}

/** The step after a move, kept inside the chain (no wrap-around: the chain has a top and a bottom). */
export function stepTo(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, index + delta));
}
