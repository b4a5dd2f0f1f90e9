import type { Chart, EditTopNum } from '@bi/chart-model';

/** The top-N strip (editTopNum): keep the first or last N items, or N percent of them, by the first value. */

export const TOP_N_LIMITS = { items: 1_000_000, percent: 100 } as const;
export const DEFAULT_TOP_N: EditTopNum = { showItemNum: false, direction: 0, num: 10, mode: 0 };

/** What the strip's inputs hold; num is null while the input is empty. */
export interface TopNDraft {
  showItemNum: boolean;
  direction: 0 | 1;
  num: number | null;
  mode: 0 | 1;
}

export type TopNProblem = 'numRequired' | 'numInteger' | 'numMin' | 'numMax' | 'percentMax';

export function topNDraftOf(chart: Chart): TopNDraft {
  const t = chart.editTopNum;
  if (!t) return { ...DEFAULT_TOP_N };
  return {
    showItemNum: t.showItemNum === true,
    direction: t.direction === 1 ? 1 : 0,
    num: typeof t.num === 'number' && Number.isFinite(t.num) ? t.num : null,
    mode: t.mode === 1 ? 1 : 0,
  };
}

/**
 * The number a switched-on strip needs: a whole number from 1, at most 100 in percent mode (as the
 * query checks it) and at most 1 000 000 items. A switched-off strip is always valid.
 */
export function topNProblem(draft: TopNDraft): TopNProblem | null {
  if (!draft.showItemNum) return null;
  const n = draft.num;
  if (n === null || !Number.isFinite(n)) return 'numRequired';
  if (!Number.isInteger(n)) return 'numInteger';
  if (n < 1) return 'numMin';
  if (draft.mode === 1 && n > TOP_N_LIMITS.percent) return 'percentMax';
  if (n > TOP_N_LIMITS.items) return 'numMax';
  return null;
}

/**
 * The chart with the strip's settings, or null while they are invalid. A switched-off strip keeps a
 * valid number it had (so switching it on again restores it), else the default.
 */
export function applyTopN(chart: Chart, draft: TopNDraft): Chart | null {
  if (topNProblem(draft) !== null) return null;
  const n = draft.num;
  const keep = n !== null && Number.isInteger(n) && n >= 1 && n <= TOP_N_LIMITS.items;
  const editTopNum: EditTopNum = { showItemNum: draft.showItemNum, direction: draft.direction, num: keep ? n : DEFAULT_TOP_N.num, mode: draft.mode };
  return { ...chart, editTopNum };
}

/** The strip only takes effect with a dimension and a value (libs/query: nothing to rank or pick otherwise). */
export function topNHasEffect(chart: Chart): boolean {
  return chart.points.length > 0 && chart.values.length + chart.secondValues.length > 0;
}
