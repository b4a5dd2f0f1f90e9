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
