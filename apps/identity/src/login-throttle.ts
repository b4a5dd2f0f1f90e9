import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import { CACHE, CONFIG } from '@bi/service-kit';

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in throttle over the cache port (shared by replicas through Redis in distributed mode).
 * Only failed sign-ins count, so correct passwords never use anything up (an office behind one
 * address signs in as often as it likes):
 * - per account AND address: the first `loginFailuresBeforeBackoff` failures within the window cost
 *   nothing; from then on every failure makes that account wait, from that address only, for
 *   backoff · 2^(failures − limit) seconds (at most loginBackoffMaxSeconds). A correct password
 *   clears it. Failures from one address never block the account from another: nobody can lock
 *   someone else out.
 * - per address: once `loginMaxFailuresPerAddress` failures (any accounts) fell within the window,
 *   that address waits for the rest of the window (guessing across many accounts); other addresses
 *   are not affected.
 * Windows count from the first failure (Cache.increment).
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

  /** Whether a sign-in of this account from this address may be checked now; counts nothing. */
  async admit(userName: string, clientIp: string): Promise<ThrottleVerdict> {
    const { address, wait } = this.keys(userName, clientIp);
    const [addressFailures, waiting] = await this.cache.getMany([address, wait]);
    if (Number(addressFailures ?? 0) >= this.config.auth.loginMaxFailuresPerAddress) return this.blocked(address);
    if (waiting !== undefined) return this.blocked(wait);
    return { allowed: true };
  }

  /** A wrong account or password: counts for the account at this address and for the address. */
  async recordFailure(userName: string, clientIp: string): Promise<void> {
    const { failures, address, wait } = this.keys(userName, clientIp);
    const [n] = await Promise.all([this.cache.increment(failures, this.windowMs), this.cache.increment(address, this.windowMs)]);
    const backoffMs = this.backoffMs(n);
    if (backoffMs > 0) await this.cache.set(wait, '1', backoffMs);
  }

  /** A correct password: the account's failures at this address are forgotten (the address's stay). */
  async recordSuccess(userName: string, clientIp: string): Promise<void> {
    const { failures, wait } = this.keys(userName, clientIp);
    await Promise.all([this.cache.delete(failures), this.cache.delete(wait)]);
  }

  /** The wait after the n-th failure of an account at an address (0: none yet). */
  backoffMs(n: number): number {
    const { loginFailuresBeforeBackoff: free, loginBackoffSeconds: base, loginBackoffMaxSeconds: max } = this.config.auth;
    if (n < free) return 0;
    // 2^(n − free) grows past any cap by 2^30: no need to compute beyond it
    return Math.min(max, base * 2 ** Math.min(n - free, 30)) * 1000;
  }

  private keys(userName: string, clientIp: string) {
    const account = userName.trim().toLowerCase();
    const address = clientIp || 'unknown';
    const pair = JSON.stringify([account, address]);
    return { failures: `login:fail:${pair}`, wait: `login:wait:${pair}`, address: `login:address-fail:${address}` };
  }

  private async blocked(key: string): Promise<ThrottleVerdict> {
    const ms = await this.cache.ttl(key);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }
}
