import { authorizationHeader, parseAuthorization, signature, verifyRequest } from './signing.js';
import { periodOf, periodsIn, previousPeriod, samePeriodLastYear, changeRate } from './periods.js';
import { cellProblem, indicatorValuesRequest, pageProblem, providerInfo, rowsQuery } from './wire.js';

describe('request signing', () => {
  const ts = 1_767_225_600_000;
  it('signs METHOD, request target, timestamp and the body hash with HMAC-SHA256 (a vector computed with openssl)', () => {
    expect(signature('pässword', 'POST', '/bi-provider/v1/indicators/values', ts, '{"a":1}')).toBe('2d9fab3a801621b13276c47b339185fb685db99284987cce95326042d28ed692');
  });

  const passwordOf = (u: string) => (u === 'erp,user' ? 'secret' : undefined);
  const signed = (over: Partial<{ method: string; requestTarget: string; body: string; ts: number; password: string; user: string }> = {}) =>
    authorizationHeader({ user: over.user ?? 'erp,user', password: over.password ?? 'secret', method: over.method ?? 'GET', requestTarget: over.requestTarget ?? '/bi-provider/v1/programs?x=1', body: over.body ?? '', ts: over.ts ?? ts });
  const verify = (authorization: string | undefined, over: Partial<{ method: string; requestTarget: string; body: string; now: number }> = {}) =>
    verifyRequest({ method: over.method ?? 'GET', requestTarget: over.requestTarget ?? '/bi-provider/v1/programs?x=1', body: over.body ?? '', authorization, passwordOf, now: over.now ?? ts + 1000 });

  it('accepts its own signature, the user percent-encoded', () => {
    expect(parseAuthorization(signed())?.user).toBe('erp,user');
    expect(verify(signed())).toEqual({ ok: true, user: 'erp,user' });
  });
  it('refuses a missing or malformed header, another target, method, body, password or user as unauthorized', () => {
    expect(verify(undefined)).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(verify('Basic abc')).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(verify(signed({ requestTarget: '/bi-provider/v1/programs?x=2' }))).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(verify(signed({ method: 'POST' }))).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(verify(signed({ body: '{}' }))).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(verify(signed({ password: 'secreT' }))).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(verify(signed({ user: 'other' }))).toMatchObject({ ok: false, code: 'unauthorized' });
  });
  it('refuses a timestamp outside ±5 minutes as clock_skew, accepts one at the edge', () => {
    expect(verify(signed(), { now: ts + 5 * 60_000 })).toMatchObject({ ok: true });
    expect(verify(signed(), { now: ts + 5 * 60_000 + 1 })).toMatchObject({ ok: false, code: 'clock_skew' });
    expect(verify(signed(), { now: ts - 5 * 60_000 - 1 })).toMatchObject({ ok: false, code: 'clock_skew' });
  });
});

describe('periods', () => {
  it('labels and bounds days, months, quarters and years', () => {
    expect(periodOf('2024-02-29', 1)).toEqual({ label: '2024-02-29', start: '2024-02-29', end: '2024-02-29' });
    expect(periodOf('2024-02-10', 2)).toEqual({ label: '2024-02', start: '2024-02-01', end: '2024-02-29' });
    expect(periodOf('2025-08-10', 3)).toEqual({ label: '2025-Q3', start: '2025-07-01', end: '2025-09-30' });
    expect(periodOf('2025-08-10', 4)).toEqual({ label: '2025', start: '2025-01-01', end: '2025-12-31' });
    expect(periodsIn('2025-01-15', '2025-03-01', 2).map((p) => p.label)).toEqual(['2025-01', '2025-02', '2025-03']);
  });
  it('compares with the same period a year earlier and the previous period', () => {
    expect(samePeriodLastYear(periodOf('2024-02-29', 1), 1).label).toBe('2023-02-28');
    expect(samePeriodLastYear(periodOf('2025-05-03', 3), 3).label).toBe('2024-Q2');
    expect(previousPeriod(periodOf('2025-01-20', 2), 2).label).toBe('2024-12');
    expect(previousPeriod(periodOf('2025-01-01', 1), 1).label).toBe('2024-12-31');
    expect(changeRate(120, 100)).toBeCloseTo(0.2);
    expect(changeRate(80, -100)).toBeCloseTo(1.8);
    expect(changeRate(1, 0)).toBeNull();
  });
});

describe('wire shapes', () => {
  it('checks cells against column types', () => {
    expect(cellProblem('whole', 3)).toBeNull();
    expect(cellProblem('whole', 3.5)).not.toBeNull();
    expect(cellProblem('decimal', '12.50')).toBeNull();
    expect(cellProblem('decimal', 'abc')).not.toBeNull();
    expect(cellProblem('date', '2025-02-30')).not.toBeNull();
    expect(cellProblem('datetime', '2025-02-03T10:00:00Z')).toBeNull();
    expect(cellProblem('datetime', '2025-02-03 10:00')).not.toBeNull();
    expect(cellProblem('text', null)).toBeNull();
    expect(pageProblem({ columns: [{ name: 'a', displayName: 'A', type: 'text' }], rows: [['x', 'y']], nextCursor: null })).toMatch(/2 cells/);
  });
  it('parses requests once with bounds', () => {
    expect(rowsQuery.safeParse({ limit: '10001' }).success).toBe(false);
    expect(rowsQuery.safeParse({ other: '1' }).success).toBe(false);
    expect(indicatorValuesRequest.safeParse({ targets: ['a'], date: '2025-01-01', from: '2025-01-01', to: '2025-01-02', periodDimension: 1, compare: 0 }).success).toBe(false);
    expect(indicatorValuesRequest.safeParse({ targets: ['a'], from: '2025-01-01', periodDimension: 1, compare: 0 }).success).toBe(false);
    expect(indicatorValuesRequest.safeParse({ targets: ['a'], from: '2025-01-01', to: '2025-01-02', periodDimension: 5, compare: 0 }).success).toBe(false);
    expect(providerInfo.safeParse({ name: 'x', protocol: 'bi-provider/2', capabilities: { reports: true, indicators: false } }).success).toBe(false);
  });
});
