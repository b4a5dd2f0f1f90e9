import { AppError } from '@bi/core';
import { CHART_LIMITS, CHART_TYPES, chartSchema, checkWarnConfig, drillProblem, emptyChart, isNumberOnlyAggregator, normalizeWarnConfig, switchSource as switchChartSource, warnItems, type Chart, type ChartField, type ChartType, type DataType, type WarnConfig } from '@bi/chart-model';
import { charLength, excerpt, findTextProblem, hasLineBreak, jsonNesting } from '@bi/rules';
import { randomUUID } from 'node:crypto';

/**
 * The chart definition as the editor saves it (spec 01 §3, docs/api/chart.md "Save"): its shape is the
 * wire schema of @bi/chart-model (chartSchema: bounded arrays, storable texts, unknown keys dropped,
 * null for an optional value "not set"), then the editor's rules here.
 */
/** Drops undefined members (the stored JSON and the answers carry only what is set). */
function compact<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const withoutAlerts = chartSchema.omit({ warnConfigData: true });

/** Reads the chart JSON an editor sent: the shape, title, aliases, custom option (docs/api/chart.md "Save"). */
export function parseChart(json: string): Chart {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: 'body: expected the chart as JSON' });
  }
  // text that cannot be stored (NUL, lone surrogates): the one check of @bi/rules, also the BFF's
  const bad = findTextProblem(raw);
  if (bad) throw new AppError('invalid', 'text.invalid_characters', { field: bad.path || 'chart' });
  const r = chartSchema.safeParse(raw);
  let body = r.data;
  if (!r.success) {
    // alerts that are not an object are a malformed chart; a refused part of them answers the alerts' own message
    const issue = r.error.issues.find((i) => i.path[0] !== 'warnConfigData' || (i.path.length === 1 && i.code === 'invalid_type'));
    if (issue) throw new AppError('invalid', 'request.invalid', { detail: `${issue.path.map((p) => excerpt(p)).join('.') || 'body'}: ${excerpt(issue.message, 120)}` });
    // only the alerts are refused: the editor's rules below come first, then checkWarnings answers the alerts' own message
    const { warnConfigData, ...rest } = raw as Record<string, unknown>;
    body = { ...withoutAlerts.parse(rest), warnConfigData: warnConfigData as WarnConfig };
  }
  const chart = compact(body!) as unknown as Chart;
  chart.title = chart.title.trim();
  checkTitle(chart.title);
  for (const f of allFields(chart)) {
    if (f.title !== undefined) {
      f.title = f.title.trim();
      if (charLength(f.title) < 1 || charLength(f.title) > CHART_LIMITS.alias) throw new AppError('invalid', 'field.alias_length');
      if (hasLineBreak(f.title)) throw new AppError('invalid', 'field.alias_line_break');
    }
    if ((f.aggregator as string) === '') delete f.aggregator;
  }
  checkCustomOption(chart.customOption, { textChecked: true });
  checkWarnings(chart);
  checkDrill(chart);
  return chart;
}

/**
 * The chart's alerts (warnConfigData): the one check of @bi/chart-model (≤ 20 items, names, fields,
 * operators per type, hours, channels), then their stored form (every item with its warnId).
 */
export function checkWarnings(chart: Chart): void {
  if (chart.warnConfigData === undefined) return;
  const problem = checkWarnConfig(chart.warnConfigData, chart);
  if (problem) throw new AppError('invalid', problem.key, problem.params);
  // alert names are single-line texts (mail subjects, chat messages): the rule of @bi/rules
  if (warnItems(chart.warnConfigData).some(({ item }) => hasLineBreak(item.warnName.trim()))) throw new AppError('invalid', 'warn.name_line_break');
  chart.warnConfigData = normalizeWarnConfig(chart.warnConfigData, randomUUID);
}

/** The drill hierarchy's rules (@bi/chart-model drillProblem); `typeOf` reads the source's types once it is known. */
export function checkDrill(chart: Chart, typeOf?: (name: string) => DataType | undefined): void {
  const problem = drillProblem(chart, typeOf);
  if (problem) throw new AppError('invalid', problem.key, problem.params);
}

export function checkTitle(title: string): void {
  if (charLength(title) < 1 || charLength(title) > CHART_LIMITS.title) throw new AppError('invalid', 'chart.title_length');
  if (hasLineBreak(title)) throw new AppError('invalid', 'chart.title_line_break');
}

/**
 * customOption: empty, or JSON text of an object (merged over the built option), bounded in size and nesting.
 * `textChecked`: the caller already ran the text check over it (parseChart checks the whole chart once).
 */
