import { switchSource, type Chart, type DataType, type SourceSwitch } from '@bi/chart-model';

/**
 * What switching a chart to another data source keeps: the server (POST /api/chart-edit/change/{tab}/{id},
 * docs/api/chart.md "Switch data source") runs the same walk (@bi/chart-model switchSource); the
 * editor runs it before the user confirms, so the dialog can say what stays and what goes.
 */

export interface FieldRef {
  name: string;
  dataType: DataType;
}

export type SwitchPlan = Omit<SourceSwitch, 'chart'>;

export function planSourceSwitch(chart: Chart, newFields: readonly FieldRef[]): SwitchPlan {
  const byName = new Map(newFields.map((f) => [f.name, f.dataType]));
  const { chart: _moved, ...plan } = switchSource(chart, chart.dataSourceId, (name) => byName.get(name));
  return plan;
}

/** Every field name the chart uses, each once, in chart order (the walk on a source that has them all). */
export function fieldNamesOf(chart: Chart): string[] {
  return switchSource(chart, chart.dataSourceId, () => 'string').kept;
}
