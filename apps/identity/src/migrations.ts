import type { Migration } from '@bi/persistence';

export const IDENTITY_SCHEMA = 'identity';

export const IDENTITY_MIGRATIONS: Migration[] = [
  {
    id: '0001_users_roles_sessions',
    sql: `
CREATE TABLE identity.users (
  id uuid PRIMARY KEY,
  user_name text NOT NULL,
  display_name text NOT NULL,
  password_hash text NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_name_length CHECK (char_length(user_name) BETWEEN 1 AND 64)
);
CREATE UNIQUE INDEX users_user_name_lower ON identity.users (lower(user_name));

CREATE TABLE identity.roles (
  id text PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE identity.user_roles (
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES identity.roles (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE identity.role_permissions (
  role_id text NOT NULL REFERENCES identity.roles (id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (role_id, permission)
);

-- Grants on one object (datasource:{id}) given to a user directly.
CREATE TABLE identity.user_permissions (
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (user_id, permission)
);

-- One row per issued token; logout sets revoked_at.
CREATE TABLE identity.sessions (
  jti uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  auto_login boolean NOT NULL DEFAULT false
);
CREATE INDEX sessions_user ON identity.sessions (user_id);
`,
  },
  {
    // Edit rights (dashboard:edit), passwords an administrator set, and the audit log.
    id: '0002_grants_admin_audit',
    sql: `
ALTER TABLE identity.users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

INSERT INTO identity.role_permissions (role_id, permission)
  SELECT id, 'dashboard:edit' FROM identity.roles WHERE id IN ('admin', 'analyst')
  ON CONFLICT DO NOTHING;

CREATE INDEX role_permissions_permission ON identity.role_permissions (permission);
CREATE INDEX user_permissions_permission ON identity.user_permissions (permission);

CREATE TABLE identity.audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id text NOT NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
`,
  },
  {
    // The user's own language (the web's language switch); NULL: BI_DEFAULT_LANGUAGE.
    id: '0003_user_language',
    sql: `ALTER TABLE identity.users ADD COLUMN language text CHECK (language IN ('zh-CN', 'zh-TW', 'en'));`,
  },
  {
    // API keys (issue 32, docs/api/api-keys.md): a hash of the secret, never the secret; the creator's rights cap the key.
    id: '0004_api_keys',
    sql: `
CREATE TABLE identity.api_keys (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  scopes text[] NOT NULL,
  secret_hash text NOT NULL,
  hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_used_at timestamptz,
  last_used_ip text
);
CREATE UNIQUE INDEX api_keys_secret_hash ON identity.api_keys (secret_hash);
CREATE INDEX api_keys_user ON identity.api_keys (user_id);
`,
  },
  {
    // The install's embedding secret (issue 32, docs/api/embedding.md): one row, encrypted with @bi/core SecretBox
    // (AES-256-GCM, 'embed-secret' as associated data) so every BFF replica reads the same one and sees a rotation.
    id: '0006_embed_secret',
    sql: `
CREATE TABLE identity.embed_secret (
  id text PRIMARY KEY CHECK (id = 'install'),
  secret_enc text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];
