import { outboxMigration } from '@bi/messaging';
import { settingsTableSql, type Migration } from '@bi/persistence';
import { revisionsTableSql } from '@bi/revisions';

export const DASHBOARD_SCHEMA = 'dashboard';

export const DASHBOARD_MIGRATIONS: Migration[] = [
  // events of this service (ChartChanged), published by chart-events.ts
  outboxMigration('dashboard'),
  {
    id: '0001_projects_dashboards_charts',
    sql: `
CREATE TABLE dashboard.projects (
  id uuid PRIMARY KEY,
  tab text NOT NULL CHECK (tab IN ('dashboard', 'template')),
  name text NOT NULL,
  sort_order double precision NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX projects_tab_name ON dashboard.projects (tab, lower(name));

CREATE TABLE dashboard.dashboards (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES dashboard.projects (id) ON DELETE CASCADE,
  tab text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  sort_order double precision NOT NULL,
  -- chart placements on the grid: [{chartId, row, col, sizeX, sizeY, ...}]
  aspects jsonb NOT NULL DEFAULT '[]'::jsonb,
  global_filter jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dashboards_project ON dashboard.dashboards (project_id, sort_order);

CREATE TABLE dashboard.charts (
  id uuid PRIMARY KEY,
  dashboard_id uuid NOT NULL REFERENCES dashboard.dashboards (id) ON DELETE CASCADE,
  tab text NOT NULL,
  title text NOT NULL,
  type text NOT NULL DEFAULT 'bar',
  data_source_id text NOT NULL DEFAULT '',
  hide boolean NOT NULL DEFAULT false,
  -- the rest of the chart definition (spec 01 §3 Chart), filled by the chart editor
  definition jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX charts_dashboard ON dashboard.charts (dashboard_id);
`,
  },
  {
    // One-time jobs of the service (the demo dashboard of the first start): {state: running | done, ...};
    // charts are found by their source (the chart engine's related-charts lookup).
    id: '0002_settings_charts_by_source',
    sql: `
${settingsTableSql('dashboard')}
CREATE INDEX charts_data_source ON dashboard.charts (data_source_id) WHERE data_source_id <> '';
`,
  },
  {
    // Every chart insert, update and delete is noted here in its own transaction (cascades too);
    // chart-events.ts turns the notes into ChartChanged events through the outbox.
    id: '0003_chart_changes',
    sql: `
CREATE TABLE dashboard.chart_changes (
  seq bigserial PRIMARY KEY,
  chart_id uuid NOT NULL,
  tab text NOT NULL,
  dashboard_id uuid NOT NULL,
  noted_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION dashboard.note_chart_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard.chart_changes (chart_id, tab, dashboard_id) VALUES (OLD.id, OLD.tab, OLD.dashboard_id);
    RETURN OLD;
  END IF;
  INSERT INTO dashboard.chart_changes (chart_id, tab, dashboard_id) VALUES (NEW.id, NEW.tab, NEW.dashboard_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER charts_note_change AFTER INSERT OR UPDATE OR DELETE ON dashboard.charts
  FOR EACH ROW EXECUTE FUNCTION dashboard.note_chart_change();
`,
  },
  {
    // Public links (issue 32, docs/api/public-links.md): public_id is the URL's id (128 random bits,
    // base64url), replaced on rotation; link_id never changes. A dashboard's deletion deletes its links.
    id: '0004_public_links',
    sql: `
CREATE TABLE dashboard.public_links (
  link_id uuid PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  dashboard_id uuid NOT NULL REFERENCES dashboard.dashboards (id) ON DELETE CASCADE,
  chart_id uuid,
  creator_id uuid NOT NULL,
  creator_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_opened_at timestamptz,
  password_hash text NOT NULL DEFAULT '',
  allow_details boolean NOT NULL DEFAULT false,
  allow_export boolean NOT NULL DEFAULT false,
  filters jsonb NOT NULL DEFAULT '[]'::jsonb,
  filters_editable boolean NOT NULL DEFAULT false
);
CREATE INDEX public_links_creator ON dashboard.public_links (creator_id, created_at DESC);
CREATE INDEX public_links_dashboard ON dashboard.public_links (dashboard_id);
`,
  },
  {
    // issue 33 (@bi/revisions): the history of dashboards and charts, and the trash of deleted ones
    id: '0005_revisions',
    sql: revisionsTableSql('dashboard'),
  },
];
