import { chartKind, type Chart, type ChartField, type ChartType } from '@bi/chart-model';
import type { ZoneKey } from '../types';
import { aggregatorsFor, isPointZone, isValueZone } from './fields';
import { ZONE_MAX } from './zones';

/**
 * Spec 01 §4: a type change clears the colour settings; a pie forces shape off. The fields stay
 * where they are (a kind that draws fewer of them uses the first ones), so switching back loses nothing.
 */
export function changeType(chart: Chart, type: ChartType): Chart {
  if (chart.type === type) return chart;
  const next: Chart = { ...chart, type, colorSettings: [] };
  if (type === 'pie') next.shape = false;
  return next;
}

/** Which optional areas of the centre are open: compare (second points) and the second axis (second values). */
export interface Areas {
  secondPoints: boolean;
  secondValues: boolean;
}

/** Kinds that draw a second axis / compare split (the kind registry's editor info). */
export const offersSecondValues = (type: ChartType) => chartKind(type).editor.secondValues;
export const offersSecondPoints = (type: ChartType) => chartKind(type).editor.secondPoints;

/**
 * The areas open when a chart is opened: those holding fields, and the second axis of the kinds that
 * need one (double axis; the target of a progress chart).
 */
export function initialAreas(chart: Chart): Areas {
  return {
    secondPoints: chart.secondPoints.length > 0,
    secondValues: chart.secondValues.length > 0 || chartKind(chart.type).editor.secondValuesOpen,
  };
}

/** An area is shown when open; its switch is offered when the kind draws it, or when it holds fields (so they can be removed). */
export function areaToggleOffered(chart: Chart, area: keyof Areas): boolean {
  return (area === 'secondValues' ? offersSecondValues(chart.type) : offersSecondPoints(chart.type)) || chart[area].length > 0;
}

/** Spec 01 §4: turning second values off moves them back into values (as far as values hold). */
export function disableSecondValues(chart: Chart): Chart {
  if (chart.secondValues.length === 0) return chart;
  const room = Math.max(0, ZONE_MAX.values - chart.values.length);
  return { ...chart, values: [...chart.values, ...chart.secondValues.slice(0, room)], secondValues: [] };
}

/** Spec 01 §4: turning second points off clears them. */
export function disableSecondPoints(chart: Chart): Chart {
  if (chart.secondPoints.length === 0) return chart;
  return { ...chart, secondPoints: [] };
}

/** Spec 01 §5: trendlines for bar, line, scatter and doubleaxis only. */
export const trendlineAllowed = (type: ChartType) => chartKind(type).editor.trendline;
/** Spec 01 §5: the value format is hidden for nav. */
export const formatterAllowed = (type: ChartType) => type !== 'nav';

/** What the menu of a field in a zone offers. */
export interface FieldOptions {
  aggregators: ReturnType<typeof aggregatorsFor>;
  granularity: boolean;
  order: boolean;
  trendline: boolean;
  formatter: boolean;
  alias: boolean;
  filter: boolean;
}

export function fieldOptions(chart: Chart, zone: ZoneKey, field: ChartField): FieldOptions {
  const measure = isValueZone(zone);
  return {
    aggregators: measure ? aggregatorsFor(field.dataType) : [],
    granularity: isPointZone(zone) && field.dataType === 'date',
    order: true,
    trendline: measure && trendlineAllowed(chart.type),
    formatter: measure && formatterAllowed(chart.type),
    alias: true,
    filter: true,
  };
}

/** A short hint when the kind draws fewer fields than a zone holds (e.g. a pie uses one dimension). */
export function zoneOverflow(chart: Chart, zone: ZoneKey): number | null {
  const info = chartKind(chart.type).editor;
  const max = zone === 'points' ? info.points.max : zone === 'values' ? info.values.max : null;
  return max !== null && chart[zone].length > max ? max : null;
}
