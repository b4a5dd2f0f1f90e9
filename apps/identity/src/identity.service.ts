import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { AppError, type Logger, type MessageKey } from '@bi/core';
import { stampKeys, type Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import type { identityV1 } from '@bi/proto';
import { CACHE, CONFIG, LOGGER } from '@bi/service-kit';
import { verifiedTokenKey } from './grants.service.js';
import { IdentityRepository, type Grants } from './identity.repository.js';
import { LoginThrottle } from './login-throttle.js';
import { effectivePermissions, moduleFlags, toTarget } from './permissions.js';
import { TokenService } from './token.service.js';

// Compared against when the account does not exist, so both paths take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);
const VERIFY_CACHE_MS = 60_000;
const MAX_INPUT = 256;

@Injectable()
export class IdentityService {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async login(req: identityV1.LoginRequest): Promise<identityV1.LoginReply> {
    const userName = (req.userName ?? '').trim();
    const password = req.password ?? '';
    if (!userName) return this.refused(userName, 400, 'login.account_required');
    if (!password) return this.refused(userName, 400, 'login.password_required');
    if (userName.length > MAX_INPUT || password.length > MAX_INPUT) return this.refused(userName, 401, 'login.invalid_credentials');

    const verdict = await this.throttle.admit(userName, req.clientIp);
    if (!verdict.allowed) {
      this.logger.warn('login throttled', { userName, clientIp: req.clientIp });
      return { ...this.refused(userName, 429, 'login.too_many_attempts'), retryAfterSeconds: verdict.retryAfterSeconds };
    }

    const user = await this.repo.findUserByName(userName);
    const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok || user.disabled) {
      await this.throttle.recordFailure(userName, req.clientIp);
      this.logger.info('login failed', { userName, clientIp: req.clientIp });
      return this.refused(userName, 401, 'login.invalid_credentials');
    }
    await this.throttle.recordSuccess(userName, req.clientIp);
    const { token, jti, expiresAt } = this.tokens.issue(user.id, user.userName);
    await this.repo.createSession(jti, user.id, expiresAt, req.autoLogin);
    const grants = await this.repo.grantsOf(user.id);
    this.logger.info('login', { userName: user.userName, clientIp: req.clientIp });
    return {
      code: 200,
      token,
      userName: user.userName,
      messageKey: 'login.success' satisfies MessageKey,
      permission: this.permissionOf(grants),
      expiresAt: expiresAt.getTime(),
      retryAfterSeconds: 0,
      mustChangePassword: user.mustChangePassword,
    };
  }

  async verifyToken(token: string): Promise<identityV1.VerifyTokenReply> {
    const claims = this.tokens.verify(token);
    if (!claims) return INVALID;
    const key = verifiedTokenKey(claims.jti);
    const cached = await this.cache.get(key);
    if (cached) return JSON.parse(cached) as identityV1.VerifyTokenReply;
    const user = await this.repo.liveSessionUser(claims.jti);
    if (!user || user.disabled) return INVALID;
    const grants = await this.repo.grantsOf(user.id);
    const roleIds = grants.roles.map((r) => r.id);
    const reply: identityV1.VerifyTokenReply = {
      valid: true,
      userId: user.id,
      userName: user.userName,
      isAdmin: roleIds.includes('admin'),
      permissions: effectivePermissions(roleIds, grants.permissions),
      roleIds,
      expiresAt: claims.exp * 1000,
      sessionId: claims.jti,
      mustChangePassword: user.mustChangePassword,
    };
    await this.cache.set(key, JSON.stringify(reply), Math.min(VERIFY_CACHE_MS, claims.exp * 1000 - Date.now()));
    return reply;
  }

  /**
   * A user's current rights as verifyToken answers them, read now (no copy kept): an API key's creator,
   * so a key of a disabled user, or of one who lost a role or grant, loses it on its next call.
   */
  async userGrants(userId: string): Promise<identityV1.VerifyTokenReply | undefined> {
    const user = await this.repo.findUserById(userId);
    if (!user || user.disabled) return undefined;
    const grants = await this.repo.grantsOf(user.id);
    const roleIds = grants.roles.map((r) => r.id);
    return { ...INVALID, valid: true, userId: user.id, userName: user.userName, isAdmin: roleIds.includes('admin'), permissions: effectivePermissions(roleIds, grants.permissions), roleIds };
  }

  /** Revokes the presented token; it must belong to userName. */
  async logout(token: string, userName: string): Promise<boolean> {
    const claims = this.tokens.verify(token);
    if (!claims) throw new AppError('unauthenticated', 'auth.unauthenticated');
    if (claims.name.toLowerCase() !== userName.trim().toLowerCase()) throw new AppError('forbidden', 'auth.logout_other_user');
    const revoked = await this.repo.revokeSession(claims.jti);
    await this.cache.delete(verifiedTokenKey(claims.jti));
    // callers that keep verified tokens (the BFF) see the sign-out on their next request
    await this.cache.set(stampKeys.revoked(claims.jti), '1', Math.max(1000, claims.exp * 1000 - Date.now()));
    this.logger.info('logout', { userName: claims.name });
    return revoked;
  }

  async modules(userId: string): Promise<identityV1.ModuleFlag[]> {
    const grants = await this.repo.grantsOf(userId);
    const roleIds = grants.roles.map((r) => r.id);
    return moduleFlags(this.config.modules, roleIds, grants.permissions);
  }

  listRolesUsers() {
    return this.repo.listRolesUsers();
  }

  private permissionOf(grants: Grants): identityV1.Permission {
    const roleIds = grants.roles.map((r) => r.id);
    return { roles: grants.roles, permissions: effectivePermissions(roleIds, grants.permissions).map((p) => ({ target: toTarget(p) })) };
  }

  private refused(userName: string, code: number, messageKey: MessageKey): identityV1.LoginReply {
    return { code, token: '', userName, messageKey, permission: undefined, expiresAt: 0, retryAfterSeconds: 0, mustChangePassword: false };
  }
}

const INVALID: identityV1.VerifyTokenReply = { valid: false, userId: '', userName: '', isAdmin: false, permissions: [], roleIds: [], expiresAt: 0, sessionId: '', mustChangePassword: false };
