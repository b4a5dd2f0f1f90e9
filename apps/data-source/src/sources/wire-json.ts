import { AppError } from '@bi/core';
import type { z } from 'zod';

/** A JSON text field of a gRPC request (the BFF's body), parsed once with its wire schema; '' is `{}`; anything else wrong is request.invalid. */
export function parseJsonField<T>(schema: z.ZodType<T>, text: string): T {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError('invalid', 'request.invalid');
  }
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('invalid', 'request.invalid');
  return r.data;
}
