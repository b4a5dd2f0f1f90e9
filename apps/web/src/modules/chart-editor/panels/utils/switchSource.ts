import type { Chart, ChartField, DataType, FilterCondition, PlotLine } from '@bi/chart-model';

/**
 * What switching a chart to another data source keeps: the server (POST /api/chart-edit/change/{tab}/{id},
 * docs/api/chart.md "Switch data source") keeps every field whose name the new source has and removes the
 * others wherever the chart names them — points, values, second points, second values, their field-filter
 * conditions, inner filters, calculated plot lines, the statistics field. This is the same walk, done
 * before the user confirms, so the dialog can say what stays and what goes.
 */

export interface FieldRef {
  name: string;
  dataType: DataType;
}

export interface SwitchPlan {
  /** names the new source has, each once, in chart order */
  kept: string[];
  /** names the new source lacks, each once, in chart order (the server's `dropped`) */
  dropped: string[];
  /** kept chart fields whose type differs in the new source */
  retyped: { name: string; from: DataType; to: DataType }[];
  /** calculated plot lines removed (their field is dropped, or they name none) */
  linesRemoved: number;
}

export function planSourceSwitch(chart: Chart, newFields: readonly FieldRef[]): SwitchPlan {
  const byName = new Map(newFields.map((f) => [f.name, f.dataType]));
  return walk(chart, (name) => byName.get(name));
}

/** Every field name the chart uses, each once, in chart order. */
export function fieldNamesOf(chart: Chart): string[] {
  return walk(chart, () => 'any').kept;
}

/** The server's walk over the chart; `typeOf` answers a field's type in the new source, undefined when it lacks it. */
function walk(chart: Chart, typeOf: (name: string) => DataType | 'any' | undefined): SwitchPlan {
  const kept: string[] = [];
  const dropped: string[] = [];
  const retyped: SwitchPlan['retyped'] = [];
  let linesRemoved = 0;
  const keep = (name: string | undefined): boolean => {
    if (name !== undefined && typeOf(name) !== undefined) {
      if (!kept.includes(name)) kept.push(name);
      return true;
    }
    if (name !== undefined && !dropped.includes(name)) dropped.push(name);
    return false;
  };
  const retype = (name: string, from: DataType | undefined) => {
    const to = typeOf(name);
    if (from && to && to !== 'any' && from !== to && !retyped.some((r) => r.name === name)) retyped.push({ name, from, to });
  };
  const conditions = (list: readonly FilterCondition[]) => {
    for (const c of list) if (keep(c.field.name)) retype(c.field.name, c.field.dataType);
  };
  const fields = (list: readonly ChartField[] | undefined) => {
    const survivors = (list ?? []).filter((f) => keep(f.name));
    for (const f of survivors) {
      retype(f.name, f.dataType);
      conditions(f.fieldFilter?.conditions ?? []);
    }
  };
  const lines = (list: readonly PlotLine[] | undefined) => {
    for (const line of list ?? []) if (line.valueType === 1 && !keep(line.axisField?.axisName)) linesRemoved++;
  };

  fields(chart.points);
  fields(chart.values);
  fields(chart.secondPoints);
  fields(chart.secondValues);
  for (const f of chart.innerFilters ?? []) if (keep(f.name) && f.dataType !== 'other') retype(f.name, f.dataType);
  lines(chart.plotLineY);
  lines(chart.plotLineYOptional);
  if (chart.aggregateConfig?.aggregateField) keep(chart.aggregateConfig.aggregateField);
  return { kept, dropped, retyped, linesRemoved };
}
