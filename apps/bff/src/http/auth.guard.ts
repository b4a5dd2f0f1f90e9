import { Inject, Injectable, SetMetadata, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { allows, userPrincipal, type Principal } from '@bi/access';
import { AppError } from '@bi/core';
import type { identityV1 } from '@bi/proto';
import { IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { TokenCache } from './token-cache.js';

const PUBLIC = 'bi:public';
const PERMISSION = 'bi:permission';
const ADMIN = 'bi:admin';
const PASSWORD_CHANGE = 'bi:password-change';

/** Marks a route that needs no token (login, health, docs). */
export const Public = () => SetMetadata(PUBLIC, true);
/** Requires a permission string (datasource:edit, template:edit, ...); admin passes every check. */
export const RequirePermission = (permission: string) => SetMetadata(PERMISSION, permission);
/** Requires role admin (user administration, audit log). */
export const RequireAdmin = () => SetMetadata(ADMIN, true);
/** A route a user who must change their password may still call (sign-out, the password change). */
export const AllowedBeforePasswordChange = () => SetMetadata(PASSWORD_CHANGE, true);

export interface AuthUser {
  userId: string;
  userName: string;
  isAdmin: boolean;
  permissions: string[];
  /** the user's roles, for the row-level rules of sources */
  roleIds?: string[];
  token: string;
  /** an administrator set the password: every call but sign-out and the password change answers 403 */
  mustChangePassword?: boolean;
}

/** The token of the authorization header, raw or with the Bearer prefix. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  const token = /^bearer(\s|$)/i.test(value) ? value.slice(6).trim() : value;
  return token || undefined;
}

/** The access policy's answer to "may this caller …" (@bi/access): admin holds every permission. */
export { allows };

/** The signed-in caller as the access policy's principal (docs/api/sharing.md "Who runs what as whom"). */
export function principalOf(user: AuthUser): Principal {
  return userPrincipal(user);
}

/** Every /api route needs a valid, unrevoked token unless marked @Public(); verified tokens are kept a few seconds (TokenCache). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    private readonly tokens: TokenCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest();
    const token = tokenFromHeader(req.headers['authorization']);
    if (!token) throw new AppError('unauthenticated', 'auth.unauthenticated');
    const user = (await this.tokens.user(token)) ?? (await this.verify(token));
    req.user = user;
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(PASSWORD_CHANGE, targets)) throw new AppError('forbidden', 'password.must_change');
    if (this.reflector.getAllAndOverride<boolean>(ADMIN, targets) && !user.isAdmin) throw new AppError('forbidden', 'auth.forbidden');
    const needed = this.reflector.getAllAndOverride<string | undefined>(PERMISSION, targets);
    if (needed && !allows(user, needed)) throw new AppError('forbidden', 'auth.forbidden');
    return true;
  }

  /** Asks identity; a valid token is kept for a few seconds (TokenCache). */
  private async verify(token: string): Promise<AuthUser> {
    const v = await rpc(this.identity.verifyToken({ token }));
    if (!v.valid) throw new AppError('unauthenticated', 'auth.unauthenticated');
    const user: AuthUser = { userId: v.userId, userName: v.userName, isAdmin: v.isAdmin, permissions: v.permissions, roleIds: v.roleIds, token, mustChangePassword: v.mustChangePassword };
    // not kept while the password must change: the hit path (which skips the guard) never sees such a token
    if (!v.mustChangePassword) this.tokens.remember(token, user, v.sessionId, Number(v.expiresAt));
    return user;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => ctx.switchToHttp().getRequest().user);
