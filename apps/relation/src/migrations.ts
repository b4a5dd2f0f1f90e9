import { processedEventsMigration } from '@bi/messaging';
import type { Migration } from '@bi/persistence';
import { revisionsTableSql } from '@bi/revisions';

export const RELATION_SCHEMA = 'relation';

export const RELATION_MIGRATIONS: Migration[] = [
  processedEventsMigration(RELATION_SCHEMA),
  {
    id: '0001_maps_nodes',
    sql: `
-- the relation-map folders of each tab (the sidebar)
CREATE TABLE relation.projects (
  project_id uuid PRIMARY KEY,
  tab text NOT NULL CHECK (tab IN ('dashboard', 'template')),
  name text NOT NULL,
  sort_order double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX projects_tab_name ON relation.projects (tab, lower(name));

CREATE TABLE relation.maps (
  relation_id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES relation.projects (project_id),
  tab text NOT NULL,
  name text NOT NULL,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maps_project ON relation.maps (project_id);

CREATE TABLE relation.nodes (
  node_id uuid NOT NULL,
  relation_id uuid NOT NULL REFERENCES relation.maps (relation_id) ON DELETE CASCADE,
  parent_id uuid,
  sort_order int NOT NULL,
  name text NOT NULL,
  chart_id text,
  relation_source_id text,
  is_concatenate boolean NOT NULL DEFAULT false,
  relation_name text,
  chart_type smallint NOT NULL DEFAULT 0 CHECK (chart_type IN (0, 1, 2)),
  formatter jsonb NOT NULL,
  -- its chart was deleted (dashboard.chart-changed, change_kind deleted)
  broken boolean NOT NULL DEFAULT false,
  PRIMARY KEY (relation_id, node_id)
);
CREATE INDEX nodes_chart ON relation.nodes (chart_id);

-- charts known deleted, so a node bound to one later is saved broken
CREATE TABLE relation.deleted_charts (
  chart_id text PRIMARY KEY,
  deleted_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // issue 33 (@bi/revisions): the history of relation maps (name and nodes)
    id: '0002_revisions',
    sql: revisionsTableSql('relation'),
  },
];
