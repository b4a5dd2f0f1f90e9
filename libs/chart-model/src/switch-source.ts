import type { Chart, ChartField, DataType, FilterCondition, PlotLine } from './chart.js';
import { drillProblem } from './drill.js';

/** sum and avg are for number fields only (spec 01 §5). */
export const isNumberOnlyAggregator = (aggregator: string | undefined) => aggregator === 'sum' || aggregator === 'avg';

export interface SourceSwitch {
  /** the chart on the new source */
  chart: Chart;
  /** names the new source has, each once, in chart order */
  kept: string[];
  /** names the new source lacks, each once, in chart order */
  dropped: string[];
  /** kept fields, conditions and inner filters whose type differs in the new source */
  retyped: { name: string; from: DataType; to: DataType }[];
  /** calculated plot lines removed (their field is dropped, or they name none) */
  linesRemoved: number;
}

/**
 * Moves a chart to another source (docs/api/chart.md "Switch data source"): fields the new source
 * has stay, with its type (an aggregator the type does not allow is dropped, so the default
 * applies); the others are removed wherever the chart names them — points, values, second points,
 * second values, their field-filter conditions, inner filters, calculated plot lines, the
 * statistics field, the drill hierarchy (kept whole or removed). The dashboard service stores the result; the editor shows the same walk's
 * report before the user confirms. `typeOf` answers a field's type in the new source.
 */
export function switchSource(chart: Chart, dataSourceId: string, typeOf: (name: string) => DataType | undefined): SourceSwitch {
  const kept: string[] = [];
  const dropped: string[] = [];
  const retyped: SourceSwitch['retyped'] = [];
  let linesRemoved = 0;
  const keep = (name: string | undefined): boolean => {
    if (name !== undefined && typeOf(name) !== undefined) {
      if (!kept.includes(name)) kept.push(name);
      return true;
    }
    if (name !== undefined && !dropped.includes(name)) dropped.push(name);
    return false;
  };
  /** the new type of a kept name, noting a change */
  const retype = (name: string, from: DataType): DataType => {
    const to = typeOf(name)!;
    if (from !== to && !retyped.some((r) => r.name === name)) retyped.push({ name, from, to });
    return to;
  };
  const conditions = (list: FilterCondition[]) =>
    list.filter((c) => keep(c.field.name)).map((c) => ({ ...c, field: { ...c.field, dataType: retype(c.field.name, c.field.dataType) } }));
  const fieldsOf = (list: ChartField[]) =>
    list
      .filter((f) => keep(f.name))
      .map((f) => {
        const dataType = retype(f.name, f.dataType);
        const next: ChartField = { ...f, dataType };
        if (isNumberOnlyAggregator(f.aggregator) && dataType !== 'number') delete next.aggregator;
        if (dataType !== 'date') delete next.granularity;
        if (f.fieldFilter) next.fieldFilter = { ...f.fieldFilter, conditions: conditions(f.fieldFilter.conditions) };
        return next;
      });
  const lines = (list: PlotLine[] | undefined) =>
    list
      ?.filter((l) => {
        const stays = l.valueType !== 1 || keep(l.axisField?.axisName);
        if (!stays) linesRemoved++;
        return stays;
      })
      .map((l) => {
        const type = l.axisField ? typeOf(l.axisField.axisName) : undefined;
        if (l.axisField && type && isNumberOnlyAggregator(l.axisField.aggregator) && type !== 'number') return { ...l, axisField: { ...l.axisField, aggregator: undefined } };
        return l;
      });

  const out: Chart = {
    ...chart,
    dataSourceId,
    points: fieldsOf(chart.points),
    values: fieldsOf(chart.values),
    secondPoints: fieldsOf(chart.secondPoints),
    secondValues: fieldsOf(chart.secondValues),
    innerFilters: chart.innerFilters.filter((f) => keep(f.name)).map((f) => (f.dataType === 'other' ? f : { ...f, dataType: retype(f.name, f.dataType) })),
  };
  if (chart.plotLineY) out.plotLineY = lines(chart.plotLineY);
  if (chart.plotLineYOptional) out.plotLineYOptional = lines(chart.plotLineYOptional);
  if (chart.aggregateConfig?.aggregateField && !keep(chart.aggregateConfig.aggregateField)) {
    const { aggregateField: _gone, ...rest } = chart.aggregateConfig;
    out.aggregateConfig = rest;
  }
  // the drill hierarchy stays when every level is kept and still fits the chart (retyped), else it is removed
  if (chart.drill) {
    const levels = chart.drill.filter((l) => keep(l.name)).map((l) => ({ ...l, dataType: typeOf(l.name)! }));
    if (levels.length === chart.drill.length && !drillProblem({ ...out, drill: levels })) out.drill = levels;
    else delete out.drill;
  }
  // what is not set is left out, as the chart is stored
  return { chart: JSON.parse(JSON.stringify(out)) as Chart, kept, dropped, retyped, linesRemoved };
}

/**
 * The chart with some field names replaced (`names`: old name → new name), wherever switchSource
 * reads a name: points, values, second points and values, their field-filter conditions, inner
 * filters, calculated plot lines, the statistics field. Switching a chart to a source whose fields
 * are named otherwise maps them first (the switch dialog's "use instead"); titles the chart gave its
 * fields stay. Names not in `names` are left as they are.
 */
export function renameFields(chart: Chart, names: ReadonlyMap<string, string>): Chart {
  if (names.size === 0) return chart;
  const to = (name: string) => names.get(name) ?? name;
  const conditions = (list: FilterCondition[]) => list.map((c) => ({ ...c, field: { ...c.field, name: to(c.field.name) } }));
  const fieldsOf = (list: ChartField[]) =>
    list.map((f) => ({ ...f, name: to(f.name), ...(f.fieldFilter ? { fieldFilter: { ...f.fieldFilter, conditions: conditions(f.fieldFilter.conditions) } } : {}) }));
  const lines = (list: PlotLine[] | undefined) => list?.map((l) => (l.axisField ? { ...l, axisField: { ...l.axisField, axisName: to(l.axisField.axisName) } } : l));
  const out: Chart = {
    ...chart,
    points: fieldsOf(chart.points),
    values: fieldsOf(chart.values),
    secondPoints: fieldsOf(chart.secondPoints),
    secondValues: fieldsOf(chart.secondValues),
    innerFilters: chart.innerFilters.map((f) => ({ ...f, name: to(f.name) })),
  };
  if (chart.plotLineY) out.plotLineY = lines(chart.plotLineY);
  if (chart.plotLineYOptional) out.plotLineYOptional = lines(chart.plotLineYOptional);
  if (chart.aggregateConfig?.aggregateField) out.aggregateConfig = { ...chart.aggregateConfig, aggregateField: to(chart.aggregateConfig.aggregateField) };
  return out;
}
