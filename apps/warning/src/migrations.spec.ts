import { Jobs } from '@bi/jobs';
import { migrate, openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { ALERT_RULES_JOB, TIMED_ALERTS_JOB, WARNING_MIGRATIONS, WARNING_SCHEMA } from './migrations.js';

// Migration 0004_jobs on a database of the version before: the claims held and the rounds' progress
// move into the @bi/jobs tables (a claimed window is not evaluated again after the upgrade), and the
// old names stay readable as views.
describe('warning migration 0004_jobs', () => {
  let db: SqlDatabase;
  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it('moves the claims and the round progress into the jobs tables, keeping the old names as views', async () => {
    const before = WARNING_MIGRATIONS.filter((m) => m.id < '0004');
    await migrate(db, WARNING_SCHEMA, before);
    const chartId = '6f1c2b7e-1d2a-4a63-9a55-0c7c6d0e9a11';
    await db.query(`INSERT INTO warning.claims (chart_id, rule_id, eval_window, claimed_by, claimed_at) VALUES ($1, 'r:y:0', '2026-06-01T10', 'old', '2026-06-01T02:00:00Z')`, [chartId]);
    await db.query(`INSERT INTO warning.scheduler (id, covered_until) VALUES (true, '2026-06-01T02:30:00Z')`);

    expect(await migrate(db, WARNING_SCHEMA, WARNING_MIGRATIONS)).toContain('0004_jobs');

    const jobs = new Jobs({ db, schema: WARNING_SCHEMA, timeZone: 'UTC', clock: { now: () => new Date('2026-06-01T03:00:00Z') }, replica: 'new' });
    expect(await jobs.runs({ job: ALERT_RULES_JOB })).toMatchObject([{ item: `${chartId}/r:y:0`, window: '2026-06-01T10', state: 'succeeded', claimedBy: 'old' }]);
    expect(await jobs.coveredUntil(TIMED_ALERTS_JOB)).toEqual(new Date('2026-06-01T02:30:00Z'));
    // the window claimed before the upgrade is not claimed again
    expect((await jobs.claim(ALERT_RULES_JOB, [{ item: `${chartId}/r:y:0`, window: '2026-06-01T10' }], { timeoutMs: 60_000 })).keys).toEqual([]);
    // the old names read the jobs tables
    const claims = await db.query('SELECT chart_id, rule_id, eval_window, claimed_by FROM warning.claims');
    expect(claims.rows).toEqual([{ chart_id: chartId, rule_id: 'r:y:0', eval_window: '2026-06-01T10', claimed_by: 'old' }]);
    const claim = await jobs.claim(ALERT_RULES_JOB, [{ item: `${chartId}/r/with/slashes`, window: 'data-3' }], { timeoutMs: 60_000 });
    expect((await db.query('SELECT rule_id FROM warning.claims WHERE eval_window = $1', ['data-3'])).rows).toEqual([{ rule_id: 'r/with/slashes' }]);
    await expect(claim.run(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await db.query('SELECT rule_id FROM warning.claims WHERE eval_window = $1', ['data-3'])).rows).toEqual([]);
    const scheduler = await db.query<{ covered_until: Date }>('SELECT covered_until FROM warning.scheduler');
    expect(new Date(scheduler.rows[0]!.covered_until).toISOString()).toBe('2026-06-01T02:30:00.000Z');
  });
});
