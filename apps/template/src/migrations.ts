import type { Migration } from '@bi/persistence';
import { revisionsTableSql } from '@bi/revisions';

export const TEMPLATE_SCHEMA = 'template';

export const TEMPLATE_MIGRATIONS: Migration[] = [
  {
    id: '0001_templates',
    sql: `
-- one row per published template: what it was published from (kind + origin) and its latest version
CREATE TABLE template.templates (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('dash', 'proj')),
  origin_id text NOT NULL,
  name text NOT NULL,
  folder_name text NOT NULL,
  publisher_id text NOT NULL,
  publisher_name text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL,
  -- the template-tab copy of the latest version (dashboard service)
  project_id text NOT NULL,
  dashboard_ids jsonb NOT NULL DEFAULT '[]',
  role_ids jsonb NOT NULL DEFAULT '[]',
  user_ids jsonb NOT NULL DEFAULT '[]',
  sources jsonb NOT NULL DEFAULT '[]',
  UNIQUE (kind, origin_id)
);
CREATE INDEX templates_project ON template.templates (project_id);

-- every version's frozen copy (dashboards, layout, charts, global filters) and audience
CREATE TABLE template.versions (
  template_id uuid NOT NULL REFERENCES template.templates (id) ON DELETE CASCADE,
  version integer NOT NULL,
  name text NOT NULL,
  publisher_id text NOT NULL,
  publisher_name text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  role_ids jsonb NOT NULL DEFAULT '[]',
  user_ids jsonb NOT NULL DEFAULT '[]',
  snapshot jsonb NOT NULL,
  PRIMARY KEY (template_id, version)
);
`,
  },
  {
    // issue 33 (@bi/revisions): each published version of a template as a revision of kind `template`
    id: '0002_revisions',
    sql: revisionsTableSql(TEMPLATE_SCHEMA),
  },
];
