import { display, fieldLabel, formatterOf, literal, type KindBuilder } from '../context.js';
import { slices } from '../data.js';
import { formatPercent } from '../format.js';
import { legendOption, roundBox, tooltipOption } from '../layout.js';
import { paletteColor } from '../themes.js';
import { chartWarning } from '../warnings.js';
import type { JsonObject } from '../types.js';

/**
 * A plain pie: shape is forced off (no ring, no rose, whatever chart.shape says). Labels show each
 * slice's share of the total, or its real value when isShowRealValue; hidden when isShowPointLabel is false.
 * Empty and negative values are left out (a pie cannot draw them).
 */
export const buildPie: KindBuilder = (ctx) => {
  const { chart, theme, palette } = ctx;
  const { slices: all, measure } = slices(ctx, 'pie');
  const negative = all.filter((s) => s.value !== null && s.value < 0);
  if (negative.length > 0) ctx.warnings.push(chartWarning('pieNegativeLeftOut', { count: negative.length }));
  const drawn = all.filter((s) => s.value !== null && s.value >= 0);
  const total = drawn.reduce((sum, s) => sum + (s.value ?? 0), 0);

  const data: JsonObject[] = drawn.map((s, i) => {
    const text = chart.isShowRealValue === true ? display(s.value, s.column, ctx.options.locale) : formatPercent(total > 0 ? s.value! / total : 0);
    // valueText (ignored by ECharts): the label without the name, for labels inside the slices (fitOption)
    return { name: s.name, value: s.value, valueText: literal(text), itemStyle: { color: paletteColor(palette, i) }, label: { formatter: literal(`${s.name}: ${text}`) } };
  });
  const showLabels = chart.isShowPointLabel !== false;
  const seriesName = measure ? fieldLabel(measure.field) : '';
  return {
    option: {
      legend: legendOption(ctx, drawn.map((s) => s.name)),
      tooltip: tooltipOption('item', theme),
      series: [
        {
          type: 'pie',
          name: seriesName,
          radius: '58%',
          ...roundBox(ctx),
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          data,
          label: { show: showLabels, color: theme.text, overflow: 'truncate' },
          labelLine: { show: showLabels, length: 10, length2: 8 },
          itemStyle: { borderColor: theme.background, borderWidth: 1 },
          emphasis: { scale: true },
        },
      ],
    },
    pointCount: drawn.length,
    originalPointCount: all.length,
    formatters: { series: { ...Object.fromEntries(drawn.map((s) => [s.name, formatterOf(s.column)])), [measure ? fieldLabel(measure.field) : '']: formatterOf(measure) }, valueAxes: [] },
  };
};
