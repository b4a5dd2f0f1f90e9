import { z } from 'zod';

/**
 * Joins across stores through Trino (issue 34, docs/adr/0028 addendum): the administrator's federation
 * setting, one schema for the BFF (the REST body) and the data-source service (the gRPC input_json).
 * `trinoSourceId` names a Trino source that runs the joins; each mapping names a product source (or
 * `analytics`, the analytics store of uploads) and the Trino catalog (and, optionally, the schema) that
 * holds its database. An empty trinoSourceId turns federation off.
 */
const ident = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'letters, digits, _ and - only');

export const federationSettingSchema = z.object({
  trinoSourceId: z.union([z.string().uuid(), z.literal('')]).default(''),
  mappings: z
    .array(
      z.object({
        dataSourceId: z.union([z.string().uuid(), z.literal('analytics')]),
        catalog: ident,
        schema: z.union([ident, z.literal('')]).default(''),
      }),
    )
    .max(64)
    .default([]),
});
export type FederationSetting = z.infer<typeof federationSettingSchema>;
