import { MemoryCache } from '@bi/cache';
import { LINK_PASSWORD_ATTEMPTS, LinkPasswordThrottle } from './public-links.controller.js';

describe('LinkPasswordThrottle (docs/adr/0024)', () => {
  it('counts wrong passwords per link and address in the shared cache, so every BFF replica sees the same tries', async () => {
    const shared = new MemoryCache();
    // two replicas over one shared cache (Redis when distributed)
    const [a, b] = [new LinkPasswordThrottle(shared), new LinkPasswordThrottle(shared)];
    for (let i = 0; i < LINK_PASSWORD_ATTEMPTS - 1; i++) await (i % 2 ? a : b).fail('link-1', '10.0.0.1');
    expect([await a.waitMinutes('link-1', '10.0.0.1'), await b.waitMinutes('link-1', '10.0.0.1')]).toEqual([0, 0]);
    await a.fail('link-1', '10.0.0.1');
    expect([await a.waitMinutes('link-1', '10.0.0.1'), await b.waitMinutes('link-1', '10.0.0.1')]).toEqual([15, 15]);
    // another address, another link: not throttled by these tries
    expect([await b.waitMinutes('link-1', '10.0.0.2'), await b.waitMinutes('link-2', '10.0.0.1')]).toEqual([0, 0]);
  });

  it('keeps its own count without a shared cache (one process)', async () => {
    const alone = new LinkPasswordThrottle();
    for (let i = 0; i < LINK_PASSWORD_ATTEMPTS; i++) await alone.fail('link-1', '');
    expect(await alone.waitMinutes('link-1', '')).toBe(15);
  });
});
