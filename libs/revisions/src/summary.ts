import { sameValue } from './diff.js';

/** The kinds of object that keep revisions (issue 33); each is owned by one service. */
export const REVISION_KINDS = ['dashboard', 'chart', 'relation', 'join', 'fields', 'rowRules', 'template'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export function isRevisionKind(v: string): v is RevisionKind {
  return (REVISION_KINDS as readonly string[]).includes(v);
}

/** The message keys of a summary (libs/i18n messages/revision.ts; the BFF translates them). */
export type SummaryKey =
  | 'revision.created'
  | 'revision.deleted'
  | 'revision.restored'
  | 'revision.restored_from_trash'
  | 'revision.renamed'
  | 'revision.moved_charts'
  | 'revision.resized_charts'
  | 'revision.added_charts'
  | 'revision.removed_charts'
  | 'revision.hid_charts'
  | 'revision.showed_charts'
  | 'revision.added_filter'
  | 'revision.removed_filter'
  | 'revision.changed_filter'
  | 'revision.changed_linkage'
  | 'revision.changed_type'
  | 'revision.switched_source'
  | 'revision.changed_aggregator'
  | 'revision.added_field'
  | 'revision.removed_field'
  | 'revision.changed_custom_option'
  | 'revision.changed_alerts'
  | 'revision.changed_fields';

export interface SummaryPart {
  key: SummaryKey;
  params?: Record<string, string | number>;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

/** Dashboard snapshot fields: name, aspects [{chartId,row,col,sizeX,sizeY}], hidden [chartId], globalFilter [{name,…}], linkage. */
function dashboardParts(a: Obj, b: Obj): SummaryPart[] {
  const parts: SummaryPart[] = [];
  if (a.name !== b.name) parts.push({ key: 'revision.renamed', params: { from: text(a.name), to: text(b.name) } });
  const before = new Map(list(a.aspects).map((x) => [text(x.chartId), x]));
  const after = new Map(list(b.aspects).map((x) => [text(x.chartId), x]));
  let moved = 0;
  let resized = 0;
  for (const [id, x] of after) {
    const y = before.get(id);
    if (!y) continue;
    if (x.row !== y.row || x.col !== y.col) moved++;
    if (x.sizeX !== y.sizeX || x.sizeY !== y.sizeY) resized++;
  }
  const added = [...after.keys()].filter((id) => !before.has(id)).length;
  const removed = [...before.keys()].filter((id) => !after.has(id)).length;
  if (moved) parts.push({ key: 'revision.moved_charts', params: { count: moved } });
  if (resized) parts.push({ key: 'revision.resized_charts', params: { count: resized } });
  if (added) parts.push({ key: 'revision.added_charts', params: { count: added } });
  if (removed) parts.push({ key: 'revision.removed_charts', params: { count: removed } });
  const hidA = new Set((Array.isArray(a.hidden) ? a.hidden : []).map(text));
  const hidB = new Set((Array.isArray(b.hidden) ? b.hidden : []).map(text));
  const hid = [...hidB].filter((x) => !hidA.has(x)).length;
  const unhidden = [...hidA].filter((x) => !hidB.has(x)).length;
  if (hid) parts.push({ key: 'revision.hid_charts', params: { count: hid } });
  if (unhidden) parts.push({ key: 'revision.showed_charts', params: { count: unhidden } });
  const fa = new Map(list(a.globalFilter).map((x) => [text(x.name), x]));
  const fb = new Map(list(b.globalFilter).map((x) => [text(x.name), x]));
  const shown = (x: Obj | undefined, n: string) => text(x?.title) || n;
  for (const [n, x] of fb) {
    if (!fa.has(n)) parts.push({ key: 'revision.added_filter', params: { name: shown(x, n) } });
    else if (!sameValue(fa.get(n), x)) parts.push({ key: 'revision.changed_filter', params: { name: shown(x, n) } });
  }
  for (const [n, x] of fa) if (!fb.has(n)) parts.push({ key: 'revision.removed_filter', params: { name: shown(x, n) } });
  if (!sameValue(a.linkage, b.linkage)) parts.push({ key: 'revision.changed_linkage' });
  return parts;
}

const FIELD_LISTS = ['points', 'values', 'secondPoints', 'secondValues'] as const;

/** Chart snapshot: the whole chart definition (spec 01 §3 Chart) plus its place {row,col,sizeX,sizeY} and hide flag. */
function chartParts(a: Obj, b: Obj): SummaryPart[] {
  const parts: SummaryPart[] = [];
  if (a.title !== b.title) parts.push({ key: 'revision.renamed', params: { from: text(a.title), to: text(b.title) } });
  if (a.type !== b.type) parts.push({ key: 'revision.changed_type', params: { from: text(a.type), to: text(b.type) } });
  if (a.dataSourceId !== b.dataSourceId) parts.push({ key: 'revision.switched_source' });
  for (const l of FIELD_LISTS) {
    const fa = new Map(list(a[l]).map((x) => [text(x.name), x]));
    const fb = new Map(list(b[l]).map((x) => [text(x.name), x]));
    for (const [n, x] of fb) {
      const y = fa.get(n);
      if (!y) parts.push({ key: 'revision.added_field', params: { name: text(x.title) || n } });
      else if (text(y.aggregator) !== text(x.aggregator)) parts.push({ key: 'revision.changed_aggregator', params: { name: text(x.title) || n, to: text(x.aggregator) } });
    }
    for (const [n, y] of fa) if (!fb.has(n)) parts.push({ key: 'revision.removed_field', params: { name: text(y.title) || n } });
  }
  if (!sameValue(a.customOption, b.customOption)) parts.push({ key: 'revision.changed_custom_option' });
  if (!sameValue(a.warnConfigData, b.warnConfigData)) parts.push({ key: 'revision.changed_alerts' });
  if (!sameValue(a.linkage, b.linkage)) parts.push({ key: 'revision.changed_linkage' });
  const pa = obj(a.place);
  const pb = obj(b.place);
  if (a.place && b.place && (pa.row !== pb.row || pa.col !== pb.col)) parts.push({ key: 'revision.moved_charts', params: { count: 1 } });
  if (a.place && b.place && (pa.sizeX !== pb.sizeX || pa.sizeY !== pb.sizeY)) parts.push({ key: 'revision.resized_charts', params: { count: 1 } });
  if (a.hide !== b.hide) parts.push({ key: b.hide ? 'revision.hid_charts' : 'revision.showed_charts', params: { count: 1 } });
  // the other settings (labels, axes, colours, …) by name
  return [...parts, ...genericParts(a, b, CHART_SUMMARISED)];
}

const CHART_SUMMARISED = new Set(['title', 'type', 'dataSourceId', ...FIELD_LISTS, 'customOption', 'warnConfigData', 'linkage', 'place', 'hide', 'dashboardId', 'chartId']);

/** Top-level keys that differ, for kinds without a summary of their own. */
function genericParts(a: Obj, b: Obj, skip: ReadonlySet<string> = new Set()): SummaryPart[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !skip.has(k) && !sameValue(a[k], b[k])).sort();
  return keys.length ? [{ key: 'revision.changed_fields', params: { count: keys.length, fields: keys.slice(0, 5).join(', ') } }] : [];
}

/**
 * The one-line summary of a change, computed on the server: what changed from `before` to `after`
 * (undefined before: created; undefined after: deleted). Never empty for two different snapshots.
 */
export function summarize(kind: RevisionKind, before: unknown, after: unknown): SummaryPart[] {
  if (before === undefined) return [{ key: 'revision.created' }];
  if (after === undefined) return [{ key: 'revision.deleted' }];
  const a = obj(before);
  const b = obj(after);
  const parts = kind === 'dashboard' ? dashboardParts(a, b) : kind === 'chart' ? chartParts(a, b) : [];
  if (parts.length > 0) return parts;
  return genericParts(a, b);
}
