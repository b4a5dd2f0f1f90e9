/**
 * The wire shapes of filters (docs/adr/0010-wire-schemas.md): one zod schema per shape, its type
 * inferred from it, the one text rule (text.ts) on every text. Parsed once at each process edge — the
 * BFF's request bodies, chart-query's and the dashboard service's JSON-text fields, the web's page URL.
 */
import { z } from 'zod';
import type { Granularity, RangeFilter } from '../chart.js';
import type { GlobalFilterItem } from '../chart-filters.js';
import { INPUT_BOUNDS, nullAsAbsent, storable, storableText } from './text.js';
import type { Same } from './same.js';
import { DATA_TYPES, GRANULARITIES, MAX_RELATIVE_DAYS, NUMBER_OPTIONS, RELATIVE_DATE_PRESETS } from './values.js';

export const dataTypeSchema = z.enum(DATA_TYPES);
/** 0 normal, 1 year, 2 quarter, 3 month, 4 week, 5 day */
export const granularitySchema = z.literal(GRANULARITIES);
export const numberOptionSchema = z.enum(NUMBER_OPTIONS);
export const relativePresetSchema = z.enum(RELATIVE_DATE_PRESETS);
export const relativeDaysSchema = z.number().int().min(1).max(MAX_RELATIVE_DAYS);

/** One filter value of a request (docs/api/chart.md "Bounds"): a storable text of at most INPUT_BOUNDS.filterValueChars, a number, or null. */
export const filterValue = z.union([storableText(INPUT_BOUNDS.filterValueChars), z.number(), z.null()]);
/** One value of a stored or picked range: a storable text of at most INPUT_BOUNDS.filterValueChars, or a finite number. */
export const rangeValue = z.union([storableText(INPUT_BOUNDS.filterValueChars), z.number()]);
/** Further keys of a filter item (title, granularity, show, …): scalars of bounded size. */
export const filterExtra = z.union([storableText(INPUT_BOUNDS.filterValueChars), z.number(), z.boolean(), z.null()]);

/**
 * An inner filter or global filter of a chart run (the BFF's RunBody, chart-query's inner/global
 * filters JSON): the keys the server reads bounded, further scalar keys kept. Its values are read as
 * the field's type when the query is built (@bi/query).
 */
export const requestFilter = z
  .object({
    name: storableText(128),
    range: nullAsAbsent(z.array(filterValue).max(INPUT_BOUNDS.filterValues)),
    charts: nullAsAbsent(z.array(z.union([storableText(64), z.number(), z.record(storableText(128), filterExtra)])).max(1000)),
    // a relative date preset (today, this week, …, the last N days), resolved by chart-query in BI_TIME_ZONE
    relative: nullAsAbsent(z.object({ preset: storableText(32), days: nullAsAbsent(z.number().int().min(-1_000_000).max(1_000_000)) })),
  })
  .catchall(filterExtra);
export type RequestFilter = z.infer<typeof requestFilter>;
/** A list of them (absent or null: none), at most INPUT_BOUNDS.filters. */
export const requestFilters = nullAsAbsent(z.array(requestFilter).max(INPUT_BOUNDS.filters));

/** The detail dialog's filter (spec 01 §3 "Detail filter"; logic 0 all, 1 any). */
export const detailFilterSchema = z.object({
  logic: z.union([z.literal(0), z.literal(1)]),
  filterItems: z
    .array(
      z
        .object({
          field: z.object({ name: storableText(128) }).catchall(filterExtra),
          compare: nullAsAbsent(storableText(16)),
          compareValue: nullAsAbsent(filterValue),
          compareValueLeft: nullAsAbsent(filterValue),
          compareValueRight: nullAsAbsent(filterValue),
        })
        .catchall(filterExtra),
    )
    .max(INPUT_BOUNDS.conditions),
});
export type DetailFilterBody = z.infer<typeof detailFilterSchema>;

/** Inner filter entries of a stored chart (and global filter items in it): the known keys checked, further scalar keys of the spec kept. */
export const rangeFilterSchema = z
  .object({
    id: nullAsAbsent(storableText(64)),
    name: storableText(128, 1),
    title: nullAsAbsent(storableText(200)),
    dataType: z.enum([...DATA_TYPES, 'other']),
    range: z.array(rangeValue).max(INPUT_BOUNDS.filterValues).default([]),
    granularity: nullAsAbsent(granularitySchema),
    numberOption: nullAsAbsent(numberOptionSchema),
  })
  .catchall(z.union([storableText(1000), z.number(), z.boolean(), z.null()]));

