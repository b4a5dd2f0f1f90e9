#!/usr/bin/env bash
# Debian's MariaDB for the services test run: scripts/services/mariadb.sh start|stop|url
# Its own data directory under $SERVICES_DIR/mariadb, 127.0.0.1 only, root with a test password.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PORT="${BI_TEST_MYSQL_PORT:-53306}"
DIR="$SERVICES_DIR/mariadb"
PIDFILE="$SERVICES_DIR/mariadb.pid"
SOCKET="$DIR/mariadb.sock"
PASSWORD="bi-test-root"
URL="mysql://root:$PASSWORD@127.0.0.1:$PORT/"
SERVER="$(command -v mariadbd || ls /usr/sbin/mariadbd 2>/dev/null || true)"

# The server drops to user mysql when started as root; otherwise it runs as the caller.
run_as() { if [ "$(id -u)" = 0 ]; then echo "--user=mysql"; fi; }

case "${1:-}" in
  start)
    if pid_alive "$PIDFILE"; then echo "mariadb already running (pid $(cat "$PIDFILE"))"; exit 0; fi
    [ -n "$SERVER" ] && [ -x "$SERVER" ] || { echo "MariaDB server not installed: apt-get install -y mariadb-server" >&2; exit 1; }
    if [ ! -d "$DIR/mysql" ]; then
      mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown mysql "$DIR"
      chmod 700 "$DIR"
      mariadb-install-db $(run_as) --datadir="$DIR" --auth-root-authentication-method=normal \
        --skip-test-db >"$SERVICES_DIR/mariadb-install.log" 2>&1 \
        || { echo "mariadb-install-db failed; see $SERVICES_DIR/mariadb-install.log" >&2; exit 1; }
    fi
    "$SERVER" --no-defaults $(run_as) --datadir="$DIR" --socket="$SOCKET" --pid-file="$DIR/mariadb.pid" \
      --bind-address=127.0.0.1 --port="$PORT" --skip-name-resolve --character-set-server=utf8mb4 \
      --collation-server=utf8mb4_unicode_ci --innodb-flush-log-at-trx-commit=0 --skip-log-bin \
      --max-connections=300 --log-error="$DIR/mariadb.err" &
    echo $! >"$PIDFILE"
    wait_for 60 mariadb-admin --no-defaults --socket="$SOCKET" -uroot ping \
      || { echo "mariadb did not start; see $DIR/mariadb.err" >&2; cat "$DIR/mariadb.err" >&2 || true; exit 1; }
    # TCP access for the tests: root@127.0.0.1 with a password (checked by the wrong-password tests).
    mariadb --no-defaults --socket="$SOCKET" -uroot -e \
      "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1';
       ALTER USER 'root'@'127.0.0.1' IDENTIFIED BY '$PASSWORD';
       GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION; FLUSH PRIVILEGES;"
    echo "mariadb running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"))"
    ;;
  stop) stop_pid "$PIDFILE" mariadb ;;
  url) echo "$URL" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
