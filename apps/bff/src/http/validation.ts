import { AppError } from '@bi/core';
import { INPUT_BOUNDS, excerpt, findTextProblem, valueNesting } from '@bi/rules';
import type { z } from 'zod';

/**
 * Refuses a request part nested deeper than INPUT_BOUNDS.bodyDepth or holding text that cannot be stored (a NUL character or a lone surrogate,
 * anywhere in it: keys and values) with the shared check of @bi/rules — 400 text.invalid_characters.
 */
export function checkText(value: unknown, what = 'body'): void {
  if (valueNesting(value, INPUT_BOUNDS.bodyDepth) > INPUT_BOUNDS.bodyDepth) throw new AppError('invalid', 'request.invalid', { detail: `${what}: nested more than ${INPUT_BOUNDS.bodyDepth} levels` });
  const found = findTextProblem(value);
  if (found) throw new AppError('invalid', 'text.invalid_characters', { field: found.path || what });
}

/**
 * Validates a request part; the first problem is reported as "field: rule" (cut to a short excerpt:
 * a message never echoes a whole input). Its texts were checked with checkText at the edge, by the
 * global TextGuard (text.guard.ts), before any controller ran.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const detail = `${issue.path.map((p) => excerpt(p)).join('.') || 'body'}: ${excerpt(issue.message, 120)}`;
  throw new AppError('invalid', 'request.invalid', { detail });
}
