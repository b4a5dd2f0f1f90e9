import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { redact } from '@bi/core';
import { Rounds } from '@bi/messaging';
import { assertIdentifier, type SqlDatabase } from '@bi/persistence';
import { assertSchedule, dueWindows, type Schedule } from './schedule.js';

export type RunState = 'queued' | 'running' | 'succeeded' | 'failed' | 'timed_out';

/** One run of a job: the thing (item, '' for the job itself) in one window of its schedule. */
export interface RunKey {
  item: string;
  window: string;
}

export interface JobRun extends RunKey {
  job: string;
  state: RunState;
  claimedBy: string;
  attempts: number;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
}

export interface JobsClock {
  now(): Date;
}

export interface JobsLogger {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface JobsOptions {
  db: SqlDatabase;
  /** the service's own schema (its migrations include jobsMigration) */
  schema: string;
  /** the product's time zone (BI_TIME_ZONE): daily schedules run at its local hours */
  timeZone: string;
  /** windows, deadlines and run times are read from it (tests hand in a fake one) */
  clock?: JobsClock;
  logger?: JobsLogger;
  /** this replica's name in claims (default host:pid:random) */
  replica?: string;
  /** finished runs (succeeded, failed, timed_out) older than this are pruned (BI_JOB_RUNS_RETENTION_DAYS; default 30) */
  retentionDays?: number;
}

/** How long a finished run record is kept unless JobsOptions.retentionDays says otherwise. */
export const DEFAULT_RUN_RETENTION_DAYS = 30;
/** A replica prunes at most this often (after a round of any of its jobs). */
export const PRUNE_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface JobContext {
  job: string;
  window: string;
  /** the round's instant */
  now: Date;
  /** the previous round of any replica (undefined before the first ever) */
  since?: Date;
  /** aborted when the run's timeout passes */
  signal: AbortSignal;
}

/** A job run once per due window of its schedule across all replicas (claimed, recorded, catch-up). */
export interface WindowJobDefinition {
  name: string;
  schedule: Schedule;
  /** a run still going after this is marked timed_out and its claim given back */
  timeoutMs: number;
  handler: (ctx: JobContext) => Promise<unknown>;
  /** how often a replica looks for due windows (default: the interval, at most 30 s) */
  pollMs?: number;
}

export interface RoundContext {
  job: string;
  now: Date;
  since?: Date;
}

/**
 * A round every replica runs each interval (no claim of its own); what it runs inside is claimed per
 * (item, window) through Jobs.claim, so replicas share the work and run each once. The round's
 * progress (`since`) is kept for catch-up.
 */
export interface RoundJobDefinition<T> {
  name: string;
  everyMs: number;
  /** wait before the first round after start() */
  firstDelayMs?: number;
  handler: (ctx: RoundContext) => Promise<T>;
  /** how much a round did (a round that did something runs again right away if nudged meanwhile) */
  count?: (result: T) => number;
}

export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
  constructor(
    readonly job: string,
    readonly timeoutMs: number,
  ) {
    super(`job ${job} timed out after ${timeoutMs} ms`);
  }
}

const MAX_ERROR = 500;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
const SECRET_PAIR = /\b(pass(word)?|pwd|secret|token|authorization|api[-_]?key|cookie)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s,;)\]}]+)/gi;

/** A failure as a run record keeps it: the message only, credentials and tokens removed, bounded. */
export function errorText(e: unknown): string {
  const message = e instanceof Error ? e.message || e.name : typeof e === 'string' ? e : 'failed';
  const clean = String(redact(message)).replace(URL_CREDENTIALS, '$1[redacted]@').replace(SECRET_PAIR, '$1$3[redacted]');
  return clean.length > MAX_ERROR ? `${clean.slice(0, MAX_ERROR - 1)}…` : clean;
}

interface RunRow {
  job: string;
  item: string;
  run_window: string;
  state: RunState;
  claimed_by: string;
  attempts: number;
  queued_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  error: string | null;
}

const dateOrNull = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/**
 * Runs a service's scheduled jobs on every replica: windows of a schedule in BI_TIME_ZONE, each run
 * claimed in the service's own schema first (one INSERT … ON CONFLICT: PGlite and PostgreSQL) so
 * replicas never run one twice, catch-up of windows missed while no replica ran, timeouts (a run past
 * its timeout is marked timed_out and may be claimed again), and run records with their states.
 */
export class Jobs {
  readonly replica: string;
  private readonly clock: JobsClock;
  private readonly schema: string;
  private readonly windowJobs = new Map<string, WindowJobDefinition>();
  private readonly rounds = new Map<string, { rounds: Rounds; firstDelayMs: number }>();
  private readonly retentionMs: number;
  private prunedAt: number | undefined;