export function checkCustomOption(customOption: string | undefined, { textChecked = false } = {}): void {
  if (customOption === undefined || customOption.trim() === '') return;
  if (customOption.length > CHART_LIMITS.customOption || jsonNesting(customOption) > CHART_LIMITS.customOptionDepth) {
    throw new AppError('invalid', 'chart.custom_option_too_large', { max: CHART_LIMITS.customOption, depth: CHART_LIMITS.customOptionDepth });
  }
  if (!textChecked && findTextProblem(customOption)) throw new AppError('invalid', 'text.invalid_characters', { field: 'customOption' });
  let v: unknown;
  try {
    v = JSON.parse(customOption);
  } catch {
    throw new AppError('invalid', 'chart.custom_option_invalid');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new AppError('invalid', 'chart.custom_option_invalid');
}

/** Every chart field: points, values, second points, second values. */
export function allFields(chart: Chart): ChartField[] {
  return [...chart.points, ...chart.values, ...chart.secondPoints, ...chart.secondValues];
}

/** The stored chart as a whole: the definition JSON merged with the columns, defaults for what is missing. */
export function chartOf(row: { id: string; title: string; type: string; data_source_id: string; definition: unknown }): Chart {
  const def = (row.definition && typeof row.definition === 'object' ? row.definition : {}) as Partial<Chart>;
  const base = emptyChart(row.id, row.title, row.data_source_id, (CHART_TYPES as readonly string[]).includes(row.type) ? (row.type as ChartType) : 'bar');
  return { ...base, ...def, chartId: row.id, title: row.title, type: base.type, dataSourceId: row.data_source_id };
}

/** The definition JSONB: the chart without what the columns hold. */
export function definitionOf(chart: Chart): Omit<Chart, 'chartId' | 'title' | 'type' | 'dataSourceId'> {
  const { chartId: _id, title: _title, type: _type, dataSourceId: _source, ...definition } = chart;
  return definition;
}

/** Spec 01 §4: a type change clears the colour settings; a pie forces shape off. */
export function applyTypeRules(chart: Chart, previousType: string): Chart {
  const out = { ...chart };
  if (chart.type !== previousType) out.colorSettings = [];
  if (chart.type === 'pie') out.shape = false;
  return out;
}

export interface SourceField {
  name: string;
  dataType: DataType;
}


/**
 * Every field the chart names must be a field of its source (points, values, second points, second
 * values, field-filter conditions, inner filters, plot-line axis fields, the statistics field, the drill
 * levels) and
 * takes the source's type; sum and avg are for number fields only (spec 01 §5).
 */
export function checkAgainstSource(chart: Chart, fields: readonly SourceField[]): Chart {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const known = (name: string) => {
    const f = byName.get(name);
    if (!f) throw new AppError('invalid', 'chart.unknown_field', { name });
    return f;
  };
  const out = structuredClone(chart);
  for (const f of allFields(out)) {
    f.dataType = known(f.name).dataType;
    if (isNumberOnlyAggregator(f.aggregator) && f.dataType !== 'number') throw new AppError('invalid', 'chart.aggregator_not_allowed', { name: f.name });
    for (const c of f.fieldFilter?.conditions ?? []) c.field.dataType = known(c.field.name).dataType;
  }
  for (const f of out.innerFilters) if (f.dataType !== 'other') f.dataType = known(f.name).dataType;
  for (const line of [...(out.plotLineY ?? []), ...(out.plotLineYOptional ?? [])]) {
    if (!line.axisField?.axisName) continue;
    const f = known(line.axisField.axisName);
    if (isNumberOnlyAggregator(line.axisField.aggregator) && f.dataType !== 'number') throw new AppError('invalid', 'chart.aggregator_not_allowed', { name: f.name });
  }
  if (out.aggregateConfig?.aggregateField) known(out.aggregateConfig.aggregateField);
  if (out.drill) {
    checkDrill(out, (name) => byName.get(name)?.dataType);
    for (const l of out.drill) l.dataType = known(l.name).dataType;
  }
  return out;
}

/** Moves a chart to another source: the shared walk of @bi/chart-model over the source's fields. */
export function switchSource(chart: Chart, dataSourceId: string, fields: readonly SourceField[]): { chart: Chart; dropped: string[] } {
  const byName = new Map(fields.map((f) => [f.name, f.dataType]));
  const { chart: moved, dropped } = switchChartSource(chart, dataSourceId, (name) => byName.get(name));
  return { chart: moved, dropped };
}
