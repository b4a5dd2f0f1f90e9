/**
 * Render-time layout: the parts of an option that depend on the pixel size of the box it is drawn in.
 * The server builds the option without knowing that size (one cached answer serves every box), so the
 * web applies fitOption on the first draw and on every resize of the box (and the render tests do the
 * same at their sizes). Rules (one home, every kind):
 * - category axes never drop a label silently: all labels flat when they fit, else rotated 45°, else
 *   90°, cut to a length the box allows (ECharts' truncate; the axis tooltip shows the whole name), and
 *   only when even upright labels cannot each have a line: every n-th label, with a visible note saying so;
 * - a horizontal legend wraps onto a second row instead of paging when two rows hold it (the plot moves
 *   down or up by that row); longer legends page (type scroll);
 * - pie labels stay inside the pie's box (so off the legend), cut to the room beside the pie; when the
 *   box leaves no room beside it, the labels go inside the slices without the name (the legend names them).
 * Pure and cheap: one pass over the labels; the input option is not changed.
 */
import type { Formatter } from '@bi/chart-model';
import { literal } from './context.js';
import { axisTickBound, chartLocale, formatAxisValue, type ChartLocale } from './format.js';
import { periodLabel, type PeriodGranularity } from './periods.js';
import { CATEGORY_FONT_SIZE, LEGEND_HEIGHT } from './layout.js';
import type { Json, JsonObject } from './types.js';

export interface BoxSize {
  width: number;
  height: number;
}

type Obj = JsonObject;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * Approximate width of a text in px at a font size (Arial-like widths, a little wide on purpose): CJK
 * and full-width characters one em, capitals 0.68, digits 0.6, narrow marks 0.3, others 0.52.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x2e80 || (c >= 0x1100 && c <= 0x11ff)) em += 1;
    else if (c === 77 || c === 87 || c === 109 || c === 119) em += 0.85;
    else if (c >= 65 && c <= 90) em += 0.68;
    else if (c >= 48 && c <= 57) em += 0.6;
    else if (c === 32 || c === 105 || c === 108 || c === 106 || c === 46 || c === 44 || c === 73 || c === 39 || c === 58 || c === 116 || c === 102 || c === 40 || c === 41) em += 0.3;
    else em += 0.52;
  }
  return em * fontSize;
}

/** Line height of labels (with the gap ECharts wants between neighbours before it hides one). */
const lineHeight = (fontSize: number): number => Math.ceil(fontSize * 1.5);
/** Room value-axis labels take beside the plot when the option does not say (fit.valueLabelWidth). */
const VALUE_LABEL_WIDTH = 48;
/** Part of the box's height (or width, for a horizontal chart) category labels may take. */
const LABEL_SHARE = 0.4;
/** Height of the thinning note under the plot. */
const NOTE_HEIGHT = 14;
const LEGEND_ICON = 25 + 5;
/** Boxes lower than this are small: no value-axis names, no legend of one series. */
const SMALL_HEIGHT = 160;
/** A legend wraps onto a second row only in boxes at least this high (else it pages). */
const TWO_ROW_HEIGHT = 220;
const LEGEND_GAP = 10;

export interface CategoryFit {
  rotate: 0 | 45 | 90;
  /** labels longer than this are cut (px) */
  width: number;
  /** every step-th label is shown (1: all) */
  step: number;
}

/**
 * How n category labels fit: `slot` px per category along the axis, `room` px across it (the height
 * under a vertical chart's plot; the width beside a horizontal chart's).
 */
