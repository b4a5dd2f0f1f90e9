import { GAUGE_PALETTE, normalizeColor } from '@bi/charts';
import type { Chart, GaugeSection } from '@bi/chart-model';
import { isNumber } from './chart';

/**
 * Gauge sections: value thresholds; each colours the dial up to its `section` value. They must rise
 * strictly and lie above the dial's minimum (property.min, default 0) and, when property.max is set,
 * not above it.
 */

export const MAX_GAUGE_SECTIONS = 50;

export interface SectionDraft {
  /** null while the input is empty */
  section: number | null;
  sectionColor: string;
}

export type SectionProblem = 'valueRequired' | 'notAscending' | 'notAboveMin' | 'aboveMax' | 'colorInvalid';
export type SectionListProblem = 'tooMany';

export interface GaugeRange {
  min: number;
  /** null: the dial's maximum follows the value */
  max: number | null;
}

export function gaugeRange(chart: Chart): GaugeRange {
  return { min: isNumber(chart.property?.min) ? chart.property.min : 0, max: isNumber(chart.property?.max) ? chart.property.max : null };
}

export function sectionDrafts(chart: Chart): SectionDraft[] {
  return (Array.isArray(chart.gaugeSection) ? chart.gaugeSection : []).map((s) => ({ section: isNumber(s.section) ? s.section : null, sectionColor: s.sectionColor ?? '' }));
}

/** The problem of each row (null when fine) and of the list as a whole. */
export function sectionProblems(rows: readonly SectionDraft[], range: GaugeRange): { rows: (SectionProblem | null)[]; list: SectionListProblem | null; ok: boolean } {
  let previous: number | null = null;
  const out = rows.map((row): SectionProblem | null => {
    const v = row.section;
    let problem: SectionProblem | null = null;
    if (v === null || !Number.isFinite(v)) problem = 'valueRequired';
    else if (v <= range.min) problem = 'notAboveMin';
    else if (range.max !== null && v > range.max) problem = 'aboveMax';
    else if (previous !== null && v <= previous) problem = 'notAscending';
    else if (normalizeColor(row.sectionColor) === null) problem = 'colorInvalid';
    if (v !== null && Number.isFinite(v)) previous = previous === null ? v : Math.max(previous, v);
    return problem;
  });
  const list = rows.length > MAX_GAUGE_SECTIONS ? 'tooMany' : null;
  return { rows: out, list, ok: list === null && out.every((p) => p === null) };
}

/** The default colour of the section at `index` (the gauge palette, in order). */
export function defaultSectionColor(index: number): string {
  return GAUGE_PALETTE[index % GAUGE_PALETTE.length]!;
}

/**
 * A new row after the others: a value a step above the last (the step a tenth of the range, or 10),
 * kept within the maximum when there is one; the next palette colour.
 */
export function nextSection(rows: readonly SectionDraft[], range: GaugeRange): SectionDraft {
  const values = rows.map((r) => r.section).filter((v): v is number => v !== null && Number.isFinite(v));
  const last = values.length > 0 ? Math.max(...values) : range.min;
  const step = range.max !== null ? (range.max - range.min) / 10 : 10;
  let section = roundNice(last + step);
  if (range.max !== null && section > range.max) section = range.max;
  return { section: section > last ? section : null, sectionColor: defaultSectionColor(rows.length) };
}

function roundNice(n: number): number {
  return Number(n.toPrecision(10));
}

/** Rows ordered by value (rows without a value last), for the "sort" action. */
export function sortSections(rows: readonly SectionDraft[]): SectionDraft[] {
  return [...rows].sort((a, b) => (a.section ?? Infinity) - (b.section ?? Infinity));
}

/** The chart with the rows as its sections (colours normalised to '#…'), or null while a row is invalid. */
export function applySections(chart: Chart, rows: readonly SectionDraft[]): Chart | null {
  if (!sectionProblems(rows, gaugeRange(chart)).ok) return null;
  const gaugeSection: GaugeSection[] = rows.map((r) => ({ section: r.section!, sectionColor: normalizeColor(r.sectionColor)! }));
  return { ...chart, gaugeSection };
}

/** Stored sections that the current min/max no longer allow (e.g. after min or max changed). */
export function storedSectionsValid(chart: Chart): boolean {
  return sectionProblems(sectionDrafts(chart), gaugeRange(chart)).ok;
}
