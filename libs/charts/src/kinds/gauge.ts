import { columnsOf, display, fieldLabel, formatterOf, literal, type KindBuilder } from '../context.js';
import { axisFormatter, toNumber } from '../format.js';
import { roundCenter, tooltipOption } from '../layout.js';
import { singleValue } from '../stats.js';
import { GAUGE_PALETTE, normalizeColor, paletteColor } from '../themes.js';
import { chartWarning } from '../warnings.js';
import type { Json, JsonObject } from '../types.js';

/** The smallest 1, 2 or 5 × 10^k at or above x (x > 0). */
export function niceCeil(x: number): number {
  if (!(x > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(x));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= x) return step * magnitude;
  return 10 * magnitude;
}

/** Tidy float noise of a tick (0.30000000000000004 → 0.3). */
const tidy = (n: number): number => Number(n.toPrecision(12));

export interface GaugeScale {
  min: number;
  max: number;
  splitNumber: number;
  /** the stored min/max did not hold the value (or were not usable): the scale was widened */
  widened: boolean;
}

/**
 * A dial that always holds its value, with round ends: the stored property min/max when they hold the
 * value (and the last section), else widened to the next round tick beyond the value (1,971 on a stored
 * 0–1,000 becomes 0–2,000); without a stored max, a round number above the value. Ticks (splitNumber)
 * fall on round steps (1, 2, 2.5 or 5 × 10^k) where the ends allow.
 */
export function gaugeScale(value: number | null, storedMin: number | null, storedMax: number | null, highestSection: number | null): GaugeScale {
  let low = storedMin ?? Math.min(0, value ?? 0);
  let high = Math.max(value ?? low, highestSection ?? low);
  const wantedMax = storedMax !== null && storedMax > low ? storedMax : null;
  let widened = storedMax !== null && wantedMax === null;
  if (value !== null && value < low) {
    widened = storedMin !== null;
    low = value;
  }
  if (wantedMax !== null && wantedMax >= high && low === (storedMin ?? low)) {
    const span = wantedMax - low;
    return { min: low, max: wantedMax, splitNumber: roundSplit(span), widened };
  }
  if (wantedMax !== null) {
    widened = widened || wantedMax < high;
    high = Math.max(high, wantedMax);
  }
  if (high <= low) high = low + (Math.abs(low) || 100);
  // a round step of about a fifth of the span; a stored min that holds the value stays, else the ends
  // fall on multiples of the step; a computed max stays above the value (a full dial reads as "reached")
  const step = niceStep((high - low) / 5);
  const keepMin = storedMin !== null && low === storedMin;
  const min = keepMin ? low : tidy(Math.floor(low / step) * step);
  let max = tidy(min + Math.ceil((high - min) / step - 1e-9) * step);
  if (max <= high && (value ?? 0) > 0 && !(wantedMax !== null && wantedMax >= high)) max = tidy(max + step);
  return { min, max, splitNumber: Math.max(1, Math.round((max - min) / step)), widened };
}

/** The round step (1, 2, 2.5, 5 × 10^k) at or above x. */
function niceStep(x: number): number {
  if (!(x > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(x));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= x * (1 - 1e-9)) return step * magnitude;
  return 10 * magnitude;
}

/** Ticks for stored ends: the count (4 to 6, else 5) whose step is round. */
function roundSplit(span: number): number {
  for (const n of [5, 4, 6]) {
    const step = span / n;
    if (Math.abs(niceStep(step) - step) < step * 1e-9) return n;
  }
  return 5;
}

/**
 * One value field on a dial from property.min (default 0) to property.max (default: a round number above
 * the value and the last section). Gauge sections are value thresholds: each colours the dial up to its
 * `section` value in its sectionColor (default: the gauge palette); without sections the dial fills up to
 * the value in the chart's first colour. The detail shows the formatted value.
 */
export const buildGauge: KindBuilder = (ctx) => {
  const { chart, result, theme, palette } = ctx;
  const measures = columnsOf(result, 'measure', 'measure2');
  const measure = measures[0];
  if (measures.length > 1) ctx.warnings.push(chartWarning('firstValueOnly', { kind: 'gauge' }));
  const value = measure ? singleValue(result, measure, ctx.warnings) : null;

  const sections = (Array.isArray(chart.gaugeSection) ? chart.gaugeSection : [])
    .map((s, i) => ({ at: toNumber(s?.section), color: normalizeColor(s?.sectionColor) ?? GAUGE_PALETTE[i % GAUGE_PALETTE.length]! }))
    .filter((s): s is { at: number; color: string } => s.at !== null)
    .sort((a, b) => a.at - b.at);
  const scale = gaugeScale(value, toNumber(chart.property?.min), toNumber(chart.property?.max), sections.at(-1)?.at ?? null);
  const { min, max } = scale;
  if (scale.widened) ctx.warnings.push(chartWarning('gaugeScaleWidened', { min, max }));

  const fraction = (v: number) => Math.min(1, Math.max(0, (v - min) / (max - min)));
  let stops: Json[];
  if (sections.length > 0) {
    stops = [];
    let last = 0;
    for (const s of sections) {
      const f = fraction(s.at);
      if (f <= last && stops.length > 0) continue;
      stops.push([Number(f.toFixed(6)), s.color]);
      last = f;
    }
    if (last < 1) stops.push([1, GAUGE_PALETTE[sections.length % GAUGE_PALETTE.length]!]);
  } else {
    stops = [[1, theme.track]];
  }

  const name = measure ? fieldLabel(measure.field) : '';
  const series: JsonObject = {
    type: 'gauge',
    name,
    min,
    max,
    splitNumber: scale.splitNumber,
    center: roundCenter(ctx, false),
    radius: '72%',
    progress: sections.length > 0 ? { show: false } : { show: true, width: 16, itemStyle: { color: paletteColor(palette, 0) } },
    axisLine: { lineStyle: { width: 16, color: stops } },
    pointer: { show: sections.length > 0, width: 5, itemStyle: { color: 'auto' } },
    axisTick: { distance: -16, length: 5, lineStyle: { color: theme.subtext, width: 1 } },
    splitLine: { distance: -16, length: 16, lineStyle: { color: theme.background, width: 2 } },
    axisLabel: { color: theme.subtext, distance: 22, fontSize: 10 },
    anchor: { show: sections.length > 0, size: 10, itemStyle: { color: theme.subtext } },
    title: { show: true, color: theme.subtext, offsetCenter: [0, sections.length > 0 ? '86%' : '34%'], fontSize: 13 },
    detail: { formatter: literal(display(value, measure, ctx.options.locale)), color: theme.text, fontSize: 24, fontWeight: 'bold', offsetCenter: [0, sections.length > 0 ? '58%' : '0%'], valueAnimation: false },
    data: [{ name, value: value ?? min }],
  };
  return {
    option: { legend: { show: false }, tooltip: tooltipOption('item', theme), series: [series] },
    pointCount: value === null ? 0 : 1,
    originalPointCount: result.rows.length,
    formatters: { series: { [name]: formatterOf(measure) }, valueAxes: [axisFormatter(formatterOf(measure), Math.max(Math.abs(min), Math.abs(max)), ctx.options.locale)] },
  };
};