export function fitCategories(labels: readonly string[], plot: number, room: number, fontSize: number, horizontal: boolean): CategoryFit {
  let widest = 0;
  for (const l of labels) {
    const w = textWidth(l, fontSize);
    if (w > widest) widest = w;
  }
  const n = Math.max(1, labels.length);
  const line = lineHeight(fontSize);
  // the estimate with slack: a label that fits is never cut because the real font is a little wider
  const longest = Math.ceil(widest * 1.12) + 4;
  const slot = plot / n;
  if (horizontal) {
    // labels beside the plot, one line each; cut to the room beside
    const step = slot >= line ? 1 : Math.ceil(line / Math.max(slot, 0.01));
    return { rotate: 0, width: Math.max(fontSize * 2, Math.min(longest, Math.floor(room))), step };
  }
  if (longest + 2 <= slot) return { rotate: 0, width: Math.max(1, Math.floor(slot - 2)), step: 1 };
  // turned 45°, the first label reaches out left of the plot: the plot narrows by its reach
  const width45 = Math.max(fontSize * 2, Math.min(longest, Math.floor(room / 0.72)));
  if ((plot - width45 * 0.72) / n >= line * 1.5) return { rotate: 45, width: width45, step: 1 };
  const width = Math.max(fontSize * 2, Math.min(longest, Math.floor(room)));
  // upright labels cut to less than READABLE of their length say little (2023-01-01 → 2023-0…): every
  // n-th label turned 45° and (nearly) whole says more, with its note
  const slot45 = (plot - width45 * 0.72) / n;
  const step45 = Math.ceil((line * 1.5) / Math.max(slot45, 0.01));
  const readable45 = width45 >= longest * READABLE && step45 * 2 <= n;
  if (slot >= line && (width >= longest * READABLE || !readable45)) return { rotate: 90, width, step: 1 };
  if (readable45 && width < longest * READABLE) return { rotate: 45, width: width45, step: step45 };
  return { rotate: 90, width, step: Math.ceil(line / Math.max(slot, 0.01)) };
}

/** Part of the box's width a plot line's label may take beside the plot. */
const PLOT_LINE_LABEL_SHARE = 0.3;
const PLOT_LINE_FONT = 11;

/** Part of a label's length a cut label must keep before thinning is preferred. */
const READABLE = 0.75;


/**
 * What the builder tells fitOption (the option's `fit` key, which ECharts ignores): the note of a
 * thinned axis in the user's language and, per value axis, the room its labels take (px).
 */
export function fitHints(everyNth: string, axes: readonly (readonly [Formatter, { min: number; max: number }])[], locale: ChartLocale): JsonObject {
  const valueLabelWidth = axes.map(([f, e]) => {
    const widest = Math.max(textWidth(formatAxisValue(axisTickBound(e.max), f, locale), 12), textWidth(formatAxisValue(axisTickBound(e.min), f, locale), 12));
    return Math.ceil(widest) + 10;
  });
  return { everyNth, valueLabelWidth };
}

/** The note of a thinned axis, from the builder's label ('every {n} labels: 1 shown'). */
function thinningNote(hints: Obj, step: number): string {
  const template = typeof hints.everyNth === 'string' ? hints.everyNth : 'every {n} labels: 1 shown';
  return template.replace('{n}', String(step));
}

/** The rows a horizontal legend of these names takes in a width. */
export function legendRows(names: readonly string[], width: number, textLimit: number, fontSize = 12): number {
  let rows = 1;
  let x = 0;
  for (const name of names) {
    const w = LEGEND_ICON + Math.min(textWidth(name, fontSize), textLimit) + LEGEND_GAP;
    if (x > 0 && x + w > width) {
      rows++;
      x = 0;
    }
    x += w;
  }
  return rows;
}

function legendNames(option: Obj): string[] {
  const legend = option.legend as Obj;
  if (Array.isArray(legend.data)) return legend.data.map((d) => (isObj(d) ? String(d.name ?? '') : String(d)));
  const series = Array.isArray(option.series) ? (option.series as Json[]) : [];
  const names: string[] = [];
  for (const s of series) {
    if (!isObj(s)) continue;
    if ((s.type === 'pie' || s.type === 'funnel') && Array.isArray(s.data)) for (const d of s.data) names.push(isObj(d) ? String(d.name ?? '') : '');
    else if (typeof s.name === 'string' && s.silent !== true) names.push(s.name);
  }
  return names;
}