/** What the viewer picked for one global or inner filter (the page URL's ?gf= and ?inner=). */
export const globalFilterValueSchema = z.object({
  range: z.array(rangeValue),
  granularity: granularitySchema.optional(),
  numberOption: numberOptionSchema.optional(),
  relative: z.object({ preset: relativePresetSchema, days: relativeDaysSchema.optional() }).optional(),
  anyOf: z.boolean().optional(),
});

const RANGE_VALUES = `texts of at most ${INPUT_BOUNDS.filterValueChars} characters or numbers`;
const PRESETS = `one of ${RELATIVE_DATE_PRESETS.join(', ')}`;
const CHART_ENTRY = 'each {chartId, field?}';

/** Bounds of a dashboard's global filter list (spec 01 §3 "Global filter item"). */
export const GLOBAL_FILTER_LIMITS = {
  /** items of one dashboard */
  items: 20,
  /** charts one item lists */
  charts: 200,
  id: 64,
  fieldName: 128,
  title: 40,
} as const;

const L = GLOBAL_FILTER_LIMITS;
const must = (message: string) => ({ error: message });
/** A storable text of `min` to `max` units whose every refusal but the text rule's reads `message`. */
const bounded = (max: number, min: number, message: string) => storable(z.string(must(message)).min(min, must(message)).max(max, must(message)));
const GRANULARITY_CODES: Readonly<Record<Granularity, true>> = { 0: true, 1: true, 2: true, 3: true, 4: true, 5: true };

/**
 * One stored global filter item (the dashboard's list; spec 01 §3): each member bounded, its message
 * the detail of the refusal (@bi/query parseGlobalFilters reads the issues). Unknown keys are dropped.
 */
export const globalFilterItemSchema = z.object(
  {
    id: bounded(L.id, 1, `1 to ${L.id} characters`),
    name: bounded(L.fieldName, 1, `1 to ${L.fieldName} characters`),
    title: bounded(L.title, 0, `at most ${L.title} characters`).optional(),
    dataType: z.enum(DATA_TYPES, must('string, number or date')),
    dataSourceId: bounded(L.id, 1, 'required'),
    range: z
      .array(z.union([bounded(INPUT_BOUNDS.filterValueChars, 0, RANGE_VALUES), z.number(must(RANGE_VALUES))], must(RANGE_VALUES)), must('expected a list'))
      .max(INPUT_BOUNDS.filterValues)
      .optional(),
    granularity: z.custom<Granularity>((v) => (typeof v === 'number' || typeof v === 'string') && Object.hasOwn(GRANULARITY_CODES, v), must('0 to 5')).optional(),
    numberOption: numberOptionSchema.optional(),
    relative: z
      .object({ preset: relativePresetSchema, days: z.unknown().optional() }, must(PRESETS))
      .superRefine((r, ctx) => {
        if (r.preset === 'lastDays' && !relativeDaysSchema.safeParse(r.days).success) ctx.addIssue({ code: 'custom', path: ['days'], message: `1 to ${MAX_RELATIVE_DAYS}` });
      })
      .optional(),
    show: z.boolean(must('true or false')).optional(),
    showAll: z.boolean(must('true or false')).optional(),
    charts: z
      .array(z.object({ chartId: bounded(L.id, 1, CHART_ENTRY), field: bounded(L.fieldName, 1, `1 to ${L.fieldName} characters`).optional() }, must(CHART_ENTRY)), must(`a list of at most ${L.charts}`))
      .max(L.charts, must(`a list of at most ${L.charts}`))
      .optional(),
  },
  must('expected an object'),
);
export type GlobalFilterItemBody = z.infer<typeof globalFilterItemSchema>;
// the number options of chart.ts and the keys of GlobalFilterItem are these schemas' (checked at compile time)
export const numberOptionType: Same<z.infer<typeof numberOptionSchema>, NonNullable<RangeFilter['numberOption']>> = true;
export const globalFilterItemType: Same<keyof GlobalFilterItemBody, Exclude<keyof GlobalFilterItem, 'anyOf'>> = true;
