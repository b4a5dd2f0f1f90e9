import { display, fieldLabel, formatterOf, literal, type KindBuilder } from '../context.js';
import { slices } from '../data.js';
import { formatPercent } from '../format.js';
import { chromeInsets, legendOption, tooltipOption } from '../layout.js';
import { paletteColor } from '../themes.js';
import type { JsonObject } from '../types.js';

/**
 * Stages sorted from the largest down. Labels show each stage as a share of the largest (the conversion
 * from the top), or its real value when isShowRealValue.
 */
export const buildFunnel: KindBuilder = (ctx) => {
  const { chart, theme, palette } = ctx;
  const { slices: all, measure } = slices(ctx, 'funnel');
  const drawn = all.filter((s) => s.value !== null).sort((a, b) => b.value! - a.value!);
  const top = drawn[0]?.value ?? 0;
  const data: JsonObject[] = drawn.map((s, i) => {
    const text = chart.isShowRealValue === true ? display(s.value, s.column, ctx.options.locale) : formatPercent(top > 0 ? s.value! / top : 0);
    return { name: s.name, value: s.value, itemStyle: { color: paletteColor(palette, i) }, label: { formatter: literal(`${s.name}: ${text}`) } };
  });
  const insets = chromeInsets(ctx);
  return {
    option: {
      legend: legendOption(ctx, drawn.map((s) => s.name)),
      tooltip: tooltipOption('item', theme),
      series: [
        {
          type: 'funnel',
          name: measure ? fieldLabel(measure.field) : '',
          sort: 'descending',
          gap: 2,
          left: 24,
          right: insets.right + 24,
          top: insets.top + 16,
          bottom: insets.bottom + 12,
          // widths in proportion to the values (ECharts' default scale is 0–100)
          min: 0,
          max: top > 0 ? top : 1,
          minSize: '0%',
          maxSize: '100%',
          data,
          label: { show: chart.isShowPointLabel !== false, position: 'inside', color: '#FFFFFF' },
          itemStyle: { borderColor: theme.background, borderWidth: 1 },
        },
      ],
    },
    pointCount: drawn.length,
    originalPointCount: all.length,
    formatters: { series: { ...Object.fromEntries(drawn.map((s) => [s.name, formatterOf(s.column)])), [measure ? fieldLabel(measure.field) : '']: formatterOf(measure) }, valueAxes: [] },
  };
};
