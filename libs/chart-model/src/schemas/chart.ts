/**
 * The chart definition as the editor sends it and the dashboard service stores it (spec 01 §3,
 * docs/api/chart.md "Save"): its shape with bounded arrays and storable texts (docs/adr/0010-wire-schemas.md).
 * Unknown keys are dropped; null for an optional value means "not set". The editor's rules (title and
 * alias lengths, custom option, alerts, drill levels) follow in the dashboard service's parseChart.
 * Its keys are the keys of `Chart` (chart.ts), checked at compile time below.
 */
import { z } from 'zod';
import { CHART_AGGREGATORS, type Chart, type ChartField } from '../chart.js';
import { DRILL_LIMITS } from '../drill.js';
import { CHART_TYPES } from '../kinds.js';
import { dataTypeSchema, granularitySchema, rangeFilterSchema } from './filters.js';
import type { Same } from './same.js';
import { warnConfigSchema } from './warn-config.js';
import { INPUT_BOUNDS, nullAsAbsent as opt, storableText as text } from './text.js';

export const CHART_LIMITS = {
  points: 10,
  values: 50,
  secondPoints: 1,
  secondValues: 50,
  innerFilters: INPUT_BOUNDS.filters,
  conditions: INPUT_BOUNDS.conditions,
  colors: 100,
  gaugeSections: 50,
  plotLines: 20,
  rangeValues: INPUT_BOUNDS.filterValues,
  fieldName: 128,
  alias: 20,
  title: 50,
  customOption: INPUT_BOUNDS.customOptionChars,
  customOptionDepth: INPUT_BOUNDS.customOptionDepth,
} as const;

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const oneOf = <const T extends readonly [number, ...number[]]>(...values: T) => z.literal(values);
const color = text(64);
const aggregator = z.enum(CHART_AGGREGATORS);
const scalar = z.union([text(INPUT_BOUNDS.filterValueChars), z.number(), z.null()]);

export const formatterSchema = z.object({
  type: oneOf(0, 1, 2),
  isCustomizeUnit: opt(z.boolean()),
  unit: opt(oneOf(0, 1, 2, 3, 4, 5)),
  customUnit: opt(text(20)),
  decimalPlaces: opt(int(0, 10)),
  useThousandth: opt(z.boolean()),
});

/** One condition of a field filter ('<>' is read as '!='). */
export const filterConditionSchema = z.object({
  field: z.object({ name: text(CHART_LIMITS.fieldName), title: opt(text(200)), dataType: opt(dataTypeSchema) }),
  compare: z.enum(['>', '<', '=', '!=', '<>', '<=', '>=', 'between', 'like', 'notLike']),
  compareValue: opt(scalar),
  compareValueLeft: opt(scalar),
  compareValueRight: opt(scalar),
});

/** A point or value field; its type is the source's (filled in by the dashboard service's checkAgainstSource). */
export const chartFieldSchema = z.object({
  name: text(CHART_LIMITS.fieldName, 1),
  title: opt(text(200)),
  dataType: opt(dataTypeSchema),
  width: opt(z.number().min(0).max(10_000)),
  granularity: opt(granularitySchema),
  aggregator: opt(z.union([aggregator, z.literal('')])),
  orderBy: opt(z.enum(['', 'asc', 'desc'])),
  showTrendline: opt(z.boolean()),
  formatter: opt(formatterSchema),
  fieldFilter: opt(z.object({ logic: oneOf(0, 1), conditions: z.array(filterConditionSchema).max(CHART_LIMITS.conditions) })),
});

export const plotLineSchema = z.object({
  name: text(100),
  valueType: oneOf(0, 1),
  value: opt(z.number()),
  axisField: opt(z.object({ axisName: text(CHART_LIMITS.fieldName), axisTitle: opt(text(200)), aggregator: opt(z.union([aggregator, z.literal('')])) })),
  formula: opt(oneOf(0, 1, 2)),
});

