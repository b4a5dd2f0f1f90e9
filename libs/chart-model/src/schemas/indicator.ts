import { z } from 'zod';
import { erpAccountRef } from './erp-report.js';

/**
 * The wire shapes of indicator imports (spec 02 §4, §8; docs/api/data-source.md "Indicator imports"):
 * dataType 1 (a business-analysis system on an ERP account) and 5 (the second provider, on the primary
 * ERP account), checked by the BFF at the edge and by the data-source service when its JSON arrives.
 */

/** The data types of indicator imports: 1 business analysis, 5 the second provider. */
export const INDICATOR_DATA_TYPES = [1, 5] as const;
export const indicatorDataType = z.union([z.literal(1), z.literal(5)]);

const nodeId = z.string().trim().min(1).max(200);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** POST /api/data_source/issue_trees: the account and the node whose children are asked (none: the top level). */
export const indicatorTreeBody = z.object({ account: erpAccountRef.optional(), parent: nodeId.optional() }).strip();
export type IndicatorTreeBody = z.infer<typeof indicatorTreeBody>;

/** A target of an import: its id, or the tree node as the wizard checked it ({id, text, rootText}). */
export const indicatorTarget = z.union([
  nodeId,
  z
    .object({
      id: nodeId,
      text: z.string().max(1000).optional(),
      rootText: z.string().max(1000).optional(),
      /** the tree node's relation ('True': a relation map can be generated; the generated map's root is the first such target) */
      relation: z.union([z.boolean(), z.literal('True'), z.literal('False')]).optional(),
    })
    .strip(),
]);

/** The indicator import payload of spec 02 §8 (import_indicators, yifei_import_indicators, merge). */
export const indicatorImportPayload = z
  .object({
    targets: z.array(indicatorTarget).max(200).default([]),
    name: z.string().trim().max(200).default(''),
    connection: z.string().max(2000).optional(),
    beginDate: z.union([day, z.literal(''), z.null()]).optional(),
    endDate: z.union([day, z.literal(''), z.null()]).optional(),
    /** 0 a single date (endDate), otherwise the range beginDate…endDate */
    period: z.coerce.number().int().min(0).max(1).default(0),
    /** 0 the appointed range, 1 the recent periodNumber periods up to endDate */
    dynamicPara: z.coerce.number().int().min(0).max(1).default(0),
    periodDimension: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(1),
    /** 0 normal, 1 same period a year earlier, 2 the previous period (history and not day only) */
    compare: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
    periodNumber: z.union([z.coerce.number().int().min(1).max(3660), z.null()]).default(1),
    /** generate a relation map over the imported targets from the template dashboard relationTemplateId (the BFF, docs/adr/0016) */
    generateRelation: z.boolean().default(false),
    relationTemplateId: z.string().max(64).optional(),
    account: erpAccountRef.optional(),
    cacheInterval: z.union([z.coerce.number().int().min(0).max(525_600), z.null()]).default(0),
    projectId: z.string().max(64).default(''),
    dataType: indicatorDataType.default(1),
  })
  .strip();
export type IndicatorImportPayload = z.infer<typeof indicatorImportPayload>;

/** The id of a payload's target. */
export function indicatorTargetId(t: z.infer<typeof indicatorTarget>): string {
  return typeof t === 'string' ? t : t.id;
}
