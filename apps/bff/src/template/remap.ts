import { emptyChart, isChartType, switchSource, type Chart, type DataType } from '@bi/chart-model';

/** A dashboard as the dashboard service's ReadTree / ImportTree carry it (dashboardV1.TreeDashboard). */
export interface TreeChartLike {
  key: string;
  title: string;
  type: string;
  dataSourceId: string;
  hide: boolean;
  definitionJson: string;
}
export interface TreeDashboardLike {
  dashboardId: string;
  projectId: string;
  name: string;
  description: string;
  aspectsJson: string;
  globalFilterJson: string;
  charts: TreeChartLike[];
}

export type FieldTypeOf = (name: string) => DataType | undefined;

interface FilterItem {
  name?: string;
  dataSourceId?: string;
  dataType?: string;
  charts?: { chartId: string; field?: string }[];
}

const DATA_TYPES = new Set(['string', 'number', 'date']);

function parse<T>(text: string, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The chart definition of a tree chart (the rest of the definition over an empty chart). */
export function chartOfTree(c: TreeChartLike): Chart {
  const type = isChartType(c.type) ? c.type : 'bar';
  return { ...emptyChart(c.key, c.title, c.dataSourceId, type), ...parse<object>(c.definitionJson, {}), chartId: c.key, title: c.title, type, dataSourceId: c.dataSourceId };
}

function filterItems(d: TreeDashboardLike): FilterItem[] {
  const items = parse<unknown>(d.globalFilterJson, []);
  return Array.isArray(items) ? (items as FilterItem[]) : [];
}

/** Each field a chart names (points, values, second axis, conditions, inner filters, plot lines, statistics), with its type. */
function chartFields(chart: Chart): Map<string, FieldNeed> {
  const out = new Map<string, FieldNeed>();
  const add = (name: string | undefined, type: string | undefined) => {
    if (name && type && DATA_TYPES.has(type) && !out.has(name)) out.set(name, type as DataType);
  };
  for (const f of [...chart.points, ...chart.values, ...chart.secondPoints, ...chart.secondValues]) {
    add(f.name, f.dataType);
    for (const c of f.fieldFilter?.conditions ?? []) add(c.field.name, c.field.dataType);
  }
  for (const f of chart.innerFilters) add(f.name, f.dataType);
  // names without a recorded type (plot lines, statistics field): whatever type the source gives them
  for (const l of [...(chart.plotLineY ?? []), ...(chart.plotLineYOptional ?? [])]) if (l.valueType === 1 && l.axisField?.axisName && !out.has(l.axisField.axisName)) out.set(l.axisField.axisName, 'any');
  if (chart.aggregateConfig?.aggregateField && !out.has(chart.aggregateConfig.aggregateField)) out.set(chart.aggregateConfig.aggregateField, 'any');
  return out;
}

/** The type a used field must have in a target source; 'any' = it must only exist. */
export type FieldNeed = DataType | 'any';

export interface UsedSource {
  dataSourceId: string;
  fields: Map<string, FieldNeed>;
  charts: number;
}

/** The sources a template's dashboards use (charts and global filter items) and the fields each needs, with their types. */
export function usedSources(dashboards: TreeDashboardLike[]): Map<string, UsedSource> {
  const out = new Map<string, UsedSource>();
  const of = (id: string) => out.get(id) ?? out.set(id, { dataSourceId: id, fields: new Map(), charts: 0 }).get(id)!;
  for (const d of dashboards) {
    const sourceOfChart = new Map(d.charts.map((c) => [c.key, c.dataSourceId]));
    for (const c of d.charts) {
      if (!c.dataSourceId) continue;
      const u = of(c.dataSourceId);
      u.charts++;
      for (const [name, type] of chartFields(chartOfTree(c))) if (!u.fields.has(name)) u.fields.set(name, type);
    }
    for (const item of filterItems(d)) {
      if (!item.dataType || !DATA_TYPES.has(item.dataType)) continue;
      const type = item.dataType as DataType;
      if (item.dataSourceId && item.name) of(item.dataSourceId).fields.set(item.name, type);
      for (const c of item.charts ?? []) {
        const s = sourceOfChart.get(c.chartId);
        if (s && (c.field ?? item.name)) of(s).fields.set((c.field ?? item.name)!, type);
      }
    }
  }
  return out;
}

/** The used fields a candidate source lacks or has with another type, in order. */
export function missingFields(used: UsedSource, typeOf: FieldTypeOf): { name: string; type: FieldNeed }[] {
  return [...used.fields]
    .filter(([name, need]) => {
      const t = typeOf(name);
      return t === undefined || (need !== 'any' && t !== need);
    })
    .map(([name, type]) => ({ name, type }));
}

/**
 * The proposed target of a template source (docs/api/template.md TemplateSource.match): a complete
 * candidate of the same name (ignoring case), else the template's own source when complete, else the
 * first complete candidate, else ''.
 */
export function proposeMatch(source: { dataSourceId: string; name: string }, candidates: { dataSourceId: string; name: string; missing: unknown[] }[]): string {
  const complete = candidates.filter((c) => c.missing.length === 0);
  const name = source.name.trim().toLowerCase();
  return (
    complete.find((c) => c.name.trim().toLowerCase() === name && c.dataSourceId !== source.dataSourceId)?.dataSourceId ??
    complete.find((c) => c.dataSourceId === source.dataSourceId)?.dataSourceId ??
    complete.find((c) => c.name.trim().toLowerCase() === name)?.dataSourceId ??
    complete[0]?.dataSourceId ??
    ''
  );
}

/**
 * The dashboards with every chart and global filter item moved to its mapped source. Each chart goes
 * through switchSource (the one rule that moves a chart to another source: the new source's types);
 * the caller has checked with missingFields that nothing is dropped.
 */
export function remapTree<T extends TreeDashboardLike>(dashboards: T[], mapping: ReadonlyMap<string, { to: string; typeOf: FieldTypeOf }>): T[] {
  return dashboards.map((d) => ({
    ...d,
    charts: d.charts.map((c) => {
      const m = mapping.get(c.dataSourceId);
      if (!c.dataSourceId || !m) return c;
      const { chart } = switchSource(chartOfTree(c), m.to, m.typeOf);
      const { chartId: _id, title: _title, type: _type, dataSourceId: _source, ...definition } = chart;
      return { ...c, dataSourceId: m.to, definitionJson: JSON.stringify(definition) };
    }),
    globalFilterJson: JSON.stringify(filterItems(d).map((item) => (item.dataSourceId && mapping.has(item.dataSourceId) ? { ...item, dataSourceId: mapping.get(item.dataSourceId)!.to } : item))),
  }));
}
