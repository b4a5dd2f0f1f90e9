import { runBody, runRequestKey } from './run-request.js';

describe('the run request key', () => {
  const plain = runBody.parse({ globalFilters: [{ name: 'region', range: ['East'] }] });
  const relative = runBody.parse({ globalFilters: [{ name: 'order_date', dataType: 'date', range: [], relative: { preset: 'today' } }] });
  const at = (iso: string) => new Date(iso).getTime();

  it('keeps answers without relative dates regardless of the time', () => {
    expect(runRequestKey(true, plain, 'en', at('2026-03-29T21:59:00Z'))).toBe(runRequestKey(true, plain, 'en', at('2026-03-30T09:00:00Z')));
  });

  it('changes for relative dates at each quarter hour, so at every midnight of any time zone', () => {
    expect(runRequestKey(true, relative, 'en', at('2026-03-29T21:50:00Z'))).toBe(runRequestKey(true, relative, 'en', at('2026-03-29T21:59:59Z')));
    // 22:00 UTC is midnight in Europe/Berlin (CEST) that night; 18:15 UTC is midnight in Asia/Kathmandu (+5:45)
    expect(runRequestKey(true, relative, 'en', at('2026-03-29T21:59:59Z'))).not.toBe(runRequestKey(true, relative, 'en', at('2026-03-29T22:00:00Z')));
    expect(runRequestKey(true, relative, 'en', at('2026-03-29T18:14:59Z'))).not.toBe(runRequestKey(true, relative, 'en', at('2026-03-29T18:15:00Z')));
  });

  it('accepts a relative preset in a filter and refuses other shapes', () => {
    expect(relative.globalFilters?.[0]?.relative).toEqual({ preset: 'today' });
    expect(runBody.safeParse({ globalFilters: [{ name: 'd', range: [], relative: 'today' }] }).success).toBe(false);
  });

  it('tells drill paths apart (each level is its own answer), an empty path being none; refuses paths past the bounds', () => {
    const key = (drill?: unknown) => runRequestKey(true, runBody.parse({ ...(drill === undefined ? {} : { drill }) }), 'en');
    expect(key(['East'])).not.toBe(key());
    expect(key(['East'])).not.toBe(key(['West']));
    expect(key(['East', 'P1'])).not.toBe(key(['East']));
    expect(key([])).toBe(key());
    for (const drill of [['a', 'b', 'c', 'd', 'e'], [1], ['x'.repeat(1001)], 'East']) expect(runBody.safeParse({ drill }).success).toBe(false);
  });
});

describe('the run body (the wire schema of @bi/chart-model)', () => {
  it('refuses a NUL in a global filter value with the text rule, as chart-query and @bi/query do', () => {
    const r = runBody.safeParse({ globalFilters: [{ name: 'region', dataType: 'string', range: ['a\u0000b'] }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ code: 'custom', path: ['globalFilters', 0, 'range', 0], params: { text: 'nul' } });
    expect(runBody.safeParse({ globalFilters: [{ name: 'region', dataType: 'string', range: ['East'] }] }).success).toBe(true);
  });
});
