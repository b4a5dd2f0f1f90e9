import { assertIdentifier, type Migration } from '@bi/persistence';

/**
 * The jobs tables in a service's own schema. The text stays as first shipped: migration checksums
 * hash it (a change is a new migration).
 *
 * job_runs: one row per (job, item, window) — the run record and the claim at once: the replica whose
 * INSERT made the row (or retook a failed, timed-out or overdue one) runs it, no other. item is '' for
 * a job that runs once per window; a job that runs many things per window (an alert rule each) names
 * them. job_schedules: how far each job's rounds have come (any replica), for catch-up after a restart.
 */
export function jobsTablesSql(schema: string): string {
  const s = assertIdentifier(schema);
  return `
CREATE TABLE ${s}.job_runs (
  job text NOT NULL,
  item text NOT NULL DEFAULT '',
  run_window text NOT NULL,
  -- queued, running, succeeded, failed, timed_out (failed and timed_out may be claimed again)
  state text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'timed_out')),
  claimed_by text NOT NULL,
  attempts int NOT NULL DEFAULT 1,
  queued_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  -- while queued or running: after it another replica may take the run over (its runner died)
  deadline timestamptz,
  -- why the last attempt failed, without secrets (bounded)
  error text,
  PRIMARY KEY (job, item, run_window)
);
CREATE INDEX job_runs_open ON ${s}.job_runs (job, deadline) WHERE state IN ('queued', 'running');
CREATE INDEX job_runs_recent ON ${s}.job_runs (job, queued_at DESC);

CREATE TABLE ${s}.job_schedules (
  job text PRIMARY KEY,
  covered_until timestamptz NOT NULL
);
`;
}

/** The jobs tables as one migration; `id` places it among the service's own (e.g. 0004_jobs). */
export function jobsMigration(schema: string, id: string): Migration {
  return { id, sql: jobsTablesSql(schema) };
}
