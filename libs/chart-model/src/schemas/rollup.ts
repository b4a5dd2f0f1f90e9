import { z } from 'zod';

/**
 * Kept rollups on the wire (issue 31, ADR 0022): the specs chart-query asks data-source to build
 * (KeepRollups' specs_json) and the rollups data-source describes as built (Describe's rollups_json).
 * One schema for both sides; @bi/query's RollupSpec and KeptRollup are the shapes they parse to.
 */
const rollupField = z.object({ name: z.string().min(1).max(256), dataType: z.enum(['string', 'number', 'date']) });

export const rollupSpecSchema = z.object({
  dimensions: z.array(rollupField).max(32),
  measures: z.array(z.object({ field: rollupField, parts: z.array(z.enum(['sum', 'count', 'min', 'max'])).min(1).max(4) })).max(64),
  /** the rollup keeps each group's row count (built since the filter pickers roll up; absent on earlier records) */
  rowCount: z.boolean().optional(),
});

export const keptRollupsSchema = z
  .array(
    rollupSpecSchema.extend({
      id: z.string().min(1),
      table: z.string().min(1),
      schema: z.string().optional(),
      dataVersion: z.number().int(),
      rows: z.number().int().nonnegative(),
      floatSums: z.array(z.string()),
    }),
  )
  .max(64);

/** One kept rollup as the source page lists it (GET /api/data_source/rollups/{id}, docs/api/data-source.md "Rollups"). */
export interface RollupView {
  id: string;
  /** what it groups by: a date at its day, any other field by value */
  dimensions: { name: string; title: string; dataType: string; grain: 'day' | null }[];
  /** the measure fields with the partial aggregates kept */
  measures: { name: string; title: string; parts: string[] }[];
  rows: number;
  sizeBytes: number;
  /** chart answers served from it (counted by chart-query, recorded in batches) */
  hits: number;
  lastHitAt: string | null;
  builtAt: string | null;
  buildMs: number;
  dataVersion: number;
  /** built at the source's current data version: it serves; else stale (charts run raw until the rebuild) */
  current: boolean;
  tableRows: number;
}

/** A source's kept rollups and its switch (the answer of GET and PUT /api/data_source/rollups/{id}). */
export interface RollupListing {
  dataSourceId: string;
  /** the source is in the analytics store (only those keep rollups) */
  applies: boolean;
  enabled: boolean;
  /** BI_ROLLUPS=off: switched off for the whole product */
  globalOff: boolean;
  /** the caller may switch them (who may edit the source) */
  editable: boolean;
  dataVersion: number;
  rollups: RollupView[];
}