  constructor(private readonly options: JobsOptions) {
    this.schema = assertIdentifier(options.schema);
    const days = options.retentionDays ?? DEFAULT_RUN_RETENTION_DAYS;
    if (!(days > 0)) throw new Error('jobs: the run retention must be a positive number of days');
    this.retentionMs = days * DAY_MS;
    this.clock = options.clock ?? { now: () => new Date() };
    this.replica = options.replica ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** Registers a job run once per due window of its schedule; start() begins looking for due windows. */
  register(job: WindowJobDefinition): { runDue: () => Promise<JobRun[]> } {
    this.assertNew(job.name);
    assertSchedule(job.schedule);
    if (!(job.timeoutMs > 0)) throw new Error(`jobs: ${job.name} needs a timeout`);
    this.windowJobs.set(job.name, job);
    const poll = job.pollMs ?? Math.min('every' in job.schedule ? job.schedule.every : 30_000, 30_000);
    this.rounds.set(job.name, { rounds: new Rounds(async () => (await this.runDue(job.name)).length, (e) => this.warn('job round failed', job.name, e), poll), firstDelayMs: 0 });
    return { runDue: () => this.runDue(job.name) };
  }

  /** Registers a round every replica runs each interval (see RoundJobDefinition); `run` runs one now. */
  registerRound<T>(job: RoundJobDefinition<T>): { run: () => Promise<T> } {
    this.assertNew(job.name);
    if (!Number.isInteger(job.everyMs) || job.everyMs < 1000) throw new Error(`jobs: ${job.name}: an interval must be ≥ 1000 ms`);
    const run = async (): Promise<T> => {
      const now = this.clock.now();
      const since = await this.coveredUntil(job.name);
      const result = await job.handler({ job: job.name, now, ...(since ? { since } : {}) });
      await this.cover(job.name, now);
      await this.pruneIfDue();
      return result;
    };
    const rounds = new Rounds(
      async () => {
        const r = await run();
        return job.count ? job.count(r) : 0;
      },
      (e) => this.warn('job round failed', job.name, e),
      job.everyMs,
    );
    this.rounds.set(job.name, { rounds, firstDelayMs: job.firstDelayMs ?? 0 });
    return { run };
  }

  /** Starts the rounds of every registered job on this replica. */
  start(): void {
    for (const { rounds, firstDelayMs } of this.rounds.values()) rounds.start(firstDelayMs);
  }

  /** No more rounds; waits for the ones running. */
  async stop(): Promise<void> {
    await Promise.all([...this.rounds.values()].map(({ rounds }) => rounds.stop()));
  }

  /**
   * One round of a window job now: overdue runs of the job are marked timed_out, the due windows (with
   * catch-up since the previous round) claimed, the claimed ones run one after another under the job's
   * timeout, and the round's progress recorded. Answers the runs this replica made.
   */
  async runDue(name: string): Promise<JobRun[]> {
    const job = this.windowJobs.get(name);
    if (!job) throw new Error(`jobs: no window job ${name}`);
    const now = this.clock.now();
    const since = await this.coveredUntil(name);
    await this.expireOverdue(name);
    const windows = dueWindows(job.schedule, now, this.options.timeZone, since);
    const claim = await this.claim(name, windows.map((window) => ({ item: '', window })), { timeoutMs: job.timeoutMs, queued: true });
    for (const key of claim.keys)
      await claim
        .only([key])
        .run((signal) => job.handler({ job: name, window: key.window, now, ...(since ? { since } : {}), signal }))
        .catch((e) => this.warn('job run failed', name, e, key.window));
    await this.cover(name, now);
    await this.pruneIfDue();
    return claim.keys.length ? this.runs({ job: name, windows: claim.keys.map((k) => k.window), claimedBy: this.replica }) : [];
  }

  /**
   * Claims runs of a job for this replica: each (item, window) not claimed yet, or whose last attempt
   * failed, timed out or is overdue (its runner died), becomes this replica's — no other replica gets
   * it. Answers the claim over the keys won; run it with Claim.run.
   */
  async claim(job: string, keys: readonly RunKey[], options: { timeoutMs: number; queued?: boolean }): Promise<Claim> {
    const unique = [...new Map(keys.map((k) => [`${k.item}\u0000${k.window}`, k])).values()];
    if (!unique.length) return new Claim(this, job, [], options.timeoutMs, false);
    const now = this.clock.now();
    const deadline = new Date(now.getTime() + options.timeoutMs);
    const state: RunState = options.queued ? 'queued' : 'running';
    const s = this.schema;
    const { rows } = await this.options.db.query<{ item: string; run_window: string }>(
      `INSERT INTO ${s}.job_runs (job, item, run_window, state, claimed_by, queued_at, started_at, deadline)
       SELECT $1::text, t.i, t.w, $4::text, $5::text, $6::timestamptz, $7::timestamptz, $8::timestamptz FROM unnest($2::text[], $3::text[]) AS t(i, w)
       ON CONFLICT (job, item, run_window) DO UPDATE SET state = EXCLUDED.state, claimed_by = EXCLUDED.claimed_by, attempts = ${s}.job_runs.attempts + 1,
         queued_at = EXCLUDED.queued_at, started_at = EXCLUDED.started_at, finished_at = NULL, deadline = EXCLUDED.deadline, error = NULL
       WHERE ${s}.job_runs.state IN ('failed', 'timed_out') OR (${s}.job_runs.state IN ('queued', 'running') AND ${s}.job_runs.deadline < EXCLUDED.queued_at)
       RETURNING item, run_window`,
      [job, unique.map((k) => k.item), unique.map((k) => k.window), state, this.replica, now, state === 'running' ? now : null, deadline],
    );
    const won = new Set(rows.map((r) => `${r.item}\u0000${r.run_window}`));
    return new Claim(
      this,
      job,
      unique.filter((k) => won.has(`${k.item}\u0000${k.window}`)),
      options.timeoutMs,
      state === 'queued',
    );
  }

  /** Run records, newest first (bounded): of a job, an item, some windows, a state, a replica. */
  async runs(filter: { job?: string; item?: string; windows?: readonly string[]; state?: RunState; claimedBy?: string; limit?: number } = {}): Promise<JobRun[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.job !== undefined) add('job = ?', filter.job);
    if (filter.item !== undefined) add('item = ?', filter.item);
    if (filter.windows) add('run_window = ANY(?::text[])', [...filter.windows]);
    if (filter.state) add('state = ?', filter.state);
    if (filter.claimedBy) add('claimed_by = ?', filter.claimedBy);
    const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? 100)), 1000);
    params.push(limit);
    const { rows } = await this.options.db.query<RunRow>(
      `SELECT job, item, run_window, state, claimed_by, attempts, queued_at, started_at, finished_at, error FROM ${this.schema}.job_runs
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY queued_at DESC, item, run_window LIMIT $${params.length}`,
      params,
    );
    return rows.map((r) => ({
      job: r.job,
      item: r.item,
      window: r.run_window,
      state: r.state,
      claimedBy: r.claimed_by,
      attempts: Number(r.attempts),
      queuedAt: new Date(r.queued_at),
      startedAt: dateOrNull(r.started_at),
      finishedAt: dateOrNull(r.finished_at),
      error: r.error,
    }));
  }

  /** Runs of a job still queued or running past their deadline (their runner died): marked timed_out, claimable again. */
  async expireOverdue(job: string): Promise<number> {
    const now = this.clock.now();
    const r = await this.options.db.query(
      `UPDATE ${this.schema}.job_runs SET state = 'timed_out', finished_at = $2, deadline = NULL, error = 'timed out (its runner stopped)'
       WHERE job = $1 AND state IN ('queued', 'running') AND deadline < $2`,
      [job, now],
    );
    return r.rowCount;
  }

  /**
   * Deletes the finished runs (succeeded, failed, timed_out) of every job of the schema that finished
   * before the retention (BI_JOB_RUNS_RETENTION_DAYS) ended; runs still queued or running are kept.
   * The rounds call it themselves at most once an hour per replica (pruneIfDue). Answers the rows deleted.
   */
  async prune(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.retentionMs);
    const r = await this.options.db.query(`DELETE FROM ${this.schema}.job_runs WHERE state IN ('succeeded', 'failed', 'timed_out') AND finished_at < $1`, [before]);
    return r.rowCount;
  }

  /** prune() when this replica has not pruned for PRUNE_EVERY_MS; a failure is logged, never fails the round. */
  private async pruneIfDue(): Promise<void> {
    const now = this.clock.now().getTime();
    if (this.prunedAt !== undefined && now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.prune().catch((e: unknown) => this.warn('pruning finished runs failed', '*', e));
  }

  /** How far the job's rounds have come (any replica); undefined before the first. */
  async coveredUntil(job: string): Promise<Date | undefined> {
    const { rows } = await this.options.db.query<{ covered_until: Date | string }>(`SELECT covered_until FROM ${this.schema}.job_schedules WHERE job = $1`, [job]);
    return rows[0] ? new Date(rows[0].covered_until) : undefined;
  }

  private async cover(job: string, now: Date): Promise<void> {
    await this.options.db.query(
      `INSERT INTO ${this.schema}.job_schedules (job, covered_until) VALUES ($1, $2)
       ON CONFLICT (job) DO UPDATE SET covered_until = GREATEST(${this.schema}.job_schedules.covered_until, EXCLUDED.covered_until)`,
      [job, now],
    );
  }

  /** @internal Claim's start of queued runs: running, with a deadline from now. */
  async begin(job: string, keys: readonly RunKey[], timeoutMs: number): Promise<void> {
    if (!keys.length) return;
    const now = this.clock.now();
    await this.options.db.query(
      `UPDATE ${this.schema}.job_runs SET state = 'running', started_at = $5, deadline = $6
       WHERE job = $1 AND claimed_by = $2 AND (item, run_window) IN (SELECT * FROM unnest($3::text[], $4::text[])) AND state = 'queued'`,
      [job, this.replica, keys.map((k) => k.item), keys.map((k) => k.window), now, new Date(now.getTime() + timeoutMs)],
    );
  }

  /** @internal Claim's end of its own runs (claimed_by this replica): a final state, or given back. */
  async settle(job: string, keys: readonly RunKey[], to: 'succeeded' | 'failed' | 'timed_out' | 'released', error?: string): Promise<void> {
    if (!keys.length) return;
    const s = this.schema;
    const now = this.clock.now();
    const params = [job, this.replica, keys.map((k) => k.item), keys.map((k) => k.window)];
    const mine = `job = $1 AND claimed_by = $2 AND (item, run_window) IN (SELECT * FROM unnest($3::text[], $4::text[]))`;
    if (to === 'released') await this.options.db.query(`DELETE FROM ${s}.job_runs WHERE ${mine} AND state IN ('queued', 'running')`, params);
    else
      await this.options.db.query(`UPDATE ${s}.job_runs SET state = $5, finished_at = $6, deadline = NULL, error = $7 WHERE ${mine} AND state IN ('queued', 'running')`, [
        ...params,
        to,
        now,
        error ?? null,
      ]);
  }

  private assertNew(name: string): void {
    if (!name || this.rounds.has(name)) throw new Error(`jobs: ${name || 'a job without a name'} is registered twice`);
  }

  private warn(msg: string, job: string, e: unknown, window?: string): void {
    this.options.logger?.warn(msg, { job, ...(window ? { window } : {}), error: errorText(e) });
  }
}

