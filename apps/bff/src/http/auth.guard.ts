import { Inject, Injectable, SetMetadata, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { allows, apiKeyPrincipal, canCallRoute, embedPrincipal, linkPrincipal, userPrincipal, type EmbedPrincipal, type LinkGrant, type Principal } from '@bi/access';
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
  /**
   * Set when the caller is an API key (docs/api/api-keys.md): isAdmin and permissions above are then
   * the key's (@bi/access apiKeyPrincipal: the creator's current rights cut down to the key's scopes),
   * and token is 'apikey:{keyId}', never the secret.
   */
  apiKey?: { keyId: string; scopes: string[] };
  /**
   * Set when the caller is an embedding token (docs/api/embedding.md, apps/bff/src/embed): the user is the
   * token's maker, read as of now; the token names the one resource it reads and the row conditions it adds.
   */
  embed?: { resource: EmbedPrincipal['resource']; rows: EmbedPrincipal['rows'] };
  /**
   * Set when the caller is a public link's reader (docs/api/public-links.md): the user fields are the
   * link's creator's as read now, and the principal is @bi/access linkPrincipal; token is 'link:{linkId}'.
   */
  link?: LinkGrant;
}

/** An API key's secret (bik_…) rather than a session token. */
export const isApiKeySecret = (token: string) => token.startsWith('bik_');

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
  if (user.embed) return embedPrincipal(userPrincipal(user), user.embed);
  if (user.link) return linkPrincipal(userPrincipal(user), user.link);
  return user.apiKey ? apiKeyPrincipal(userPrincipal(user), user.apiKey) : userPrincipal(user);
}

/** The route's template as the OpenAPI document names it: GET /api/dashboard/chart/{tab}/{chartId}. */
function routeOf(req: { method: string; route?: { path?: string }; baseUrl?: string }): string {
  const path = `${req.baseUrl ?? ''}${req.route?.path ?? ''}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '');
  return path;
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
    const user = isApiKeySecret(token) ? await this.verifyKey(token, req.ip ?? '') : ((await this.tokens.user(token)) ?? (await this.verify(token)));
    req.user = user;
    // an API key: its scopes must cover the route (the access policy's canCallRoute); its rights are checked as any caller's below
    if (user.apiKey && !canCallRoute(principalOf(user), req.method, routeOf(req))) throw new AppError('forbidden', 'auth.forbidden');
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(PASSWORD_CHANGE, targets)) throw new AppError('forbidden', 'password.must_change');
    if (this.reflector.getAllAndOverride<boolean>(ADMIN, targets) && !user.isAdmin) throw new AppError('forbidden', 'auth.forbidden');
    const needed = this.reflector.getAllAndOverride<string | undefined>(PERMISSION, targets);
    if (needed && !allows(user, needed)) throw new AppError('forbidden', 'auth.forbidden');
    return true;
  }

  /** Asks identity on every call (no copy kept: a revoked key, or a creator disabled or stripped of a role, stops at once). */
  private async verifyKey(secret: string, clientIp: string): Promise<AuthUser> {
    const v = await rpc(this.identity.verifyApiKey({ secret, clientIp }));
    if (!v.user?.valid) throw new AppError('unauthenticated', 'auth.unauthenticated');
    const key = apiKeyPrincipal(userPrincipal(v.user), { keyId: v.keyId, scopes: v.scopes });
    return {
      userId: key.userId,
      userName: v.user.userName,
      isAdmin: key.isAdmin,
      permissions: [...key.permissions],
      roleIds: [...key.roleIds],
      token: `apikey:${key.keyId}`,
      apiKey: { keyId: key.keyId, scopes: [...key.scopes] },
    };
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
