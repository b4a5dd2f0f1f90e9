import { jobsTablesSql } from '@bi/jobs';
import { outboxMigration, processedEventsMigration } from '@bi/messaging';
import type { Migration } from '@bi/persistence';

export const WARNING_SCHEMA = 'warning';
/** @bi/jobs: the (rule, window) evaluations, one run each (item `<chart_id>/<rule_id>`) */
export const ALERT_RULES_JOB = 'warning.alert-rules';
/** @bi/jobs: the timed rules' round every 30 s on each replica */
export const TIMED_ALERTS_JOB = 'warning.timed-alerts';

export const WARNING_MIGRATIONS: Migration[] = [
  outboxMigration(WARNING_SCHEMA),
  processedEventsMigration(WARNING_SCHEMA),
  {
    id: '0001_rules_messages',
    sql: `
-- the charts with alert rules as the last ChartChanged event described them (newest version wins)
CREATE TABLE warning.charts (
  chart_id uuid PRIMARY KEY,
  tab text NOT NULL,
  dashboard_id uuid NOT NULL,
  owner_id text NOT NULL DEFAULT '',
  data_source_id text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  chart_json jsonb NOT NULL,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX charts_source ON warning.charts (data_source_id);

-- versions of deleted charts, so a late "saved" event does not bring them back
CREATE TABLE warning.deleted_charts (
  chart_id uuid PRIMARY KEY,
  version bigint NOT NULL
);

CREATE TABLE warning.rules (
  rule_id text PRIMARY KEY,
  chart_id uuid NOT NULL REFERENCES warning.charts (chart_id) ON DELETE CASCADE,
  list text NOT NULL,
  item jsonb NOT NULL,
  user_id text NOT NULL DEFAULT '',
  enabled boolean NOT NULL,
  timed boolean NOT NULL,
  hour int
);
CREATE INDEX rules_chart ON warning.rules (chart_id);
CREATE INDEX rules_timed ON warning.rules (hour) WHERE timed AND enabled;

-- whether each rule's condition held at its last evaluation (the transition rule); survives restarts
CREATE TABLE warning.rule_state (
  rule_id text PRIMARY KEY,
  is_true boolean NOT NULL,
  last_window text NOT NULL,
  evaluated_at timestamptz NOT NULL DEFAULT now()
);

-- one row per (rule, evaluation window): the replica that inserted it evaluates it, no other
CREATE TABLE warning.claims (
  rule_id text NOT NULL,
  eval_window text NOT NULL,
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, eval_window)
);

CREATE TABLE warning.messages (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  firing_key text NOT NULL,
  chart_id uuid NOT NULL,
  dashboard_id uuid NOT NULL,
  tab text NOT NULL,
  warn_id text NOT NULL,
  warn_name text NOT NULL,
  -- the message in every language {zh-CN, zh-TW, en}
  texts jsonb NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  is_send_mail boolean NOT NULL DEFAULT false,
  is_send_wechat boolean NOT NULL DEFAULT false,
  -- off, pending, sent, failed
  mail_status text NOT NULL DEFAULT 'off',
  webhook_status text NOT NULL DEFAULT 'off',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (firing_key, user_id)
);
CREATE INDEX messages_user ON warning.messages (user_id, created_at DESC);
CREATE INDEX messages_unread ON warning.messages (user_id) WHERE NOT is_read;

-- outgoing mail and webhook posts of a firing, retried with back-off
CREATE TABLE warning.deliveries (
  id bigserial PRIMARY KEY,
  firing_key text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('mail', 'webhook')),
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  UNIQUE (firing_key, channel)
);
CREATE INDEX deliveries_due ON warning.deliveries (next_at) WHERE status = 'pending';
`,
  },
  {
    id: '0002_scheduler',
    sql: `
-- how far the timed rules' rounds have come (any replica): the first round after a down time catches
-- up the windows of the day whose hour passed meanwhile
CREATE TABLE warning.scheduler (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  covered_until timestamptz NOT NULL
);
`,
  },
  {
    id: '0003_rules_per_chart_paused',
    sql: `
-- one chart's rule never shadows another's (a copied chart's old warnId): rules, their state and
-- their claims are keyed by (chart_id, rule_id)
ALTER TABLE warning.rules DROP CONSTRAINT rules_pkey;
ALTER TABLE warning.rules ADD PRIMARY KEY (chart_id, rule_id);
ALTER TABLE warning.rule_state ADD COLUMN chart_id uuid;
UPDATE warning.rule_state s SET chart_id = r.chart_id FROM warning.rules r WHERE r.rule_id = s.rule_id;
DELETE FROM warning.rule_state WHERE chart_id IS NULL;
ALTER TABLE warning.rule_state ALTER COLUMN chart_id SET NOT NULL;
ALTER TABLE warning.rule_state DROP CONSTRAINT rule_state_pkey;
ALTER TABLE warning.rule_state ADD PRIMARY KEY (chart_id, rule_id);
-- '' evaluated as its owner; no_access: the owner can no longer read the chart's source; no_owner:
-- the owner no longer exists (or is disabled). A paused rule is not evaluated; it resumes by itself.
ALTER TABLE warning.rule_state ADD COLUMN paused text NOT NULL DEFAULT '';
ALTER TABLE warning.claims ADD COLUMN chart_id text NOT NULL DEFAULT '';
ALTER TABLE warning.claims DROP CONSTRAINT claims_pkey;
ALTER TABLE warning.claims ADD PRIMARY KEY (chart_id, rule_id, eval_window);
`,
  },
  {
    id: '0004_jobs',
    sql: `${jobsTablesSql(WARNING_SCHEMA)}
-- the rules' claims and the timed rounds' progress move into the jobs tables (@bi/jobs, docs/adr/0008)
INSERT INTO warning.job_runs (job, item, run_window, state, claimed_by, attempts, queued_at, started_at, finished_at)
  SELECT '${ALERT_RULES_JOB}', chart_id || '/' || rule_id, eval_window, 'succeeded', claimed_by, 1, claimed_at, claimed_at, claimed_at FROM warning.claims;
INSERT INTO warning.job_schedules (job, covered_until) SELECT '${TIMED_ALERTS_JOB}', covered_until FROM warning.scheduler;
DROP TABLE warning.claims;
DROP TABLE warning.scheduler;
-- read-only views under the old names (operators' queries): the (rule, window) claims held, and how far the rounds came
CREATE VIEW warning.claims AS
  SELECT split_part(item, '/', 1) AS chart_id, substr(item, strpos(item, '/') + 1) AS rule_id, run_window AS eval_window, claimed_by, queued_at AS claimed_at
  FROM warning.job_runs WHERE job = '${ALERT_RULES_JOB}' AND state IN ('queued', 'running', 'succeeded');
CREATE VIEW warning.scheduler AS SELECT true AS id, covered_until FROM warning.job_schedules WHERE job = '${TIMED_ALERTS_JOB}';
`,
  },
  {
    id: '0005_deliveries',
    sql: `
-- deliveries as @bi/delivery keeps them: one row per (firing or run, recipient, channel) with its own
-- status, tries and lease; the messages' mail and webhook statuses are read from these rows (no column
-- per channel). The rows of 0001 are kept: a mail row becomes one row per address (same status, tries,
-- next try, error), a webhook row a 'webhook' row (format json) or a 'wecom' row (the WeCom robot).
CREATE TEMP TABLE deliveries_0001 ON COMMIT DROP AS SELECT * FROM warning.deliveries;
DROP TABLE warning.deliveries;
CREATE TABLE warning.deliveries (
  id bigserial PRIMARY KEY,
  -- firing (an alert's) or run (a scheduled report's), and its key
  origin text NOT NULL CHECK (origin IN ('firing', 'run')),
  origin_key text NOT NULL,
  -- the driver: mail, webhook, wecom, …
  channel text NOT NULL,
  -- a mail address, a webhook or robot URL
  recipient text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'not_allowed')),
  attempts int NOT NULL DEFAULT 0,
  -- the next try; while leased, the lease's end
  next_at timestamptz NOT NULL DEFAULT now(),
  -- the sender holding the lease (only it settles the try)
  lease_token text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (origin, origin_key, channel, recipient)
);
CREATE INDEX deliveries_due ON warning.deliveries (next_at) WHERE status = 'pending';
INSERT INTO warning.deliveries (origin, origin_key, channel, recipient, payload, status, attempts, next_at, last_error, sent_at)
SELECT 'firing', d.firing_key, 'mail', t.address,
  jsonb_build_object('subject', coalesce(d.request->>'subject', ''), 'text', coalesce(d.request->>'text', '')),
  d.status, d.attempts, d.next_at, d.last_error, CASE WHEN d.status = 'sent' THEN d.next_at END
FROM deliveries_0001 d CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(d.request->'to', '[]'::jsonb)) AS t(address)
WHERE d.channel = 'mail'
ON CONFLICT DO NOTHING;
INSERT INTO warning.deliveries (origin, origin_key, channel, recipient, payload, status, attempts, next_at, last_error, sent_at)
SELECT 'firing', d.firing_key, CASE WHEN d.request->>'format' = 'wecom' THEN 'wecom' ELSE 'webhook' END, coalesce(d.request->>'url', ''),
  jsonb_build_object('text', coalesce(d.request->'alert'->>'message', ''), 'eventId', coalesce(d.request->'alert'->>'eventId', ''), 'data', coalesce(d.request->'alert', '{}'::jsonb)),
  d.status, d.attempts, d.next_at, d.last_error, CASE WHEN d.status = 'sent' THEN d.next_at END
FROM deliveries_0001 d
WHERE d.channel = 'webhook'
ON CONFLICT DO NOTHING;
-- the statuses the delivery rows give; a message whose channel was chosen but has no row (no address) reads pending, as it did
ALTER TABLE warning.messages DROP COLUMN mail_status;
ALTER TABLE warning.messages DROP COLUMN webhook_status;
`,
  },
  {
    id: '0006_robots',
    sql: `
-- chat robots kept by administrators (issue 30): a shared chart or an alert is sent to one through the
-- driver of its vendor (@bi/delivery). The webhook URL (it carries the robot's key) and the secret are
-- encrypted (SecretBox, the id as associated data); url_hint is the URL's scheme and host, all of it
-- that is ever answered.
CREATE TABLE warning.robots (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  vendor text NOT NULL CHECK (vendor IN ('wecom', 'dingtalk', 'feishu', 'slack')),
  url_enc text NOT NULL,
  url_hint text NOT NULL,
  secret_enc text,
  updated_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX robots_name ON warning.robots (lower(name));
`,
  },
  {
    id: '0007_subscriptions',
    sql: `
-- report subscriptions (issue 30): what is sent (a dashboard or one of its charts), when (schedule in a
-- time zone), to whom, with which filter values, formats and texts; owner = who created it
CREATE TABLE warning.subscriptions (
  id uuid PRIMARY KEY,
  owner_id text NOT NULL,
  owner_name text NOT NULL DEFAULT '',
  name text NOT NULL,
  tab text NOT NULL DEFAULT 'dashboard',
  dashboard_id uuid NOT NULL,
  chart_id uuid,
  schedule jsonb NOT NULL,
  time_zone text NOT NULL,
  recipients jsonb NOT NULL,
  filters jsonb NOT NULL DEFAULT '[]',
  formats text[] NOT NULL DEFAULT '{}',
  subject text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  skip_empty boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_owner ON warning.subscriptions (owner_id);
-- the run log: one row per (subscription, window) — a scheduled local minute, or now-<id> for "send now";
-- the claim of the run is @bi/jobs' (warning.job_runs, job warning.subscriptions); the recipients' outcomes
-- are the run's deliveries (origin 'run', key <subscription id>:<window>) and the failures before sending
CREATE TABLE warning.subscription_runs (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL,
  run_window text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  -- scheduled, running, delivering (mails queued), sent, partly_sent, failed, skipped (no data)
  state text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  -- [{kind, recipient, name, status, reason}] known when the content was made (a failure before sending)
  recipients jsonb NOT NULL DEFAULT '[]',
  UNIQUE (subscription_id, run_window)
);
CREATE INDEX subscription_runs_open ON warning.subscription_runs (state) WHERE state IN ('scheduled', 'running', 'delivering', 'failed');
`,
  },
  {
    id: '0008_subscription_theme',
    sql: `
-- the app theme a subscription's pictures (inline image, PNG, PDF) are drawn in (issue 30)
ALTER TABLE warning.subscriptions ADD COLUMN theme text NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark'));
-- the daily pruning of the run log (BI_SUBSCRIPTION_LOG_DAYS) reads the runs by age
CREATE INDEX subscription_runs_created ON warning.subscription_runs (created_at);
`,
  },
];