export const chartSchema = z.object({
  chartId: text(64),
  title: text(500),
  type: z.enum(CHART_TYPES),
  dataSourceId: text(64).default(''),
  points: z.array(chartFieldSchema).max(CHART_LIMITS.points).default([]),
  values: z.array(chartFieldSchema).max(CHART_LIMITS.values).default([]),
  secondPoints: z.array(chartFieldSchema).max(CHART_LIMITS.secondPoints).default([]),
  secondValues: z.array(chartFieldSchema).max(CHART_LIMITS.secondValues).default([]),
  innerFilters: z.array(rangeFilterSchema).max(CHART_LIMITS.innerFilters).default([]),
  colorSettings: z.array(color).max(CHART_LIMITS.colors).default([]),
  gaugeSection: z.array(z.object({ section: z.number(), sectionColor: color })).max(CHART_LIMITS.gaugeSections).default([]),
  customOption: opt(text(CHART_LIMITS.customOption)),
  linkageId: opt(text(64)),
  shape: opt(z.boolean()),
  group: opt(z.boolean()),
  isHorizontal: opt(z.boolean()),
  showXSplitLine: opt(z.boolean()),
  showYSplitLine: opt(z.boolean()),
  isEmbeded: opt(z.boolean()),
  isShowRealValue: opt(z.boolean()),
  isShowPointLabel: opt(z.boolean()),
  showTitle: opt(z.boolean()),
  legendStyle: opt(oneOf(0, 1, 2, 3)),
  property: opt(z.object({ background: opt(color), min: opt(z.number()), max: opt(z.number()), secondMin: opt(z.number()), secondMax: opt(z.number()) })),
  plotLineY: opt(z.array(plotLineSchema).max(CHART_LIMITS.plotLines)),
  plotLineYOptional: opt(z.array(plotLineSchema).max(CHART_LIMITS.plotLines)),
  xDataZoom: opt(z.boolean()),
  yDataZoom: opt(z.boolean()),
  mapLineSourceId: opt(text(64)),
  mapConfig: opt(z.object({ granularity: oneOf(0, 1), visualMapShow: z.boolean().default(false) })),
  navConfig: opt(z.object({ navColor: opt(color), noNavColor: opt(color), navFontSize: opt(z.number().min(6).max(200)) })),
  aggregateConfig: opt(
    z.object({
      aggregateField: opt(text(CHART_LIMITS.fieldName)),
      showSum: opt(z.boolean()),
      showAvg: opt(z.boolean()),
      showMax: opt(z.boolean()),
      showMin: opt(z.boolean()),
      showFontColor: opt(color),
    }),
  ),
  editTopNum: opt(z.object({ showItemNum: z.boolean(), direction: oneOf(0, 1), num: int(0, 1_000_000), mode: oneOf(0, 1) })),
  theme: opt(z.enum(['light', 'dark', 'gentle', 'commerce', 'starry'])),
  // the drill-down hierarchy: its shape here, its rules by drillProblem (drill.ts) in the dashboard service
  drill: opt(
    z
      .array(z.object({ name: text(DRILL_LIMITS.fieldName, 1), dataType: z.preprocess((v) => v ?? 'string', dataTypeSchema), granularity: opt(granularitySchema) }))
      .max(DRILL_LIMITS.maxLevels),
  ),
  // the alert rules (spec 01 §3 Warning config): their shape here, their rules against the chart by checkWarnConfig (warn-check.ts)
  warnConfigData: opt(warnConfigSchema),
});
/** The chart as sent (before the dashboard service fills in the source's types and applies its rules). */
export type ChartBody = z.infer<typeof chartSchema>;

// The schema and the type name the same members: a key added to one and not the other fails to compile.
// (`linkage` is set by the link settings dialog, never by an editor save; `mapLineSourceId` is kept from the spec's editor.)
export const chartKeys: Same<keyof ChartBody, Exclude<keyof Chart, 'linkage'> | 'mapLineSourceId'> = true;
export const chartFieldKeys: Same<keyof z.infer<typeof chartFieldSchema>, keyof ChartField> = true;
export const plotLineKeys: Same<keyof z.infer<typeof plotLineSchema>, keyof NonNullable<Chart['plotLineY']>[number]> = true;
