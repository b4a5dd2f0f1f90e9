/**
 * The conformance kit of the provider protocol: checks a running provider against bi-provider/1 — every
 * call's shape (the wire schemas), refusal of bad signatures and stale timestamps with the right codes,
 * cursor paging to the end (and the same rows whatever the page size), cell types, the indicator tree's
 * consistency and compare values equal to the values of the periods they compare with.
 * `npm run providers:conformance -- <baseUrl> --user U --password P` runs it from a shell.
 */
import {
  addDays,
  authorizationHeader,
  changeRate,
  ERROR_STATUS,
  errorBody,
  NODE_TARGET,
  periodOf,
  previousPeriod,
  ProviderClient,
  ProviderError,
  PROTOCOL_VERSION,
  samePeriodLastYear,
  type FetchLike,
  type IndicatorNode,
  type IndicatorPoint,
  type PeriodDimension,
  type ProgramDetail,
} from '@bi/provider-protocol';

export interface ConformanceCheck {
  name: string;
  ok: boolean;
  detail?: string;
}
export interface ConformanceReport {
  ok: boolean;
  checks: ConformanceCheck[];
}

export interface ConformanceOptions {
  baseUrl: string;
  user: string;
  password: string;
  fetchImpl?: FetchLike;
  /** rows walked per program at most (default 50 000) */
  maxRows?: number;
  /** the day the checks count back from (default today, UTC) */
  today?: string;
  /** page through only these programs (default: the first four listed) */
  programs?: string[];
  /** run only these parts (default all); GET /info always runs */
  sections?: ConformanceSection[];
}

export const CONFORMANCE_SECTIONS = ['auth', 'reports', 'indicators'] as const;
export type ConformanceSection = (typeof CONFORMANCE_SECTIONS)[number];

class CheckFailed extends Error {}
function expect(cond: unknown, message: string): asserts cond {
  if (!cond) throw new CheckFailed(message);
}
const near = (a: number | null | undefined, b: number | null | undefined) =>
  (a === null || a === undefined) && (b === null || b === undefined) ? true : typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

