import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MemoryStorage } from '../storage/memory-storage';

type HttpModule = typeof import('./http');

interface Call {
  url: string;
  init: RequestInit;
}

const local = new MemoryStorage();
const session = new MemoryStorage();
const calls: Call[] = [];
let nextResponse: () => Response;
let http: HttpModule;
let redirects = 0;

const realFetch = globalThis.fetch;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  // A minimal browser: the storages and a location, before the module reads them.
  Object.assign(globalThis, {
    window: { localStorage: local, sessionStorage: session, location: { pathname: '/dashboard', assign: () => undefined } },
  });
  local.setItem('language', 'en');
  http = await import('./http');
  http.setUnauthorizedHandler(() => {
    redirects += 1;
  });
});

beforeEach(() => {
  calls.length = 0;
  redirects = 0;
  for (const key of ['authorization', 'autoLogin']) {
    local.removeItem(key);
    session.removeItem(key);
  }
  globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return nextResponse();
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('http client', () => {
  it('sends the sessionStorage token and the UI language when autoLogin is off', async () => {
    session.setItem('authorization', 'session-jwt');
    local.setItem('authorization', 'stale');
    nextResponse = () => json(200, { status: 'success', data: { ok: 1 } });
    await expect(http.http.get('/api/x')).resolves.toEqual({ ok: 1 });
    expect(headersOf(calls[0])).toMatchObject({ authorization: 'session-jwt', currentLanguage: 'en' });
  });

  it('sends the localStorage token when autoLogin is on', async () => {
    local.setItem('autoLogin', 'true');
    local.setItem('authorization', 'local-jwt');
    nextResponse = () => json(200, { status: 'success', data: 1 });
    await http.http.post('/api/x', { a: 1 });
    expect(headersOf(calls[0])).toMatchObject({ authorization: 'local-jwt', 'content-type': 'application/json' });
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(calls[0]?.init.method).toBe('POST');
  });

  it('sends no authorization header without a token', async () => {
    nextResponse = () => json(200, { status: 'success', data: null });
    await http.http.get('/api/x');
    expect(headersOf(calls[0]).authorization).toBeUndefined();
  });

  it('throws the data text of a fail answer', async () => {
    nextResponse = () => json(200, { status: 'fail', data: 'name used' });
    await expect(http.http.post('/api/x', {})).rejects.toThrow('name used');
  });

  it('on HTTP 401 clears the token from both storages and redirects', async () => {
    local.setItem('authorization', 'a');
    session.setItem('authorization', 'b');
    nextResponse = () => json(401, { status: 'fail', data: 'expired' });
    await expect(http.http.get('/api/x')).rejects.toMatchObject({ httpStatus: 401 });
    expect(local.getItem('authorization')).toBeNull();
    expect(session.getItem('authorization')).toBeNull();
    expect(redirects).toBe(1);
  });

  it('turns other HTTP errors into errors', async () => {
    nextResponse = () => new Response('boom', { status: 500 });
    await expect(http.http.get('/api/x')).rejects.toMatchObject({ httpStatus: 500, message: 'boom' });
  });

  it('appends query values', async () => {
    nextResponse = () => json(200, { status: 'success', data: null });
    await http.http.post('/api/dashboard/sort/dashboard/1', undefined, { query: { order: 15, skip: undefined } });
    expect(calls[0]?.url).toBe('/api/dashboard/sort/dashboard/1?order=15');
  });
});
