#!/usr/bin/env bash
# Debian's PostgreSQL for the services test run: scripts/services/postgres.sh start|stop|url|analytics-url
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PORT="${BI_TEST_PG_PORT:-55432}"
DIR="$SERVICES_DIR/postgres"
PIDFILE="$SERVICES_DIR/postgres.pid"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)"
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# the analytics store's own database and user (deploy/postgres/analytics-database.sh, docs/adr/0029)
ANALYTICS_URL="postgres://bi_analytics:bi-analytics-test@127.0.0.1:$PORT/bi_analytics"

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    if pid_alive "$PIDFILE"; then echo "postgres already running (pid $(cat "$PIDFILE"))"; exit 0; fi
    [ -x "$BIN/postgres" ] || { echo "PostgreSQL server not installed: apt-get install -y postgresql" >&2; exit 1; }
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown postgres "$DIR" "$SERVICES_DIR"
      chmod 700 "$DIR"
      as_pg "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$SERVICES_DIR/postgres-initdb.log"
    fi
    as_pg "$BIN/postgres" -D "$DIR" -p "$PORT" -c listen_addresses=127.0.0.1 -c unix_socket_directories="$DIR" \
      -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 \
      >"$SERVICES_DIR/postgres.log" 2>&1 &
    wait_for 30 "$BIN/pg_isready" -h 127.0.0.1 -p "$PORT" || { echo "postgres did not start; see $SERVICES_DIR/postgres.log" >&2; cat "$SERVICES_DIR/postgres.log" >&2; exit 1; }
    # The server's own PID (runuser's would not be the one to signal).
    head -n1 "$DIR/postmaster.pid" >"$PIDFILE"
    PSQL="$(command -v psql || echo "$BIN/psql")" PGHOST=127.0.0.1 PGPORT="$PORT" POSTGRES_USER=postgres POSTGRES_DB=postgres BI_ANALYTICS_PASSWORD=bi-analytics-test \
      bash "$REPO_ROOT/deploy/postgres/analytics-database.sh"
    echo "postgres running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"))"
    ;;
  stop) stop_pid "$PIDFILE" postgres ;;
  url) echo "$URL" ;;
  analytics-url) echo "$ANALYTICS_URL" ;;
  *) echo "usage: $0 start|stop|url|analytics-url" >&2; exit 2 ;;
esac