/** Runs a replica won by Jobs.claim. */
export class Claim {
  constructor(
    private readonly jobs: Jobs,
    readonly job: string,
    readonly keys: readonly RunKey[],
    private readonly timeoutMs: number,
    private readonly queued: boolean,
  ) {}

  has(item: string, window: string): boolean {
    return this.keys.some((k) => k.item === item && k.window === window);
  }

  /** The same claim over some of its keys. */
  only(keys: readonly RunKey[]): Claim {
    return new Claim(
      this.jobs,
      this.job,
      keys.filter((k) => this.has(k.item, k.window)),
      this.timeoutMs,
      this.queued,
    );
  }

  /**
   * Runs fn for the claimed runs under the timeout: succeeded when it resolves; failed when it throws
   * (the error text kept without secrets; the runs may be claimed again) and the error rethrown;
   * timed_out when the timeout passes first (the signal is aborted, the runs may be claimed again,
   * JobTimeoutError thrown). When `release` says so of fn's answer, the claims are given back without
   * a record (the same runs are due again, e.g. their input changed meanwhile).
   */
  async run<T>(fn: (signal: AbortSignal) => Promise<T>, options: { release?: (result: T) => boolean } = {}): Promise<T> {
    if (this.queued) await this.jobs.begin(this.job, this.keys, this.timeoutMs);
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new JobTimeoutError(this.job, this.timeoutMs));
      }, this.timeoutMs);
    });
    let result: T;
    try {
      result = await Promise.race([fn(abort.signal), timeout]);
    } catch (e) {
      if (e instanceof JobTimeoutError) await this.jobs.settle(this.job, this.keys, 'timed_out', errorText(e));
      else await this.jobs.settle(this.job, this.keys, 'failed', errorText(e));
      throw e;
    } finally {
      clearTimeout(timer);
    }
    await this.jobs.settle(this.job, this.keys, options.release?.(result) ? 'released' : 'succeeded');
    return result;
  }

  /** Gives the claims back without running them. */
  release(): Promise<void> {
    return this.jobs.settle(this.job, this.keys, 'released');
  }
}
