/**
 * Linkage settings of one chart as the link settings dialog saves them (the BFF's body, the dashboard
 * service's SaveLinkage JSON): bounded, storable texts; their rules are checkLinkage's (linkage.ts).
 * The types of linkage.ts (LinkageField, LinkageTarget, ChartLinkage) are inferred from these.
 */
import { z } from 'zod';
import { LINKAGE_LIMITS } from '../linkage.js';
import { storableText } from './text.js';

const fieldName = storableText(LINKAGE_LIMITS.fieldName, 1);
export const linkageFieldSchema = z.object({ source: fieldName, target: fieldName });
export const linkageTargetSchema = z.object({ chartId: storableText(64), fields: z.array(linkageFieldSchema).max(LINKAGE_LIMITS.fields) });
/** The targets (at most LINKAGE_LIMITS.targets). */
export const linkageTargetsSchema = z.array(linkageTargetSchema).max(LINKAGE_LIMITS.targets, { message: `at most ${LINKAGE_LIMITS.targets} target charts` });
export const chartLinkageSchema = z.object({ targets: linkageTargetsSchema });
