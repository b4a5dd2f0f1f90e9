import { columnsOf, display, fieldLabel, formatterOf, literal, type KindBuilder } from '../context.js';
import { toNumber } from '../format.js';
import { roundCenter, tooltipOption } from '../layout.js';
import { singleValue } from '../stats.js';
import { GAUGE_PALETTE, normalizeColor, paletteColor } from '../themes.js';
import type { Json, JsonObject } from '../types.js';

/** The smallest 1, 2 or 5 × 10^k at or above x (x > 0). */
export function niceCeil(x: number): number {
  if (!(x > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(x));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= x) return step * magnitude;
  return 10 * magnitude;
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
  if (measures.length > 1) ctx.warnings.push('gauge shows the first value field only');
  const value = measure ? singleValue(result, measure, ctx.warnings) : null;

  const sections = (Array.isArray(chart.gaugeSection) ? chart.gaugeSection : [])
    .map((s, i) => ({ at: toNumber(s?.section), color: normalizeColor(s?.sectionColor) ?? GAUGE_PALETTE[i % GAUGE_PALETTE.length]! }))
    .filter((s): s is { at: number; color: string } => s.at !== null)
    .sort((a, b) => a.at - b.at);
  const min = toNumber(chart.property?.min) ?? 0;
  const highest = Math.max(value ?? min, sections.at(-1)?.at ?? min);
  let max = toNumber(chart.property?.max) ?? (highest > min ? min + niceCeil(highest - min) : min + 100);
  if (max <= min) {
    ctx.warnings.push('gauge max is not above min; using min + 100');
    max = min + 100;
  }

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
    center: roundCenter(ctx, false),
    radius: '72%',
    progress: sections.length > 0 ? { show: false } : { show: true, width: 16, itemStyle: { color: paletteColor(palette, 0) } },
    axisLine: { lineStyle: { width: 16, color: stops } },
    pointer: { show: sections.length > 0, width: 5, itemStyle: { color: 'auto' } },
    axisTick: { distance: -16, length: 5, lineStyle: { color: theme.subtext, width: 1 } },
    splitLine: { distance: -16, length: 16, lineStyle: { color: theme.background, width: 2 } },
    axisLabel: { color: theme.subtext, distance: 22, fontSize: 10 },
    anchor: { show: sections.length > 0, size: 10, itemStyle: { color: theme.subtext } },
    title: { show: true, color: theme.subtext, offsetCenter: [0, '72%'], fontSize: 13 },
    detail: { formatter: literal(display(value, measure)), color: theme.text, fontSize: 24, fontWeight: 'bold', offsetCenter: [0, '42%'], valueAnimation: false },
    data: [{ name, value: value ?? min }],
  };
  return {
    option: { legend: { show: false }, tooltip: tooltipOption('item', theme), series: [series] },
    pointCount: value === null ? 0 : 1,
    originalPointCount: result.rows.length,
    formatters: { series: { [name]: formatterOf(measure) }, valueAxes: [formatterOf(measure)] },
  };
};
