import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import { CACHE, CONFIG } from '@bi/service-kit';

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Login throttle over the cache port (shared by replicas through Redis in distributed mode):
 * per account, failed attempts within the window; per client address, all attempts.
 */
@Injectable()
export class LoginThrottle {
  private readonly windowMs: number;

  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {
    this.windowMs = config.auth.loginWindowSeconds * 1000;
  }

  /** Counts this attempt for the address and tells whether it may proceed. */
  async admit(userName: string, clientIp: string): Promise<ThrottleVerdict> {
    const ipKey = `login:ip:${clientIp || 'unknown'}`;
    const attempts = await this.cache.increment(ipKey, this.windowMs);
    if (attempts > this.config.auth.loginMaxAttemptsPerIp) return this.blocked(ipKey);
    const accountKey = this.accountKey(userName);
    const failures = Number((await this.cache.get(accountKey)) ?? 0);
    if (failures >= this.config.auth.loginMaxFailuresPerAccount) return this.blocked(accountKey);
    return { allowed: true };
  }

  async recordFailure(userName: string): Promise<void> {
    await this.cache.increment(this.accountKey(userName), this.windowMs);
  }

  async recordSuccess(userName: string): Promise<void> {
    await this.cache.delete(this.accountKey(userName));
  }

  private accountKey(userName: string): string {
    return `login:fail:${userName.trim().toLowerCase()}`;
  }

  private async blocked(key: string): Promise<ThrottleVerdict> {
    const ms = await this.cache.ttl(key);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }
}
