import { apiRequestSchema, apiSettingsSchema } from '@bi/chart-model';
import { buildRequest, checkRequestSettings, columnName, convertValue, fieldOf, hmacSignature, inferColumns, inferType, nextLink, parseJsonPath, replaceVariables, rowsAt, valueAt } from './http-api.settings.js';

const settings = (over: Record<string, unknown> = {}) => apiRequestSchema.parse({ url: 'https://api.example.com/v1/orders', ...over });
const ctx = { now: new Date('2026-03-15T02:30:00Z'), timeZone: 'Asia/Shanghai', watermark: '' };
const none = { auth: '', headers: {} };

describe('HTTP API source: JSON path subset', () => {
  it('reads $.data.items[*], $.data.items, [n], quoted names and $', () => {
    const doc = { data: { items: [{ a: 1 }, { a: 2 }], 'odd key': [{ b: 3 }] }, list: [[1], [2]] };
    expect(rowsAt(doc, '$.data.items[*]')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(rowsAt(doc, '$.data.items')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(rowsAt(doc, "$.data['odd key']")).toEqual([{ b: 3 }]);
    expect(rowsAt(doc, '$.data.items[1]')).toEqual([{ a: 2 }]);
    expect(rowsAt([{ x: 1 }], '$')).toEqual([{ x: 1 }]);
    // an empty list is an empty page, not a missing one
    expect(rowsAt({ data: { items: [] } }, '$.data.items[*]')).toEqual([]);
    expect(() => rowsAt({ data: { items: null } }, '$.data.items[*]')).toThrow(expect.objectContaining({ key: 'apisource.rows_not_found' }));
    expect(valueAt({ meta: { next: 'abc' } }, '$.meta.next')).toBe('abc');
  });

  it('refuses anything beyond the subset (filters, scripts, recursion) and a path that selects nothing', () => {
    for (const bad of ['$..items', '$.items[?(@.a>1)]', 'data.items', '$.items[(this.constructor)]', '$[-1]'])
      expect(() => parseJsonPath(bad)).toThrow(expect.objectContaining({ key: 'apisource.path_invalid' }));
    expect(() => rowsAt({ data: {} }, '$.data.items')).toThrow(expect.objectContaining({ key: 'apisource.rows_not_found' }));
    // no prototype walk
    expect(() => rowsAt({}, '$.constructor')).toThrow(expect.objectContaining({ key: 'apisource.rows_not_found' }));
  });

  it('reads nested fields of a row by dotted path, a dotted key whole first', () => {
    const row = { customer: { name: '张三', city: { code: 'SH' } }, 'a.b': 7 };
    expect(fieldOf(row, 'customer.name')).toBe('张三');
    expect(fieldOf(row, 'customer.city.code')).toBe('SH');
    expect(fieldOf(row, 'a.b')).toBe(7);
    expect(fieldOf(row, 'customer.missing')).toBeUndefined();
  });
});

describe('HTTP API source: date variables', () => {
  it('replaces the documented variables in the configured time zone', () => {
    // 02:30 UTC on 15 March is 10:30 on 15 March in Shanghai
    expect(replaceVariables('${today}|${yesterday}|${tomorrow}|${monthStart}|${monthEnd}', ctx.now, 'Asia/Shanghai')).toBe('2026-03-15|2026-03-14|2026-03-16|2026-03-01|2026-03-31');
    expect(replaceVariables('${lastMonthStart}..${lastMonthEnd} ${yearStart} ${lastYearStart}..${lastYearEnd}', ctx.now, 'Asia/Shanghai')).toBe('2026-02-01..2026-02-28 2026-01-01 2025-01-01..2025-12-31');
    expect(replaceVariables('${weekStart} ${daysAgo:30} ${now}', ctx.now, 'Asia/Shanghai')).toBe('2026-03-09 2026-02-13 2026-03-15T10:30:00');
    expect(replaceVariables('since=${watermark}', ctx.now, 'UTC', '2026-03-01 08:00:00')).toBe('since=2026-03-01 08:00:00');
  });

  it('follows the zone across midnight (still the 14th in New York)', () => {
    expect(replaceVariables('${today}', ctx.now, 'America/New_York')).toBe('2026-03-14');
  });

  it('refuses an unknown variable and leaves text without variables alone', () => {
    expect(() => replaceVariables('${tody}', ctx.now, 'UTC')).toThrow(expect.objectContaining({ key: 'apisource.variable_unknown' }));
    expect(replaceVariables('plain $ {x}', ctx.now, 'UTC')).toBe('plain $ {x}');
  });
});

describe('HTTP API source: requests of each paging mode', () => {
  it('page numbers and size in the query, variables in query values', () => {
    const s = settings({ query: [{ name: 'from', value: '${monthStart}' }], paging: { mode: 'page', param: 'page', sizeParam: 'size', size: 500, start: 1 } });
    expect(buildRequest(s, none, { kind: 'first' }, ctx).url).toBe('https://api.example.com/v1/orders?from=2026-03-01&page=1&size=500');
    expect(buildRequest(s, none, { kind: 'number', value: 3 }, ctx).url).toBe('https://api.example.com/v1/orders?from=2026-03-01&page=3&size=500');
  });

  it('offset and limit in a POST body merged into its JSON', () => {
    const s = settings({ method: 'POST', body: '{"day":"${yesterday}"}', paging: { mode: 'offset', in: 'body', param: 'offset', sizeParam: 'limit', size: 100 } });
    const r = buildRequest(s, none, { kind: 'number', value: 200 }, ctx);
    expect(JSON.parse(r.body)).toEqual({ day: '2026-03-14', offset: 200, limit: 100 });
    expect(r.headers['content-type']).toBe('application/json');
  });

  it('a cursor parameter only after the first page; a Link header next URL resolved against the page', () => {
    const s = settings({ paging: { mode: 'cursor', param: 'after' } });
    expect(buildRequest(s, none, { kind: 'first' }, ctx).url).toBe('https://api.example.com/v1/orders');
    expect(buildRequest(s, none, { kind: 'cursor', value: 'c 2' }, ctx).url).toBe('https://api.example.com/v1/orders?after=c+2');
    expect(nextLink('<https://api.example.com/v1/orders?page=2>; rel="next", <https://api.example.com/v1/orders?page=9>; rel="last"', 'https://api.example.com/v1/orders')).toBe('https://api.example.com/v1/orders?page=2');
    expect(nextLink('</v1/orders?page=3>; rel=next', 'https://api.example.com/v1/orders?page=2')).toBe('https://api.example.com/v1/orders?page=3');
    expect(nextLink('<https://x/?p=9>; rel="last"', 'https://x/')).toBeNull();
    expect(nextLink(undefined, 'https://x/')).toBeNull();
  });

  it('auth: basic, bearer and HMAC headers; secret header values from the secrets', () => {
    const basic = buildRequest(settings({ auth: { kind: 'basic', user: 'u' } }), { auth: 'p:w', headers: {} }, { kind: 'first' }, ctx);
    expect(basic.headers.authorization).toBe(`Basic ${Buffer.from('u:p:w').toString('base64')}`);
    expect(buildRequest(settings({ auth: { kind: 'bearer' } }), { auth: 'tok', headers: {} }, { kind: 'first' }, ctx).headers.authorization).toBe('Bearer tok');
    const hmac = buildRequest(settings({ auth: { kind: 'hmac', user: 'key1' }, query: [{ name: 'a', value: '1' }] }), { auth: 's3cret', headers: {} }, { kind: 'first' }, ctx);
    const ts = String(Math.floor(ctx.now.getTime() / 1000));
    expect(hmac.headers).toMatchObject({ 'x-key-id': 'key1', 'x-timestamp': ts, 'x-signature': hmacSignature('s3cret', 'GET', '/v1/orders?a=1', ts, '') });
    const h = buildRequest(settings({ headers: [{ name: 'X-Api-Key', value: '', secret: true }, { name: 'X-Day', value: '${today}' }] }), { auth: '', headers: { 'X-Api-Key': 'k' } }, { kind: 'first' }, ctx);
    expect(h.headers).toMatchObject({ 'X-Api-Key': 'k', 'X-Day': '2026-03-15' });
  });

  it('refuses credentials in the URL, reserved headers, a body paging of a GET, a missing paging parameter', () => {
    expect(() => checkRequestSettings(settings({ url: 'https://u:p@api.example.com/' }))).toThrow(expect.objectContaining({ key: 'apisource.url_credentials' }));
    expect(() => checkRequestSettings(settings({ url: 'ftp://api.example.com/' }))).toThrow(expect.objectContaining({ key: 'apisource.url_invalid' }));
    expect(() => checkRequestSettings(settings({ headers: [{ name: 'Authorization', value: 'x' }] }))).toThrow(expect.objectContaining({ key: 'apisource.header_reserved' }));
    expect(() => checkRequestSettings(settings({ paging: { mode: 'page', in: 'body', param: 'p' } }))).toThrow(expect.objectContaining({ key: 'apisource.paging_body_needs_post' }));
    expect(() => checkRequestSettings(settings({ paging: { mode: 'offset' } }))).toThrow(expect.objectContaining({ key: 'apisource.paging_param_required' }));
  });

  it('bounds the settings with the shared schema', () => {
    expect(apiRequestSchema.safeParse({ url: 'https://x/' + 'a'.repeat(2000) }).success).toBe(false);
    expect(apiRequestSchema.safeParse({ url: 'https://x/', headers: Array.from({ length: 31 }, (_, i) => ({ name: `h${i}`, value: '' })) }).success).toBe(false);
    expect(apiRequestSchema.safeParse({ url: 'https://x/', method: 'DELETE' }).success).toBe(false);
    expect(apiRequestSchema.safeParse({ url: 'https://x/', rowsPath: '$..a' }).success).toBe(false);
    expect(apiRequestSchema.safeParse({ url: 'https://x/', timeoutSec: 600 }).success).toBe(false);
    expect(apiSettingsSchema.safeParse({ url: 'https://x/', columns: [{ path: 'a', name: 'a', type: 'money' }] }).success).toBe(false);
  });
});

describe('HTTP API source: column types', () => {
  it('infers whole, decimal, date, datetime and text from the first rows, nested objects flattened', () => {
    const rows = [
      { id: 1, amount: '12.5', day: '2026-03-01', at: '2026-03-01T08:00:00Z', name: '华东', customer: { level: 2 }, tags: ['a'] },
      { id: '2', amount: 3, day: '2026-03-02', at: '2026-03-01 09:30:00', name: 'x', customer: { level: null }, tags: [] },
    ];
    expect(inferColumns(rows)).toEqual([
      { path: 'id', name: 'id', type: 'whole' },
      { path: 'amount', name: 'amount', type: 'decimal' },
      { path: 'day', name: 'day', type: 'date' },
      { path: 'at', name: 'at', type: 'datetime' },
      { path: 'name', name: 'name', type: 'text' },
      { path: 'customer.level', name: 'customer_level', type: 'whole' },
      { path: 'tags', name: 'tags', type: 'text' },
    ]);
    expect(inferType([null, '', undefined])).toBe('text');
    expect(inferType([1, 'x'])).toBe('text');
  });

  it('makes store names safe and unique', () => {
    const taken = new Set(['key_id']);
    expect(columnName('key.id', taken)).toBe('key_id_2');
    expect(columnName('1st', taken)).toBe('c_1st');
  });

  it('converts values by type and refuses what does not fit', () => {
    expect(convertValue('42', 'whole')).toEqual({ ok: true, value: 42 });
    expect(convertValue('4.2', 'whole')).toEqual({ ok: false });
    expect(convertValue('1e3', 'decimal')).toEqual({ ok: true, value: 1000 });
    expect(convertValue('abc', 'decimal')).toEqual({ ok: false });
    expect(convertValue({ a: 1 }, 'text')).toEqual({ ok: true, value: '{"a":1}' });
    expect(convertValue(null, 'whole')).toEqual({ ok: true, value: null });
    const d = convertValue('2026-03-01T08:00:00Z', 'datetime');
    expect(d.ok && (d.value as { ms: number }).ms).toBe(Date.UTC(2026, 2, 1, 8));
    const day = convertValue('2026-03-01', 'date');
    expect(day.ok && (day.value as { ms: number; hasTime: boolean })).toMatchObject({ ms: Date.UTC(2026, 2, 1), hasTime: false });
    expect(convertValue('soon', 'date')).toEqual({ ok: false });
  });
});
