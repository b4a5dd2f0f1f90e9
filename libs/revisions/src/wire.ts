import { structuralDiff, type Change } from './diff.js';
import type { RevisionKind } from './summary.js';

/** A chart's box on the 12-column grid, for the small picture of a layout in a diff. */
export interface GridBox {
  chartId: string;
  title: string;
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}

/** The diff of a revision against another (by default the one before it), as the history panel shows it. */
export interface RevisionDiff {
  kind: RevisionKind;
  objectId: string;
  rev: number;
  /** the revision compared with (0: none, the object was created) */
  against: number;
  changes: Change[];
  /** dashboards: the grid before and after */
  layout?: { before: GridBox[]; after: GridBox[] };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The boxes of a dashboard snapshot's aspects, titled from `titles` (chartId → title). */
export function gridBoxes(snapshot: unknown, titles: ReadonlyMap<string, string>): GridBox[] {
  const aspects = (snapshot as { aspects?: unknown } | null)?.aspects;
  if (!Array.isArray(aspects)) return [];
  return aspects.slice(0, 500).map((a: Record<string, unknown>) => {
    const chartId = String(a.chartId ?? '');
    return { chartId, title: titles.get(chartId) ?? '', row: num(a.row), col: num(a.col), sizeX: num(a.sizeX), sizeY: num(a.sizeY) };
  });
}

/** The diff between two snapshots of an object; `mask` hides values the reader may not see (applied to both sides first). */
export function revisionDiff(
  kind: RevisionKind,
  objectId: string,
  rev: number,
  against: number,
  before: unknown,
  after: unknown,
  options: { titles?: ReadonlyMap<string, string>; mask?: (snapshot: unknown) => unknown } = {},
): RevisionDiff {
  const mask = options.mask ?? ((s: unknown) => s);
  const b = before === undefined ? undefined : mask(before);
  const a = after === undefined ? undefined : mask(after);
  const diff: RevisionDiff = { kind, objectId, rev, against, changes: structuralDiff(b ?? {}, a ?? {}) };
  if (kind === 'dashboard') diff.layout = { before: gridBoxes(b, options.titles ?? new Map()), after: gridBoxes(a, options.titles ?? new Map()) };
  return diff;
}

/**
 * Row rule snapshots as a restricted reader may see them (issue 33: "a restricted user does not see
 * values from rules through diffs"): every `value`/`values` in the rules replaced by a mask.
 */
export const MASK = '•••';
export function maskRuleValues(snapshot: unknown): unknown {
  if (Array.isArray(snapshot)) return snapshot.map(maskRuleValues);
  if (snapshot && typeof snapshot === 'object') {
    return Object.fromEntries(
      Object.entries(snapshot as Record<string, unknown>).map(([k, v]) =>
        /^(value|values|range|compareValue\w*)$/i.test(k) ? [k, Array.isArray(v) ? v.map(() => MASK) : MASK] : [k, maskRuleValues(v)],
      ),
    );
  }
  return snapshot;
}
