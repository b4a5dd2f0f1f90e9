import { DRILL_LIMITS, drillProblem, drillTopOf, syncDrill, type Chart, type DrillLevel, type Granularity } from '@bi/chart-model';
import type { SourceField } from '../contract';

/** The next finer granularity of a date after `g` (year → quarter → month → day; the value itself last). */
function finer(g: Granularity | undefined): Granularity {
  if (g === 1) return 2;
  if (g === 2) return 3;
  if (g === 3 || g === 4) return 5;
  return 0;
}

/** The granularities a date level may take between the levels of its field above and below it (coarser to finer). */
export function levelGranularities(chart: Chart, index: number): Granularity[] {
  const levels = chart.drill ?? [];
  const level = levels[index];
  if (!level || level.dataType !== 'date') return [];
  const rank = (g: number | undefined) => (!g ? 6 : g);
  const above = levels.slice(0, index).filter((l) => l.name === level.name);
  const floor = Math.max(0, ...above.map((l) => rank(l.granularity)));
  const below = levels.slice(index + 1).filter((l) => l.name === level.name);
  const ceiling = Math.min(7, ...below.map((l) => rank(l.granularity)));
  return ([1, 2, 3, 4, 5, 0] as Granularity[]).filter((g) => rank(g) > floor && rank(g) < ceiling);
}

/** Fields that may be added as the next level: any field but one already in the hierarchy (a date may come again at a finer granularity). */
export function drillCandidates(chart: Chart, fields: readonly SourceField[]): SourceField[] {
  const levels = chart.drill ?? (drillTopOf(chart) ? [drillTopOf(chart)!] : []);
  return fields.filter((f) => f.dataType === 'date' ? nextLevel(levels, f) !== null : !levels.some((l) => l.name === f.name));
}

function nextLevel(levels: readonly DrillLevel[], f: SourceField): DrillLevel | null {
  if (f.dataType !== 'date') return { name: f.name, dataType: f.dataType };
  const same = levels.filter((l) => l.name === f.name);
  if (same.length === 0) return { name: f.name, dataType: 'date', granularity: 1 };
  const g = finer(same[same.length - 1]!.granularity);
  // the value itself is the finest: nothing below it
  return same.some((l) => !l.granularity) ? null : { name: f.name, dataType: 'date', ...(g ? { granularity: g } : {}) };
}

/** The chart with `field` added as its lowest level (the hierarchy starts at the chart's dimension). */
export function addDrillLevel(chart: Chart, field: SourceField): Chart {
  const top = drillTopOf(chart);
  if (!top) return chart;
  const levels = chart.drill ?? [top];
  if (levels.length >= DRILL_LIMITS.maxLevels) return chart;
  const level = nextLevel(levels, field);
  return level ? syncDrill({ ...chart, drill: [...levels, level] }) : chart;
}

export function removeDrillLevel(chart: Chart, index: number): Chart {
  if (index < 1 || !chart.drill) return chart;
  return syncDrill({ ...chart, drill: chart.drill.filter((_, i) => i !== index) });
}

export function moveDrillLevel(chart: Chart, from: number, to: number): Chart {
  const levels = [...(chart.drill ?? [])];
  if (from < 1 || to < 1 || from >= levels.length || to >= levels.length) return chart;
  const [moved] = levels.splice(from, 1);
  levels.splice(to, 0, moved!);
  return { ...chart, drill: levels };
}

export function setLevelGranularity(chart: Chart, index: number, granularity: Granularity): Chart {
  const levels = (chart.drill ?? []).map((l, i) => {
    if (i !== index) return l;
    const { granularity: _g, ...rest } = l;
    return granularity ? { ...rest, granularity } : rest;
  });
  return { ...chart, drill: levels };
}

export function clearDrill(chart: Chart): Chart {
  const { drill: _gone, ...rest } = chart;
  return rest;
}

/** The server's rule for the hierarchy as the editor holds it (a moved date level may be out of order until fixed). */
export function drillHierarchyProblem(chart: Chart) {
  return drillProblem(chart);
}
