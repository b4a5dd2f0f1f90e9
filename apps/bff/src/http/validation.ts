import { AppError } from '@bi/core';
import type { z } from 'zod';

/** Validates a request part; the first problem is reported as "field: rule". */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const detail = `${issue.path.join('.') || 'body'}: ${issue.message}`;
  throw new AppError('invalid', 'request.invalid', { detail });
}