/** The option drawn in a box of this size (see the module comment). */
export function fitOption(option: JsonObject, size: BoxSize): JsonObject {
  const width = num(size.width);
  const height = num(size.height);
  if (width <= 0 || height <= 0 || isObj(option.table)) return option;
  let out: Obj = option;
  const grid = isObj(option.grid) ? { ...option.grid } : undefined;
  const legend0 = (o: Obj): Obj | undefined => (isObj(o.legend) && o.legend.show !== false && o.legend.orient !== 'vertical' ? o.legend : undefined);
  let series = Array.isArray(option.series) ? (option.series as Json[]) : [];
  let gridChanged = false;
  let seriesChanged = false;

  const small = height < SMALL_HEIGHT;
  // the builder's hints (fitHints), read once for every axis
  const hints = isObj(option.fit) ? option.fit : {};
  const period = typeof hints.period === 'string' ? (hints.period as PeriodGranularity) : null;
  const locale = chartLocale(hints.locale);
  const valueWidths = Array.isArray(hints.valueLabelWidth) ? hints.valueLabelWidth.map((w) => num(w, VALUE_LABEL_WIDTH)) : [VALUE_LABEL_WIDTH];

  // Legend: two rows rather than paging (when the box is tall enough); in a small box a legend of one
  // series says nothing the value axis and the tooltip do not, and gives its room to the plot
  const legend = legend0(option);
  const names = legend ? legendNames(option) : [];
  // the edge the legend sits at: the room it gives or takes is taken from the plot on that side
  const legendSide = legend && legend.bottom !== undefined && legend.top === undefined ? 'bottom' : 'top';
  if (legend && small && names.length <= 1 && grid) {
    out = { ...out, legend: { ...legend, show: false } };
    grid[legendSide] = Math.max(8, num(grid[legendSide]) - LEGEND_HEIGHT);
    gridChanged = true;
  } else if (legend) {
    // names cut so that one item and the pager fit a row
    const textLimit = Math.min(num(isObj(legend.textStyle) ? legend.textStyle.width : undefined, 160), Math.max(36, Math.floor(width - 24 - LEGEND_ICON - LEGEND_GAP - 64)));
    const rows = legendRows(names, width - 24, textLimit);
    const wrap = rows === 1 || (rows === 2 && height >= TWO_ROW_HEIGHT);
    const extra = wrap && rows === 2 ? LEGEND_HEIGHT - 4 : 0;
    out = { ...out, legend: { ...legend, type: wrap ? 'plain' : 'scroll', textStyle: { ...(isObj(legend.textStyle) ? legend.textStyle : {}), width: textLimit, overflow: 'truncate' } } };
    if (extra > 0) {
      if (grid) {
        grid[legendSide] = num(grid[legendSide]) + extra;
        gridChanged = true;
      }
      series = series.map((s) => (isObj(s) && (s.type === 'pie' || s.type === 'funnel') ? { ...s, [legendSide]: num(s[legendSide]) + extra } : s));
      seriesChanged = true;
    }
  }

  // Data-zoom sliders: a small box has no room for them (the whole range is drawn)
  if (small && grid && Array.isArray(out.dataZoom) && out.dataZoom.some((z) => isObj(z) && z.type === 'slider' && z.show !== false)) {
    const zooms = out.dataZoom;
    out = { ...out, dataZoom: zooms.map((z) => (isObj(z) && z.type === 'slider' ? { ...z, show: false } : z)) };
    if (zooms.some((z) => isObj(z) && z.type === 'slider' && z.xAxisIndex !== undefined)) grid.bottom = Math.max(10, num(grid.bottom) - 30);
    gridChanged = true;
  }

  // Value axes: in a small box their names give their room to the plot (the tooltip names the values)
  if (small && grid) {
    for (const key of ['xAxis', 'yAxis'] as const) {
      const axes = out[key];
      if (!Array.isArray(axes) || !axes.some((a) => isObj(a) && a.type === 'value' && a.name !== undefined)) continue;
      out = { ...out, [key]: axes.map((a) => (isObj(a) && a.type === 'value' ? { ...a, name: undefined } : a)) };
      if (key === 'yAxis') {
        grid.top = Math.max(8, num(grid.top) - 18);
        gridChanged = true;
      }
    }
  }

  // Category axes
  let categoryExtent: number | undefined;
  for (const key of ['xAxis', 'yAxis'] as const) {
    const axes = out[key];
    const list = Array.isArray(axes) ? axes : isObj(axes) ? [axes] : [];
    const index = list.findIndex((a) => isObj(a) && a.type === 'category' && Array.isArray(a.data));
    if (index < 0 || !grid) continue;
    const axis = list[index] as Obj;
    const horizontal = key === 'yAxis';
    // a date axis by period is measured by the labels it shows ('2023 Q1', not '2023-01-01')
    const labels = (axis.data as Json[]).map((d) => periodLabel(isObj(d) ? String(d.value ?? '') : String(d ?? ''), period, locale));
    if (labels.length === 0) continue;
    const axisLabel = isObj(axis.axisLabel) ? axis.axisLabel : {};
    const fontSize = num(axisLabel.fontSize, CATEGORY_FONT_SIZE);
    const other = horizontal ? option.xAxis : option.yAxis;
    // the category axis' name sits at the end of a vertical chart's axis; dropped when it would take a sixth of the width
    const name = typeof axis.name === 'string' ? axis.name : '';
    const nameWidth = !horizontal && name ? textWidth(name, 12) + 12 : 0;
    // (and on a chart with a second value axis on the right, where it would read as that axis' label)
    const keepName = nameWidth <= width / 6 && !(!horizontal && valueWidths.length > 1);
    const plotW = width - num(grid.left) - num(grid.right) - (horizontal ? 0 : valueWidths.reduce((a, b) => a + b, 0) + (keepName ? nameWidth : 0));
    // a horizontal chart's value labels take two lines under the plot (none when that axis is hidden, as nav's)
    const valueShown = (Array.isArray(other) ? other : [other]).some((a) => isObj(a) && a.show !== false);
    const plotH = height - num(grid.top) - num(grid.bottom) - (horizontal && valueShown ? 2 * lineHeight(12) : 0);
    const room = horizontal ? (width - num(grid.left) - num(grid.right)) * LABEL_SHARE : (height - num(grid.top) - num(grid.bottom)) * LABEL_SHARE;
    const fit = fitCategories(labels, horizontal ? plotH : plotW, room, fontSize, horizontal);
    // the height a vertical chart's category labels take under the plot (upright ones: their cut length)
    if (!horizontal) categoryExtent = fit.rotate === 0 ? lineHeight(fontSize) : fit.rotate === 45 ? Math.ceil(fit.width * 0.72 + fontSize) : fit.width + 4;
    const nextLabel: Obj = { ...axisLabel, interval: fit.step - 1, rotate: fit.rotate, width: fit.width, overflow: 'truncate', hideOverlap: false };
    const nextAxis: Obj = { ...axis, axisLabel: nextLabel, name: keepName ? axis.name : undefined };
    const nextList = list.slice();
    nextList[index] = nextAxis;
    out = { ...out, [key]: Array.isArray(axes) ? nextList : nextAxis };
    if (fit.step > 1) {
      // under the labels, above a data-zoom slider
      const slider = Array.isArray(out.dataZoom) ? out.dataZoom.find((z) => isObj(z) && z.type === 'slider' && z.show !== false && z.xAxisIndex !== undefined) : undefined;
      const noteBottom = isObj(slider) ? num(slider.bottom) + num(slider.height, 16) + 4 : 2;
      const note: Obj = { type: 'text', right: 8, bottom: noteBottom, silent: true, style: { text: thinningNote(hints, fit.step), fontSize: 10, fill: typeof axisLabel.color === 'string' ? axisLabel.color : '#888' } };
      const graphic = Array.isArray(option.graphic) ? option.graphic : isObj(option.graphic) ? [option.graphic] : [];
      out = { ...out, graphic: [...graphic, note] };
      grid.bottom = num(grid.bottom) + NOTE_HEIGHT;
      gridChanged = true;
    }
  }

  // Pie labels: beside the pie within its box, else inside the slices
  series = series.map((s) => {
    if (!isObj(s) || s.type !== 'pie' || !isObj(s.label) || s.label.show === false) return s;
    const boxW = width - num(s.left) - num(s.right);
    const boxH = height - num(s.top) - num(s.bottom);
    const radiusPct = typeof s.radius === 'string' && s.radius.endsWith('%') ? Number(s.radius.slice(0, -1)) / 100 : 0.58;
    const r = (radiusPct * Math.min(boxW, boxH)) / 2;
    const lineLen = (isObj(s.labelLine) ? num(s.labelLine.length, 10) + num(s.labelLine.length2, 8) : 18) + 6;
    const beside = Math.floor(boxW / 2 - r - lineLen);
    const rows = Array.isArray(s.data) ? s.data.length : 0;
    const tall = rows * lineHeight(12) <= boxH;
    seriesChanged = true;
    if (beside >= 56 && tall) {
      // labels longer than the room beside: the name on one line, the value on the next (cut names keep their figures)
      const items = Array.isArray(s.data) ? s.data : [];
      const long = items.some((d) => isObj(d) && isObj(d.label) && typeof d.label.formatter === 'string' && textWidth(d.label.formatter, 12) * 1.12 > beside);
      const data = long
        ? items.map((d) => (isObj(d) && typeof d.valueText === 'string' ? { ...d, label: { ...(isObj(d.label) ? d.label : {}), formatter: `${literal(String(d.name ?? ''))}\n${d.valueText}` } } : d))
        : s.data;
      return { ...s, data, label: { ...s.label, position: 'outside', width: beside, overflow: 'truncate' }, labelLine: { ...(isObj(s.labelLine) ? s.labelLine : {}), show: true } };
    }
    const data = Array.isArray(s.data) ? s.data.map((d) => (isObj(d) && typeof d.valueText === 'string' ? { ...d, label: { ...(isObj(d.label) ? d.label : {}), formatter: d.valueText } } : d)) : s.data;
    return {
      ...s,
      radius: '80%',
      data,
      label: { ...s.label, position: 'inside', color: '#FFFFFF', fontSize: 11, width: undefined },
      labelLine: { ...(isObj(s.labelLine) ? s.labelLine : {}), show: false },
      labelLayout: { hideOverlap: true },
    };
  });

  // Funnel: labels beside the stages when the box is wide, else inside them, cut to the stage width and outlined
  series = series.map((s) => {
    if (!isObj(s) || s.type !== 'funnel' || !isObj(s.label) || s.label.show === false) return s;
    seriesChanged = true;
    const text = isObj(option.textStyle) && typeof option.textStyle.color === 'string' ? option.textStyle.color : '#333333';
    const room = width - num(s.left);
    if (width >= 360) {
      const labelWidth = Math.min(220, Math.floor(room * 0.4));
      return { ...s, right: num(s.right) + labelWidth + 16, label: { ...s.label, position: 'right', color: text, width: labelWidth, overflow: 'truncate' }, labelLine: { show: true, length: 10 } };
    }
    return { ...s, label: { ...s.label, position: 'inside', width: Math.floor((room - num(s.right)) * 0.9), overflow: 'truncate', textBorderColor: 'rgba(0,0,0,0.45)', textBorderWidth: 2 } };
  });

  // Gauge: a small dial drops its scale labels (the detail shows the value) and shrinks its texts
  series = series.map((s) => {
    if (!isObj(s) || s.type !== 'gauge') return s;
    const r = (0.72 * Math.min(width, height - num(s.top))) / 2;
    if (r >= 80) return s;
    seriesChanged = true;
    const detail = isObj(s.detail) ? s.detail : {};
    const title = isObj(s.title) ? s.title : {};
    return {
      ...s,
      axisLabel: { ...(isObj(s.axisLabel) ? s.axisLabel : {}), show: r >= 56 },
      title: { ...title, show: r >= 56 && title.show !== false, fontSize: Math.max(10, Math.min(num(title.fontSize, 13), Math.floor(r / 4))) },
      axisTick: { ...(isObj(s.axisTick) ? s.axisTick : {}), show: r >= 56 },
      detail: { ...detail, fontSize: Math.max(12, Math.min(num(detail.fontSize, 24), Math.floor(r / 2.6))) },
    };
  });

  // Plot lines of a vertical chart: their labels outside the plot, right of the line's end (beyond a
  // second axis' labels), in room taken from the plot; inside, at the line's end, they ran over the data
  // labels of the last points. A label too long for the room reads on two lines (name, then value), cut
  // to the room as the last resort.
  if (grid && Array.isArray(out.yAxis) && out.yAxis.some((a) => isObj(a) && a.type === 'value') && series.some((s) => isObj(s) && isObj(s.markLine))) {
    const secondAxis = valueWidths.length > 1 ? valueWidths[1]! : 0;
    const room = Math.max(40, Math.floor(width * PLOT_LINE_LABEL_SHARE));
    let widest = 0;
    series = series.map((s) => {
      if (!isObj(s) || !isObj(s.markLine) || !Array.isArray(s.markLine.data)) return s;
      const markLine = s.markLine;
      const data = (markLine.data as Json[]).map((d) => {
        if (!isObj(d) || !isObj(d.label) || typeof d.label.formatter !== 'string') return d;
        const text = d.label.formatter;
        const cut = text.lastIndexOf(': ');
        const twoLines = textWidth(text, PLOT_LINE_FONT) > room && cut > 0;
        const lines = twoLines ? [text.slice(0, cut), text.slice(cut + 2)] : [text];
        widest = Math.max(widest, ...lines.map((l) => textWidth(l, PLOT_LINE_FONT)));
        return twoLines ? { ...d, label: { ...d.label, formatter: lines.join('\n') } } : d;
      });
      const label = isObj(markLine.label) ? markLine.label : {};
      return { ...s, markLine: { ...markLine, data, label: { ...label, position: 'end', distance: secondAxis > 0 ? secondAxis + 4 : 5, fontSize: PLOT_LINE_FONT, lineHeight: PLOT_LINE_FONT + 2, width: room, overflow: 'truncate' } } };
    });
    if (widest > 0) {
      grid.right = num(grid.right) + Math.min(room, Math.ceil(widest)) + 8;
      gridChanged = true;
      seriesChanged = true;
    }
  }

  // Value axes: as many ticks as the plot has room for (about one per 36 px)
  if (grid) {
    for (const key of ['xAxis', 'yAxis'] as const) {
      const axes = out[key];
      if (!Array.isArray(axes) || !axes.some((a) => isObj(a) && a.type === 'value')) continue;
      // a vertical plot's height is what the category labels under it leave (upright labels take most of a small box)
      const along = key === 'yAxis' ? height - num(grid.top) - num(grid.bottom) - (categoryExtent !== undefined ? categoryExtent + 8 : 40) : width - num(grid.left) - num(grid.right) - 120;
      const splitNumber = Math.max(2, Math.min(5, Math.floor(along / (key === 'yAxis' ? 36 : 90))));
      out = { ...out, [key]: axes.map((a) => (isObj(a) && a.type === 'value' && a.splitNumber === undefined ? { ...a, splitNumber } : a)) };
    }
  }

  if (gridChanged && grid) out = { ...out, grid };
  if (seriesChanged) out = { ...out, series };
  return out;
}