export async function runConformance(opts: ConformanceOptions): Promise<ConformanceReport> {
  const checks: ConformanceCheck[] = [];
  const client = new ProviderClient({ baseUrl: opts.baseUrl, user: opts.user, password: opts.password, fetchImpl: opts.fetchImpl, timeoutMs: 30_000 });
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const maxRows = opts.maxRows ?? 50_000;
  const runs = (section: ConformanceSection) => !opts.sections || opts.sections.includes(section);

  async function check<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      const v = await fn();
      checks.push({ name, ok: true });
      return v;
    } catch (e) {
      const detail = e instanceof CheckFailed || e instanceof ProviderError ? `${e instanceof ProviderError ? `[${e.code}] ` : ''}${e.message}` : String(e);
      checks.push({ name, ok: false, detail });
      return undefined;
    }
  }

  /** A raw call must be refused with `code` (and the code's status) in the error body. */
  async function refused(req: Parameters<ProviderClient['raw']>[0], codes: string[]): Promise<void> {
    const answer = await client.raw(req);
    const body = errorBody.safeParse(answer.body);
    expect(body.success, `expected an error body {error:{code,message}}, got HTTP ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`);
    expect(codes.includes(body.data.error.code), `expected code ${codes.join(' or ')}, got ${body.data.error.code}`);
    const status = ERROR_STATUS[body.data.error.code as keyof typeof ERROR_STATUS];
    expect(answer.status === status, `code ${body.data.error.code} must come with HTTP ${status}, got ${answer.status}`);
  }

  const info = await check('GET /info answers the provider info', async () => {
    const i = await client.info();
    expect(i.protocol === PROTOCOL_VERSION, `protocol must be ${PROTOCOL_VERSION}`);
    return i;
  });

  // ---- authentication -----------------------------------------------------------------------
  if (runs('auth')) await authChecks();
  async function authChecks(): Promise<void> {
    const signedAt = (ts: number, password = opts.password) =>
      authorizationHeader({ user: opts.user, password, method: 'GET', requestTarget: new URL(opts.baseUrl).pathname.replace(/\/+$/, '') + '/info', ts });
    await check('a request without Authorization is refused (unauthorized)', () => refused({ method: 'GET', path: '/info', authorization: null }, ['unauthorized']));
    await check('a wrong password is refused (unauthorized)', () => refused({ method: 'GET', path: '/info', authorization: signedAt(Date.now(), `${opts.password}x`) }, ['unauthorized']));
    await check('a tampered signature is refused (unauthorized)', async () => {
      const header = signedAt(Date.now()).replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
      await refused({ method: 'GET', path: '/info', authorization: header }, ['unauthorized']);
    });
    await check('a signature of another path is refused (unauthorized)', async () => {
      const header = authorizationHeader({ user: opts.user, password: opts.password, method: 'GET', requestTarget: '/bi-provider/v1/other', ts: Date.now() });
      await refused({ method: 'GET', path: '/info', authorization: header }, ['unauthorized']);
    });
    await check('a timestamp 10 minutes old is refused (clock_skew)', () => refused({ method: 'GET', path: '/info', authorization: signedAt(Date.now() - 10 * 60_000) }, ['clock_skew']));
    await check('a timestamp 10 minutes ahead is refused (clock_skew)', () => refused({ method: 'GET', path: '/info', authorization: signedAt(Date.now() + 10 * 60_000) }, ['clock_skew']));
    await check('an unknown call answers not_found', () => refused({ method: 'GET', path: '/no-such-call' }, ['not_found']));
  }

  // ---- reports ----------------------------------------------------------------------------
  if (info?.capabilities.reports && runs('reports')) {
    const programs = await check('GET /programs lists report programs', async () => {
      const list = await client.programs();
      expect(list.length > 0, 'a provider with the reports capability lists at least one program');
      expect(new Set(list.map((p) => p.typeKey)).size === list.length, 'typeKeys must be unique');
      return list;
    });
    await check('an unknown program answers not_found', () => refused({ method: 'GET', path: '/programs/no.such.program.conformance' }, ['not_found']));
    const details: ProgramDetail[] = [];
    const chosen = opts.programs ? (programs ?? []).filter((p) => opts.programs!.includes(p.typeKey)) : (programs ?? []).slice(0, 6);
    if (opts.programs && programs) checks.push({ name: 'the programs asked for are listed', ok: chosen.length === opts.programs.length, detail: chosen.length === opts.programs.length ? undefined : `listed: ${chosen.map((p) => p.typeKey).join(', ') || 'none'}` });
    for (const p of chosen) {
      const d = await check(`GET /programs/${p.typeKey} answers its projects and date fields`, async () => {
        const detail = await client.program(p.typeKey);
        expect(detail.typeKey === p.typeKey, `typeKey ${detail.typeKey} differs from the listed ${p.typeKey}`);
        expect(detail.conditionProjects.length > 0, 'a program has at least one condition project');
        return detail;
      });
      if (d) details.push(d);
    }
    const from = addDays(today, -3650);
    const to = addDays(today, 30);
    for (const d of details.slice(0, 4)) {
      const base = { project: d.conditionProjects[0]!.id, ...(d.dateFields[0] ? { dateField: d.dateFields[0].name, from, to } : {}) };
      const walked = await check(`${d.typeKey}: paging to the end (limit 250) with typed cells`, async () => {
        const rows: unknown[][] = [];
        let pages = 0;
        for await (const page of client.allRows(d.typeKey, { ...base, limit: 250 }, { maxRows })) {
          expect(page.rows.length <= 250, `a page of limit 250 carried ${page.rows.length} rows`);
          pages++;
          rows.push(...page.rows);
        }
        return { rows, pages };
      });
      if (walked && walked.rows.length > 0 && walked.rows.length <= maxRows) {
        await check(`${d.typeKey}: the same ${walked.rows.length} rows with limit 1000`, async () => {
          const rows: unknown[][] = [];
          for await (const page of client.allRows(d.typeKey, { ...base, limit: 1000 }, { maxRows })) rows.push(...page.rows);
          expect(rows.length === walked.rows.length, `${rows.length} rows with limit 1000, ${walked.rows.length} with limit 250`);
          expect(JSON.stringify(rows) === JSON.stringify(walked.rows), 'the rows differ between page sizes');
        });
      }
      if (d.dateFields[0]) {
        const field = d.dateFields[0].name;
        await check(`${d.typeKey}: a reversed range answers invalid_range`, () =>
          refused({ method: 'GET', path: `/programs/${encodeURIComponent(d.typeKey)}/rows`, query: { project: base.project, dateField: field, from: to, to: from } }, ['invalid_range']),
        );
        await check(`${d.typeKey}: a date that does not exist answers invalid_range`, () =>
          refused({ method: 'GET', path: `/programs/${encodeURIComponent(d.typeKey)}/rows`, query: { project: base.project, dateField: field, from: '2025-02-30', to } }, ['invalid_range']),
        );
      }
      await check(`${d.typeKey}: a foreign cursor answers invalid_cursor or cursor_expired`, () =>
        refused({ method: 'GET', path: `/programs/${encodeURIComponent(d.typeKey)}/rows`, query: { ...base, cursor: 'bm90LWEtY3Vyc29y' } }, ['invalid_cursor', 'cursor_expired']),
      );
      await check(`${d.typeKey}: an unknown condition project answers not_found`, () =>
        refused({ method: 'GET', path: `/programs/${encodeURIComponent(d.typeKey)}/rows`, query: { ...base, project: 'no-such-project-conformance' } }, ['not_found']),
      );
    }
  }

  // ---- indicators -------------------------------------------------------------------------
  if (info?.capabilities.indicators && runs('indicators')) {
    const targets = await check('GET /indicators/tree walks lazily to targets', async () => {
      const found: IndicatorNode[] = [];
      const roots = await client.indicatorTree();
      expect(roots.length > 0, 'a provider with the indicators capability has at least one top-level node');
      const queue: { node: IndicatorNode; rootText: string }[] = roots.map((n) => ({ node: n, rootText: n.text }));
      let visited = 0;
      while (queue.length && visited < 300) {
        const { node, rootText } = queue.shift()!;
        visited++;
        expect(node.rootText === rootText, `node ${node.id}: rootText "${node.rootText}" is not its top-level ancestor's text "${rootText}"`);
        if (node.type === NODE_TARGET) {
          expect(!node.child, `target ${node.id} has child true; targets are leaves`);
          found.push(node);
          continue;
        }
        if (!node.child) continue;
        const children = await client.indicatorTree(node.id);
        expect(children.length > 0, `node ${node.id} has child true but no children`);
        for (const c of children) queue.push({ node: c, rootText });
      }
      expect(found.length > 0, 'no target (type 2) found in the tree');
      return found;
    });
    await check('an unknown tree parent answers not_found', () => refused({ method: 'GET', path: '/indicators/tree', query: { parent: 'no-such-node-conformance' } }, ['not_found']));
    const sample = (targets ?? []).slice(0, 3).map((t) => t.id);
    if (sample.length) {
      for (const [dim, from] of [
        [2, addDays(today, -730)],
        [1, addDays(today, -400)],
        [3, addDays(today, -800)],
      ] as [PeriodDimension, string][]) {
        const dimName = { 1: 'day', 2: 'month', 3: 'quarter', 4: 'year' }[dim];
        // compare 0 over twice the range gives the values every compared period must equal
        const normal = await check(`indicator values by ${dimName} (compare 0) have the periods asked for`, async () => {
          const r = await client.indicatorValues({ targets: sample, from, to: today, periodDimension: dim, compare: 0 });
          expect(r.series.length === sample.length, `asked ${sample.length} targets, got ${r.series.length} series`);
          const byTarget = new Map<string, Map<string, IndicatorPoint>>();
          for (const s of r.series) {
            expect(s.ok, `target ${s.target} failed: ${s.ok ? '' : s.error.code}`);
            if (!s.ok) continue;
            let prev = '';
            for (const p of s.points) {
              const expected = periodOf(p.start, dim);
              expect(expected.label === p.period && expected.end === p.end, `point ${p.period} [${p.start}, ${p.end}] is not a ${dimName} period (expected ${expected.label} [${expected.start}, ${expected.end}])`);
              expect(p.period > prev, `periods out of order at ${p.period}`);
              expect(p.compareValue === undefined && p.rate === undefined, 'compare 0 answers no compareValue or rate');
              prev = p.period;
            }
            expect(s.points[0]?.period === periodOf(from, dim).label, `the first period must be the one holding ${from}`);
            expect(s.points.at(-1)?.period === periodOf(today, dim).label, `the last period must be the one holding ${today}`);
            byTarget.set(s.target, new Map(s.points.map((p) => [p.period, p])));
          }
          return byTarget;
        });
        if (!normal) continue;
        const half = dim === 1 ? addDays(today, -20) : addDays(today, -300);
        for (const compare of [1, 2] as const) {
          await check(`indicator values by ${dimName} with compare ${compare} equal the ${compare === 1 ? 'same period last year' : 'previous period'}`, async () => {
            const r = await client.indicatorValues({ targets: sample, from: half, to: today, periodDimension: dim, compare });
            let compared = 0;
            for (const s of r.series) {
              expect(s.ok, `target ${s.target} failed`);
              if (!s.ok) continue;
              const values = normal.get(s.target)!;
              for (const p of s.points) {
                const own = values.get(p.period);
                expect(own && near(own.value, p.value), `${s.target} ${p.period}: value ${p.value} differs from compare 0's ${own?.value}`);
                const own_ = { label: p.period, start: p.start, end: p.end };
                const basePeriod = compare === 1 ? samePeriodLastYear(own_, dim) : previousPeriod(own_, dim);
                const base = values.get(basePeriod.label);
                if (!base) continue; // outside what compare 0 fetched
                expect(near(p.compareValue, base.value), `${s.target} ${p.period}: compareValue ${p.compareValue} differs from ${basePeriod.label}'s value ${base.value}`);
                expect(near(p.rate, changeRate(p.value, p.compareValue ?? null)), `${s.target} ${p.period}: rate ${p.rate} is not (value − compareValue) / |compareValue|`);
                compared++;
              }
            }
            expect(compared > 0, 'no period could be compared');
          });
        }
      }
      await check('indicator values for a single date answer that date’s period', async () => {
        const r = await client.indicatorValues({ targets: sample.slice(0, 1), date: addDays(today, -1), periodDimension: 2, compare: 0 });
        const s = r.series[0];
        expect(s?.ok && s.points.length === 1 && s.points[0]!.period === periodOf(addDays(today, -1), 2).label, `expected one point, the month of ${addDays(today, -1)}`);
      });
      await check('an unknown target fails alone (ok false, not_found)', async () => {
        const r = await client.indicatorValues({ targets: [sample[0]!, 'no-such-target-conformance'], date: today, periodDimension: 1, compare: 0 });
        expect(r.series.length === 2 && r.series[0]!.ok, 'the known target must still answer');
        const bad = r.series[1]!;
        expect(!bad.ok && bad.error.code === 'not_found', `expected ok false with not_found, got ${JSON.stringify(bad).slice(0, 200)}`);
      });
      await check('a reversed indicator range answers invalid_range', () =>
        refused({ method: 'POST', path: '/indicators/values', body: { targets: sample, from: today, to: addDays(today, -10), periodDimension: 1, compare: 0 } }, ['invalid_range']),
      );
    }
  }
  if (info && !info.capabilities.reports && !info.capabilities.indicators) checks.push({ name: 'the provider offers reports or indicators', ok: false, detail: 'both capabilities are false' });
  return { ok: checks.every((c) => c.ok), checks };
}

export function formatReport(report: ConformanceReport, baseUrl: string): string {
  const lines = [`bi-provider/1 conformance of ${baseUrl}`, ''];
  for (const c of report.checks) lines.push(`${c.ok ? '  ok  ' : '  FAIL'}  ${c.name}${c.detail ? `\n          ${c.detail}` : ''}`);
  const failed = report.checks.filter((c) => !c.ok).length;
  lines.push('', `${report.checks.length - failed} passed, ${failed} failed`);
  return lines.join('\n');
}

