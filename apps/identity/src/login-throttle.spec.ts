import type { Cache } from '@bi/cache';
import { loadConfig, type AppConfig } from '@bi/config';
import { LoginThrottle } from './login-throttle.js';

/** The cache port on a clock the test moves (Cache.increment: the expiry counts from the first increment). */
class ClockCache implements Pick<Cache, 'get' | 'getMany' | 'set' | 'delete' | 'increment' | 'ttl'> {
  now = 0;
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  private live(key: string) {
    const e = this.entries.get(key);
    if (e && e.expiresAt <= this.now) this.entries.delete(key);
    return this.entries.get(key);
  }
  async get(key: string) {
    return this.live(key)?.value;
  }
  async getMany(keys: readonly string[]) {
    return keys.map((k) => this.live(k)?.value);
  }
  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: this.now + ttlMs });
  }
  async delete(key: string) {
    this.entries.delete(key);
  }
  async increment(key: string, ttlMs: number) {
    const e = this.live(key);
    const value = Number(e?.value ?? 0) + 1;
    this.entries.set(key, { value: String(value), expiresAt: e?.expiresAt ?? this.now + ttlMs });
    return value;
  }
  async ttl(key: string) {
    const e = this.live(key);
    return e ? e.expiresAt - this.now : 0;
  }
  advance(seconds: number) {
    this.now += seconds * 1000;
  }
}

function throttleWith(env: Record<string, string> = {}) {
  const cache = new ClockCache();
  const config: AppConfig = loadConfig(env);
  return { cache, config, throttle: new LoginThrottle(cache as unknown as Cache, config) };
}

const A = '10.0.0.1';
const B = '10.0.0.2';

describe('LoginThrottle', () => {
  it('lets the first failures of an account at an address through, then backs off exponentially up to the cap', async () => {
    const { cache, throttle } = throttleWith({ BI_LOGIN_FAILURES_BEFORE_BACKOFF: '3', BI_LOGIN_BACKOFF_SECONDS: '10', BI_LOGIN_BACKOFF_MAX_SECONDS: '60', BI_LOGIN_WINDOW_SECONDS: '3600' });
    for (let i = 0; i < 2; i++) {
      expect(await throttle.admit('analyst', A)).toEqual({ allowed: true });
      await throttle.recordFailure('analyst', A);
    }
    expect(await throttle.admit('analyst', A)).toEqual({ allowed: true });
    await throttle.recordFailure('analyst', A); // the 3rd: 10 s
    expect(await throttle.admit('analyst', A)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    cache.advance(9);
    expect(await throttle.admit('analyst', A)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    cache.advance(1);
    expect(await throttle.admit('analyst', A)).toEqual({ allowed: true });
    // each further failure doubles the wait: 20, 40, then the 60 s cap
    for (const wait of [20, 40, 60, 60]) {
      await throttle.recordFailure('analyst', A);
      expect(await throttle.admit('analyst', A)).toEqual({ allowed: false, retryAfterSeconds: wait });
      cache.advance(wait);
      expect(await throttle.admit('analyst', A)).toEqual({ allowed: true });
    }
  });

  it('never blocks the account from another address, nor another account from the same address', async () => {
    const { throttle } = throttleWith({ BI_LOGIN_FAILURES_BEFORE_BACKOFF: '5' });
    for (let i = 0; i < 5; i++) await throttle.recordFailure('analyst', A);
    expect((await throttle.admit('analyst', A)).allowed).toBe(false);
    expect(await throttle.admit('analyst', B)).toEqual({ allowed: true });
    expect(await throttle.admit('viewer', A)).toEqual({ allowed: true });
    // the account name is compared as the service compares it: trimmed, any case
    expect((await throttle.admit(' Analyst ', A)).allowed).toBe(false);
  });

  it('forgets the failures of an account at an address after a correct password', async () => {
    const { throttle } = throttleWith({ BI_LOGIN_FAILURES_BEFORE_BACKOFF: '2' });
    await throttle.recordFailure('analyst', A);
    await throttle.recordSuccess('analyst', A);
    await throttle.recordFailure('analyst', A);
    expect(await throttle.admit('analyst', A)).toEqual({ allowed: true });
  });

  it('counts only failures per address: successes never use the address limit up', async () => {
    const { throttle } = throttleWith({ BI_LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    for (let i = 0; i < 1000; i++) {
      expect(await throttle.admit(`user${i % 7}`, A)).toEqual({ allowed: true });
      await throttle.recordSuccess(`user${i % 7}`, A);
    }
  });

  it('makes an address that failed too often (across accounts) wait out the window, that address only', async () => {
    const { cache, throttle } = throttleWith({ BI_LOGIN_MAX_FAILURES_PER_ADDRESS: '4', BI_LOGIN_WINDOW_SECONDS: '600' });
    for (const name of ['a', 'b', 'c']) await throttle.recordFailure(name, A);
    expect(await throttle.admit('d', A)).toEqual({ allowed: true });
    cache.advance(100);
    await throttle.recordFailure('d', A);
    // the window counts from the first failure: 500 s left
    expect(await throttle.admit('analyst', A)).toEqual({ allowed: false, retryAfterSeconds: 500 });
    expect(await throttle.admit('analyst', B)).toEqual({ allowed: true });
    cache.advance(500);
    expect(await throttle.admit('analyst', A)).toEqual({ allowed: true });
  });

  it('reads the older variable names as the new limits', () => {
    const { config } = throttleWith({ BI_LOGIN_MAX_FAILURES_PER_ACCOUNT: '7', BI_LOGIN_MAX_ATTEMPTS_PER_IP: '70' });
    expect(config.auth.loginFailuresBeforeBackoff).toBe(7);
    expect(config.auth.loginMaxFailuresPerAddress).toBe(70);
    const defaults = throttleWith().config.auth;
    expect(defaults).toMatchObject({ loginFailuresBeforeBackoff: 5, loginBackoffSeconds: 30, loginBackoffMaxSeconds: 900, loginMaxFailuresPerAddress: 100, loginWindowSeconds: 900 });
  });
});
