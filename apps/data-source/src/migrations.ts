import { outboxMigration } from '@bi/messaging';
import { revisionsTableSql } from '@bi/revisions';
import { jobsTablesSql } from '@bi/jobs';
import { settingsTableSql, type Migration } from '@bi/persistence';

export const DATA_SOURCE_SCHEMA = 'data_source';

export const DATA_SOURCE_MIGRATIONS: Migration[] = [
  outboxMigration(DATA_SOURCE_SCHEMA),
  {
    id: '0001_projects_sources_history',
    sql: `
CREATE TABLE data_source.projects (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  sort_order double precision NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX projects_name ON data_source.projects (lower(name));

CREATE TABLE data_source.sources (
  id uuid PRIMARY KEY,
  -- no cascade: a folder that still holds sources cannot be deleted
  project_id uuid NOT NULL REFERENCES data_source.projects (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- 0 SQL Server, 2 MySQL, 3 Oracle, 7 PostgreSQL, 8 analytics store
  type int NOT NULL,
  is_read_only boolean NOT NULL DEFAULT false,
  -- {host, port, userName, type, serverName, role, initialDatabase}; never the password
  connection jsonb,
  -- AES-256-GCM "v1.<iv>.<tag>.<ciphertext>", the row id as associated data; NULL = no password
  password_enc text,
  content text NOT NULL DEFAULT '',
  table_schema text NOT NULL DEFAULT '',
  table_name text NOT NULL DEFAULT '',
  reference text NOT NULL DEFAULT '',
  cache_interval int NOT NULL DEFAULT 0,
  data_type int NOT NULL DEFAULT 0,
  -- [{name, title, dataType, expression, aggregator}]: database columns, then calculated fields
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  data_version bigint NOT NULL DEFAULT 1,
  created_by uuid,
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sources_project ON data_source.sources (project_id, created_at);

CREATE TABLE data_source.history (
  id bigserial PRIMARY KEY,
  source_id uuid NOT NULL REFERENCES data_source.sources (id) ON DELETE CASCADE,
  -- [{key, params}]: message-catalogue keys, rendered in the reader's language
  entries jsonb NOT NULL,
  user_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX history_source ON data_source.history (source_id, id DESC);
`,
  },
  {
    // One-time jobs of the service (the demo data of the first start): {state: running | done, ...}.
    id: '0002_settings',
    sql: `
${settingsTableSql('data_source')}
CREATE INDEX sources_table ON data_source.sources (table_name) WHERE table_name <> '';
`,
  },
  {
    // Row-level rules of a source (issue 17 #6, docs/api/sharing.md): {denyByDefault, rules}.
    id: '0003_row_rules',
    sql: `ALTER TABLE data_source.sources ADD COLUMN row_rules jsonb;`,
  },
  {
    // Joined tables (issue 20, docs/api/join-table.md): the stored join tree of a type-9 source, and
    // which sources it reads. No cascade on input_id: an input a join uses cannot be deleted.
    id: '0004_join_tables',
    sql: `
ALTER TABLE data_source.sources ADD COLUMN join_def jsonb;
CREATE TABLE data_source.join_inputs (
  join_id uuid NOT NULL REFERENCES data_source.sources (id) ON DELETE CASCADE,
  input_id uuid NOT NULL REFERENCES data_source.sources (id),
  PRIMARY KEY (join_id, input_id)
);
CREATE INDEX join_inputs_input ON data_source.join_inputs (input_id);
`,
  },
  {
    // Synced copies (issue 29, docs/adr/0012-synced-copies.md): the @bi/jobs tables (a sync is a run
    // keyed (data-source.sync, source id, window)), and per run what the sync did: how it was started,
    // whose principal ran it, rows and duration, and the error as a message key for the source page.
    // Pruning a run (BI_JOB_RUNS_RETENTION_DAYS) removes its line here too.
    id: '0005_sync',
    sql: `
${jobsTablesSql(DATA_SOURCE_SCHEMA)}
CREATE TABLE data_source.syncs (
  job text NOT NULL,
  item text NOT NULL,
  run_window text NOT NULL,
  source_id uuid NOT NULL,
  -- schedule (the round, by cache_interval) or manual (refresh now)
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  -- replace or append
  mode text NOT NULL CHECK (mode IN ('replace', 'append')),
  -- the principal the sync runs as (the source's creator) and who asked for it
  run_as uuid,
  run_as_name text NOT NULL DEFAULT '',
  requested_by text NOT NULL DEFAULT '',
  rows bigint,
  duration_ms bigint,
  -- {key, params} of the failure's message (never an engine's raw text)
  error jsonb,
  PRIMARY KEY (job, item, run_window),
  FOREIGN KEY (job, item, run_window) REFERENCES data_source.job_runs (job, item, run_window) ON DELETE CASCADE
);
CREATE INDEX syncs_source ON data_source.syncs (source_id);
`,
  },
  {
    // HTTP API sources (docs/adr/0014-http-api-source.md): the settings of a type-8 source with reference 'api'
    // (never a secret: those are in secret_enc, AES-256-GCM with the source id as associated data) and the
    // watermark of its last incremental sync.
    id: '0006_api_sources',
    sql: `
CREATE TABLE data_source.api_sources (
  source_id uuid PRIMARY KEY REFERENCES data_source.sources (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  secret_enc text,
  watermark text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // ERP accounts (spec 02 §3, docs/api/data-source.md "ERP accounts"): the ERP servers report sources read
    // from. Exactly one primary (the partial unique index); the password AES-256-GCM like a source's, the
    // account id as associated data. A user's chosen account (isSelected) is per user, in account_choices.
    id: '0007_erp_accounts',
    sql: `
CREATE TABLE data_source.erp_accounts (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  ip text NOT NULL,
  port int NOT NULL,
  user_name text NOT NULL,
  identity_enc text NOT NULL,
  is_primary boolean NOT NULL DEFAULT false,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX erp_accounts_primary ON data_source.erp_accounts (is_primary) WHERE is_primary;
CREATE UNIQUE INDEX erp_accounts_name ON data_source.erp_accounts (lower(name));
CREATE TABLE data_source.erp_account_choices (
  user_id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES data_source.erp_accounts (id) ON DELETE CASCADE
);
`,
  },
  {
    // ERP report sources (type 4, docs/adr/0015-erp-report-sources.md): what a source reads from its ERP
    // account's provider. The account's address sits in sources.connection, its password in password_enc.
    id: '0008_erp_reports',
    sql: `
CREATE TABLE data_source.erp_reports (
  source_id uuid PRIMARY KEY REFERENCES data_source.sources (id) ON DELETE CASCADE,
  account_id text NOT NULL DEFAULT '',
  program_id text NOT NULL,
  condition_project_id text NOT NULL,
  date_field text,
  period_number int NOT NULL DEFAULT 1,
  period_dimension int NOT NULL DEFAULT 1
);
`,
  },
  {
    // Indicator imports (types 1 and 5, spec 02 §8): the targets a source reads from its provider and the
    // date settings (JSON: period, dynamicPara, dates, periodDimension, compare, periodNumber).
    id: '0009_indicators',
    sql: `
CREATE TABLE data_source.indicator_imports (
  source_id uuid PRIMARY KEY REFERENCES data_source.sources (id) ON DELETE CASCADE,
  account_id text NOT NULL DEFAULT '',
  data_type int NOT NULL,
  targets jsonb NOT NULL,
  settings jsonb NOT NULL
);
`,
  },
  {
    // Kept rollups (issue 31, ADR 0022): the pre-aggregated tables of a source in the analytics store
    // (schema "rollups"), each answering charts only at the data version it was built from.
    id: '0012_rollups',
    sql: `
CREATE TABLE data_source.rollups (
  id uuid PRIMARY KEY,
  source_id uuid NOT NULL REFERENCES data_source.sources (id) ON DELETE CASCADE,
  -- @bi/query RollupSpec (dimensions, measures with their partials)
  spec jsonb NOT NULL,
  table_name text NOT NULL,
  data_version bigint NOT NULL,
  row_count bigint NOT NULL,
  table_rows bigint NOT NULL,
  float_sums jsonb NOT NULL DEFAULT '[]'::jsonb,
  build_ms int NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rollups_source ON data_source.rollups (source_id);
`,
  },
  {
    // issue 33 (@bi/revisions): the history of a source's field settings and row rules
    id: '0013_revisions',
    sql: revisionsTableSql('data_source'),
  },
  {
    // issue 31: the per-source rollup switch, and each kept rollup's hits and size (the source page's list)
    id: '0014_rollup_settings',
    sql: `
CREATE TABLE data_source.rollup_settings (
  source_id uuid PRIMARY KEY REFERENCES data_source.sources (id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  changed_by text NOT NULL DEFAULT '',
  changed_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE data_source.rollups ADD COLUMN hits bigint NOT NULL DEFAULT 0;
ALTER TABLE data_source.rollups ADD COLUMN last_hit_at timestamptz;
ALTER TABLE data_source.rollups ADD COLUMN size_bytes bigint NOT NULL DEFAULT 0;
`,
  },
];
