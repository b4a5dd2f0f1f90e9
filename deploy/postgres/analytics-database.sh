#!/usr/bin/env bash
# The analytics store's own database and user (issue 34, docs/adr/0029-clickhouse-and-analytics-database.md):
# uploads and joined tables live in database $BI_ANALYTICS_DB, owned by and reached as $BI_ANALYTICS_USER,
# which may connect to no other database (CONNECT on the metadata database is revoked from PUBLIC), so
# an administrator's free SQL on the analytics store cannot read the metadata schemas.
# Idempotent. Run by the official postgres image from /docker-entrypoint-initdb.d (docker-compose.yml,
# deploy/k8s/infra.yaml) and by scripts/services/postgres.sh; psql's connection comes from the PG*
# variables or the image's socket.
#   POSTGRES_USER, POSTGRES_DB      the superuser and the metadata database (the image sets both)
#   BI_ANALYTICS_PASSWORD           the analytics user's password (required)
#   BI_ANALYTICS_DB, BI_ANALYTICS_USER   default bi_analytics
set -euo pipefail
: "${BI_ANALYTICS_PASSWORD:?set BI_ANALYTICS_PASSWORD}"
PSQL="${PSQL:-psql}"
"$PSQL" -v ON_ERROR_STOP=1 -q --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-postgres}" \
  -v user="${BI_ANALYTICS_USER:-bi_analytics}" -v db="${BI_ANALYTICS_DB:-bi_analytics}" -v password="$BI_ANALYTICS_PASSWORD" -v metadata="${POSTGRES_DB:-postgres}" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'user', :'password') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
SELECT format('ALTER ROLE %I NOSUPERUSER NOCREATEDB NOCREATEROLE LOGIN PASSWORD %L', :'user', :'password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', :'db') \gexec
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', :'metadata') \gexec
SQL
