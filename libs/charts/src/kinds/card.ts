import type { AggregateConfig } from '@bi/chart-model';
import { columnsOf, display, fieldLabel, formatterOf, literal, type KindBuilder } from '../context.js';
import { columnStat, singleValue, STAT_KEYS, type StatKey } from '../stats.js';
import { normalizeColor, paletteColor } from '../themes.js';
import { chartWarning } from '../warnings.js';
import type { JsonObject } from '../types.js';

const FLAGS: Record<StatKey, keyof AggregateConfig> = { sum: 'showSum', avg: 'showAvg', max: 'showMax', min: 'showMin' };

/**
 * A big formatted value (the first value field as one figure) under its alias, followed by the statistics
 * aggregateConfig turns on (sum, avg, max, min over the rows of aggregateField, default the value field) in
 * showFontColor. Drawn with ECharts graphic texts; `option.card` carries the same content for the web.
 */
export const buildCard: KindBuilder = (ctx) => {
  const { chart, result, theme, palette, options } = ctx;
  const measures = columnsOf(result, 'measure', 'measure2');
  const measure = measures[0];
  const value = measure ? singleValue(result, measure, ctx.warnings) : null;
  const valueText = display(value, measure, ctx.options.locale);
  const title = measure ? fieldLabel(measure.field) : '';
  const valueColor = paletteColor(palette, 0);

  const config = chart.aggregateConfig ?? {};
  const named = config.aggregateField ? measures.find((c) => c.field.name === config.aggregateField || c.alias === config.aggregateField) : undefined;
  if (config.aggregateField && !named) ctx.warnings.push(chartWarning('statisticsFieldMissing', { field: String(config.aggregateField), using: title }));
  const statColumn = named ?? measure;
  const statColor = normalizeColor(config.showFontColor) ?? theme.subtext;
  const statistics = statColumn
    ? STAT_KEYS.filter((k) => config[FLAGS[k]] === true).map((key) => {
        const v = columnStat(result, statColumn, key);
        return { key, label: options.labels[key], value: v, display: display(v, statColumn, ctx.options.locale) };
      })
    : [];

  const children: JsonObject[] = [
    { type: 'text', x: 0, y: 0, style: { text: literal(title), fill: theme.subtext, fontSize: 14, align: 'center' } },
    { type: 'text', x: 0, y: 26, style: { text: literal(valueText), fill: valueColor, fontSize: 36, fontWeight: 'bold', align: 'center' } },
    ...statistics.map((s, i): JsonObject => ({ type: 'text', x: 0, y: 80 + i * 22, style: { text: literal(`${s.label}: ${s.display}`), fill: statColor, fontSize: 13, align: 'center' } })),
  ];
  return {
    option: {
      card: { title, value, display: valueText, color: valueColor, statisticColor: statColor, statistics },
      graphic: [{ type: 'group', left: 'center', top: 'middle', children }],
    },
    pointCount: value === null ? 0 : 1,
    originalPointCount: result.rows.length,
    formatters: { series: { [title]: formatterOf(measure) }, valueAxes: [] },
  };
};
