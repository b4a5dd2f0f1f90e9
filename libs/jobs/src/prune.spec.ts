import { migrate, openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { Jobs, jobsMigration, PRUNE_EVERY_MS } from './index.js';

// Retention of run records (BI_JOB_RUNS_RETENTION_DAYS): finished runs older than it are deleted by
// the library itself after its rounds; open runs and younger ones stay.
describe('jobs: pruning finished runs', () => {
  let db: SqlDatabase;
  let now: Date;
  const clock = { now: () => now };
  const DAY = 86_400_000;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeEach(async () => {
    db = await openTestDatabase();
    await migrate(db, 'svc', [jobsMigration('svc', '0001_jobs')]);
    now = new Date('2026-06-01T01:30:00Z');
  });
  afterEach(async () => {
    await db.close();
  });

  const states = async (jobs: Jobs) => (await jobs.runs({ job: 'sync' })).map((r) => `${r.item}:${r.state}`).sort();

  it('deletes succeeded, failed and timed-out runs older than the retention, keeps open and younger ones', async () => {
    const jobs = new Jobs({ db, schema: 'svc', timeZone: 'UTC', clock, replica: 'a', retentionDays: 10 });
    const claim = await jobs.claim('sync', [{ item: 'ok', window: 'w1' }, { item: 'bad', window: 'w1' }, { item: 'open', window: 'w1' }], { timeoutMs: 100 * DAY });
    await claim.only([{ item: 'ok', window: 'w1' }]).run(async () => 1);
    await claim.only([{ item: 'bad', window: 'w1' }]).run(async () => Promise.reject(new Error('boom'))).catch(() => undefined);
    later(5 * DAY);
    await (await jobs.claim('sync', [{ item: 'young', window: 'w2' }], { timeoutMs: DAY })).run(async () => 1);
    later(6 * DAY); // ok and bad finished 11 days ago, young 6 days ago, open still running
    expect(await jobs.prune()).toBe(2);
    expect(await states(jobs)).toEqual(['open:running', 'young:succeeded']);
  });

  it('prunes by itself after a round, at most once an hour, with the default of 30 days', async () => {
    const jobs = new Jobs({ db, schema: 'svc', timeZone: 'UTC', clock, replica: 'a' });
    const round = jobs.registerRound({ name: 'sync.round', everyMs: 60_000, handler: async () => 0 });
    await (await jobs.claim('sync', [{ item: 'old', window: 'w1' }], { timeoutMs: DAY })).run(async () => 1);
    later(30 * DAY - PRUNE_EVERY_MS / 2);
    await round.run(); // the first round prunes: nothing is 30 days old yet
    expect(await states(jobs)).toEqual(['old:succeeded']);
    await (await jobs.claim('sync', [{ item: 'new', window: 'w2' }], { timeoutMs: DAY })).run(async () => 1);
    later((PRUNE_EVERY_MS * 3) / 4);
    await round.run(); // 'old' is past 30 days, but within the hour of the last pruning: not yet
    expect(await states(jobs)).toEqual(['new:succeeded', 'old:succeeded']);
    later(PRUNE_EVERY_MS / 4);
    await round.run();
    expect(await states(jobs)).toEqual(['new:succeeded']);
  });

  it('refuses a retention that is not a positive number of days', () => {
    expect(() => new Jobs({ db, schema: 'svc', timeZone: 'UTC', retentionDays: 0 })).toThrow(/retention/);
  });
});
