import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { checkText } from './validation.js';

/**
 * The BFF's one text check at its edge (docs/architecture.md "Request path"): every path segment,
 * query value and body of every route — NUL characters, lone surrogates (textProblem /
 * findTextProblem of @bi/rules) and nesting deeper than INPUT_BOUNDS.bodyDepth are refused with
 * 400 before any controller runs, so a route cannot skip it. Registered as a global guard after
 * AuthGuard (an anonymous caller still gets 401). A multipart body is not parsed here: its parts
 * are checked as they are read (excel-upload/multipart-upload.ts).
 */
@Injectable()
export class TextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<{ params?: Record<string, unknown>; query?: unknown; body?: unknown }>();
    for (const [name, value] of Object.entries(req.params ?? {})) checkText(value, name);
    if (req.query !== undefined) checkText(req.query, 'query');
    if (req.body !== undefined) checkText(req.body, 'body');
    return true;
  }
}
