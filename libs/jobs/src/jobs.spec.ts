import { migrate, openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { errorText, Jobs, JobTimeoutError, jobsMigration, type JobContext } from './index.js';

// Two "replicas" (two Jobs over one PGlite database, each its own replica name) with a fake clock:
// claims per (job, item, window), catch-up after a down time, timeouts, and the run records.
describe('jobs on one database, two replicas', () => {
  let db: SqlDatabase;
  let now: Date;
  const clock = { now: () => now };
  const replicas = () => [
    new Jobs({ db, schema: 'svc', timeZone: 'Asia/Shanghai', clock, replica: 'a' }),
    new Jobs({ db, schema: 'svc', timeZone: 'Asia/Shanghai', clock, replica: 'b' }),
  ] as const;

  beforeEach(async () => {
    db = await openTestDatabase();
    await migrate(db, 'svc', [jobsMigration('svc', '0001_jobs')]);
    now = new Date('2026-06-01T01:30:00Z'); // 09:30 in Asia/Shanghai
  });
  afterEach(async () => {
    await db.close();
  });

  it('gives each (item, window) to one replica; a failed one may be claimed again, a released one too', async () => {
    const [a, b] = replicas();
    const keys = [
      { item: 'r1', window: 'w1' },
      { item: 'r2', window: 'w1' },
      { item: 'r1', window: 'w1' },
    ];
    const [ca, cb] = await Promise.all([a.claim('rules', keys, { timeoutMs: 60_000 }), b.claim('rules', keys, { timeoutMs: 60_000 })]);
    expect([...ca.keys, ...cb.keys].map((k) => k.item).sort()).toEqual(['r1', 'r2']);
    const winner = ca.keys.length ? ca : cb;
    const loser = winner === ca ? b : a;
    // both claimed by the winner: the other replica gets none of them while they run
    expect((await loser.claim('rules', keys, { timeoutMs: 60_000 })).keys).toEqual([]);
    await expect(winner.only([{ item: 'r1', window: 'w1' }]).run(async () => Promise.reject(new Error('connect postgres://bi:hunter2@db:5432/bi failed; password=hunter2')))).rejects.toThrow(
      'connect',
    );
    await winner.only([{ item: 'r2', window: 'w1' }]).run(async () => 'ok');
    const runs = await a.runs({ job: 'rules' });
    expect(runs.map((r) => [r.item, r.state]).sort()).toEqual([
      ['r1', 'failed'],
      ['r2', 'succeeded'],
    ]);
    const failed = runs.find((r) => r.item === 'r1')!;
    expect(failed.error).toContain('connect');
    expect(failed.error).not.toContain('hunter2');
    // the failed run is claimed again (once), the succeeded one never
    const again = await loser.claim('rules', keys, { timeoutMs: 60_000 });
    expect(again.keys).toEqual([{ item: 'r1', window: 'w1' }]);
    await again.run(async () => 'stale', { release: (r) => r === 'stale' });
    expect((await a.runs({ job: 'rules', item: 'r1' })).length).toBe(0);
    expect((await a.claim('rules', keys, { timeoutMs: 60_000 })).keys).toEqual([{ item: 'r1', window: 'w1' }]);
  });

  it('runs a daily window once across replicas, and catches up a window missed while none ran', async () => {
    const ran: Array<[string, string]> = [];
    const [a, b] = replicas().map((jobs) => ({
      jobs,
      job: jobs.register({ name: 'report', schedule: { daily: { hour: 10 } }, timeoutMs: 60_000, handler: async (c: JobContext) => void ran.push([jobs.replica, c.window]) }),
    }));
    // 09:30: nothing due; the round is recorded
    expect(await a!.job.runDue()).toEqual([]);
    expect(await a!.jobs.coveredUntil('report')).toEqual(now);
    // down until 13:20: the 10:00 window passed meanwhile; both replicas come back, it runs once
    now = new Date('2026-06-01T05:20:00Z');
    const [ra, rb] = await Promise.all([a!.job.runDue(), b!.job.runDue()]);
    expect(ran).toHaveLength(1);
    expect(ran[0]![1]).toBe('2026-06-01T10');
    expect([...ra, ...rb]).toMatchObject([{ job: 'report', item: '', window: '2026-06-01T10', state: 'succeeded', attempts: 1 }]);
    // later rounds that day: done already
    now = new Date('2026-06-01T07:00:00Z');
    expect([...(await a!.job.runDue()), ...(await b!.job.runDue())]).toEqual([]);
    // a day missed entirely is not caught up the next day before its hour; the next day's hour runs
    now = new Date('2026-06-03T01:00:00Z');
    expect(await b!.job.runDue()).toEqual([]);
    now = new Date('2026-06-03T02:10:00Z');
    expect((await b!.job.runDue()).map((r) => r.window)).toEqual(['2026-06-03T10']);
    expect(ran.map((r) => r[1])).toEqual(['2026-06-01T10', '2026-06-03T10']);
  });

  it('marks a run past its timeout timed_out and lets it be claimed again; a dead runner\'s run expires', async () => {
    const [a, b] = replicas();
    let aborted = false;
    const never = new Promise<never>(() => undefined);
    const claim = await a.claim('slow', [{ item: '', window: 'w' }], { timeoutMs: 20 });
    await expect(
      claim.run(async (signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        return never;
      }),
    ).rejects.toBeInstanceOf(JobTimeoutError);
    expect(aborted).toBe(true);
    expect(await a.runs({ job: 'slow' })).toMatchObject([{ state: 'timed_out', claimedBy: 'a', error: 'job slow timed out after 20 ms' }]);
    // claimed again by the other replica (attempt 2), which finishes it
    const retry = await b.claim('slow', [{ item: '', window: 'w' }], { timeoutMs: 60_000 });
    expect(retry.keys).toHaveLength(1);
    await retry.run(async () => undefined);
    expect(await a.runs({ job: 'slow' })).toMatchObject([{ state: 'succeeded', claimedBy: 'b', attempts: 2, error: null }]);

    // a replica that claims and dies: its run stays running until its deadline (by the clock), then expires
    await a.claim('slow', [{ item: '', window: 'w2' }], { timeoutMs: 60_000 });
    expect((await b.claim('slow', [{ item: '', window: 'w2' }], { timeoutMs: 60_000 })).keys).toEqual([]);
    now = new Date(now.getTime() + 61_000);
    expect(await b.expireOverdue('slow')).toBe(1);
    expect(await b.runs({ job: 'slow', windows: ['w2'] })).toMatchObject([{ state: 'timed_out', claimedBy: 'a' }]);
    expect((await b.claim('slow', [{ item: '', window: 'w2' }], { timeoutMs: 60_000 })).keys).toEqual([{ item: '', window: 'w2' }]);
  });

  it('a window job that throws is recorded failed and runs again in a later round of its window', async () => {
    const [a] = replicas();
    let fail = true;
    const job = a.register({
      name: 'sync',
      schedule: { every: 60_000 },
      timeoutMs: 60_000,
      handler: async () => {
        if (fail) throw new Error('upstream said no (token=abc123)');
      },
    });
    expect(await job.runDue()).toMatchObject([{ window: '2026-06-01T01:30:00.000Z', state: 'failed', error: 'upstream said no (token=[redacted])' }]);
    fail = false;
    now = new Date('2026-06-01T01:30:30Z');
    expect(await job.runDue()).toMatchObject([{ window: '2026-06-01T01:30:00.000Z', state: 'succeeded', attempts: 2 }]);
    now = new Date('2026-06-01T01:30:50Z');
    expect(await job.runDue()).toEqual([]);
  });
});

describe('errorText', () => {
  it('keeps the message without credentials or tokens, bounded', () => {
    expect(errorText(new Error('login to https://ann:s3cret@example.com/x failed'))).toBe('login to https://[redacted]@example.com/x failed');
    expect(errorText(new Error('Password: hunter2 rejected'))).toBe('Password: [redacted] rejected');
    expect(errorText(new Error('x'.repeat(2000)))).toHaveLength(500);
    expect(errorText('plain')).toBe('plain');
  });
});
