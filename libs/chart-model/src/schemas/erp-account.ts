/**
 * The ERP account of the wire (spec 02 §3 "ERP account", docs/api/data-source.md "ERP accounts"): the body
 * of POST /api/e10account/edit, parsed once at the BFF's edge. Shapes and bounds only: which fields are
 * required (the password only for a new account or a new server) and the primary rules are the
 * data-source service's, with their own messages. The web's form holds the same bounds.
 */
import { z } from 'zod';
import { storableText } from './text.js';

export const ERP_ACCOUNT_BOUNDS = {
  name: 50,
  /** an IPv4/IPv6 address or a DNS name */
  ip: 253,
  userName: 100,
  identity: 200,
  /** accounts of one installation */
  accounts: 100,
} as const;

const trimmed = (max: number) => storableText(max).transform((s) => s.trim());
const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.null()]).transform((v) => v === true || v === 1);

export const erpAccountInputSchema = z.object({
  /** absent or empty: a new account */
  id: z.union([z.string().max(64), z.null()]).optional().transform((v) => v ?? ''),
  name: trimmed(ERP_ACCOUNT_BOUNDS.name).default(''),
  ip: trimmed(ERP_ACCOUNT_BOUNDS.ip).default(''),
  /** 0 (or absent): not given */
  port: z.union([z.coerce.number().int().min(0).max(65535), z.literal(''), z.null()]).optional().transform((v) => (typeof v === 'number' ? v : 0)),
  userName: trimmed(ERP_ACCOUNT_BOUNDS.userName).default(''),
  /** the password; empty keeps the stored one while ip and port stay the same */
  identity: z.union([storableText(ERP_ACCOUNT_BOUNDS.identity), z.null()]).optional().transform((v) => v ?? ''),
  isPrimary: flag.optional().transform((v) => v ?? false),
  isSelected: flag.optional().transform((v) => v ?? false),
});

export type ErpAccountInput = z.infer<typeof erpAccountInputSchema>;
