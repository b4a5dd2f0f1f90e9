import { http } from '../../../shared/api/http';

/** The kinds with a history panel on the dashboard page (docs/api/revisions.md). */
export type HistoryKind = 'dashboard' | 'chart';
export type HistoryTab = 'dashboard' | 'template';

export interface RevisionItem {
  rev: number;
  actorId: string;
  actorName: string;
  at: string;
  summaryText: string;
  deleted: boolean;
  restoredFrom: number | null;
  label: string;
}

export interface History {
  kind: HistoryKind;
  objectId: string;
  label: string;
  deleted: boolean;
  revisions: RevisionItem[];
}

export interface Change {
  path: string;
  before?: unknown;
  after?: unknown;
}

export interface GridBox {
  chartId: string;
  title: string;
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}

export interface RevisionDiff {
  rev: number;
  against: number;
  changes: Change[];
  layout?: { before: GridBox[]; after: GridBox[] };
}

export interface TrashItem {
  kind: HistoryKind;
  objectId: string;
  label: string;
  parentId: string;
  actorName: string;
  deletedAt: string;
  daysLeft: number;
}

const id = (value: string) => encodeURIComponent(value);
const tabQuery = (tab: HistoryTab) => `?tab=${tab}`;

export const historyApi = {
  list: (tab: HistoryTab, kind: HistoryKind, objectId: string) => http.get<History>(`/api/revisions/${kind}/${id(objectId)}${tabQuery(tab)}`),
  diff: (tab: HistoryTab, kind: HistoryKind, objectId: string, rev: number) => http.get<RevisionDiff>(`/api/revisions/${kind}/${id(objectId)}/${rev}/diff${tabQuery(tab)}`),
  restore: (tab: HistoryTab, kind: HistoryKind, objectId: string, rev: number) => http.post<History>(`/api/revisions/${kind}/${id(objectId)}/${rev}/restore${tabQuery(tab)}`, {}),
  trash: (tab: HistoryTab) => http.get<TrashItem[]>(`/api/trash${tabQuery(tab)}`),
  restoreFromTrash: (tab: HistoryTab, kind: HistoryKind, objectId: string) => http.post<History>(`/api/trash/${kind}/${id(objectId)}/restore${tabQuery(tab)}`, {}),
};

/** A value of a diff as one short line of text. */
export function shortValue(value: unknown, max = 120): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The chart boxes whose place or size differs between the two layouts. */
export function changedBoxes(before: readonly GridBox[], after: readonly GridBox[]): Set<string> {
  const old = new Map(before.map((b) => [b.chartId, b]));
  const out = new Set<string>();
  for (const b of after) {
    const o = old.get(b.chartId);
    if (!o || o.row !== b.row || o.col !== b.col || o.sizeX !== b.sizeX || o.sizeY !== b.sizeY) out.add(b.chartId);
  }
  for (const b of before) if (!after.some((a) => a.chartId === b.chartId)) out.add(b.chartId);
  return out;
}
