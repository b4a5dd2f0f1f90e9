/**
 * Chat robots and sharing a chart to chat (issue 30; docs/api/robots.md): the bodies of the robot
 * administration routes and of POST /api/dashboard/wechart/{tab}/{chartId}, parsed once at the BFF's
 * edge. Shapes and bounds; the URL's outbound check and the secret's keeping are the warning service's.
 * The web's forms hold the same bounds.
 */
import { z } from 'zod';
import { storableText } from './text.js';
import { requestFilters } from './filters.js';

/** The vendors of chat robots, each a channel driver of @bi/delivery of the same name. */
export const ROBOT_VENDOR_NAMES = ['wecom', 'dingtalk', 'feishu', 'slack'] as const;
export type RobotVendorName = (typeof ROBOT_VENDOR_NAMES)[number];

export const ROBOT_BOUNDS = {
  name: 50,
  url: 1000,
  secret: 200,
  /** a shared chart's remark, characters */
  remark: 500,
  /** robots of one installation */
  robots: 100,
} as const;

const trimmed = (max: number) => storableText(max).transform((s) => s.trim());

/** A robot as saved by an administrator: a new one (no id) needs its URL; an edit's empty URL or secret keeps the stored one (a new URL drops the old secret unless one is given). */
export const robotInputSchema = z.object({
  name: trimmed(ROBOT_BOUNDS.name),
  vendor: z.enum(ROBOT_VENDOR_NAMES),
  webhookUrl: trimmed(ROBOT_BOUNDS.url).default(''),
  secret: z.union([storableText(ROBOT_BOUNDS.secret), z.null()]).optional().transform((v) => (v ?? '').trim()),
});
export type RobotInput = z.infer<typeof robotInputSchema>;

/** The body of a share to chat: the robot, the remark, and the sender's current filters of the chart. */
export const wechartBodySchema = z.object({
  robotId: z.string().uuid(),
  remark: storableText(ROBOT_BOUNDS.remark).default('').transform((s) => s.trim()),
  innerFilters: requestFilters,
  globalFilters: requestFilters,
  /** the chart box's size in CSS pixels (the picture's size); default 800 × 480 */
  width: z.number().int().min(200).max(2000).optional(),
  height: z.number().int().min(150).max(2000).optional(),
  /** the sender's current app theme: the picture is drawn in it; default light */
  theme: z.enum(['light', 'dark']).default('light'),
});
export type WechartBody = z.infer<typeof wechartBodySchema>;
