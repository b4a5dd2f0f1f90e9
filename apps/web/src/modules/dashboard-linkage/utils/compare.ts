import { valueFilter, type Chart, type RangeFilter } from '@bi/chart-model';
import { fieldLabel } from '@bi/charts';

/** At most this many small charts in one compare split (one batch run holds 50). */
export const MAX_SPLIT_CHARTS = 24;

/** The chart's compare field (second points), if it has one. */
export function compareField(chart: Chart | undefined) {
  return chart?.secondPoints?.[0];
}

/**
 * The compare values of a drawn chart, in the order of its legend: each series of a chart with a
 * compare field is named by its compare value, or "value · alias" when it shows several measures
 * (libs/charts pivot). The empty value '-' is left out (a filter cannot ask for it).
 */
export function compareValues(chart: Chart, option: Record<string, unknown>): string[] {
  if (!compareField(chart)) return [];
  const measures = [...chart.values, ...chart.secondValues].map(fieldLabel);
  const series = Array.isArray(option.series) ? (option.series as { name?: unknown }[]) : [];
  const out: string[] = [];
  for (const s of series) {
    if (typeof s.name !== 'string') continue;
    let value = s.name;
    if (measures.length > 1) {
      // 'value · alias', or 'value · alias (aggregator)' while the alias is the default title (measureTitle)
      for (const m of measures) {
        const at = value.lastIndexOf(` · ${m}`);
        const end = at + 3 + m.length;
        if (at > 0 && (end === value.length || value.startsWith(' (', end))) {
          value = value.slice(0, at);
          break;
        }
      }
    }
    if (value !== '-' && value !== '' && !out.includes(value)) out.push(value);
  }
  return out;
}

/** The filter of one small chart: the compare field equal to the value. */
export function compareFilter(chart: Chart, value: string): RangeFilter | null {
  const field = compareField(chart);
  if (!field) return null;
  return valueFilter({ name: field.name, dataType: field.dataType, granularity: field.granularity }, [value], field.name, `compare:${field.name}`);
}
