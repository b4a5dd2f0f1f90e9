#!/usr/bin/env bash
# Starts the test servers, runs the given command with their addresses in the environment, and
# stops them again (by PID) whatever the command's outcome. Exit code = the command's.
# BI_TEST_SERVERS chooses which (default: all but Trino): e.g. BI_TEST_SERVERS=mariadb for the e2e run; the services
# run (npm run test:services) adds trino, whose catalogs read the test PostgreSQL and MariaDB (started alongside).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
HERE="$(dirname "${BASH_SOURCE[0]}")"
SERVERS="${BI_TEST_SERVERS:-postgres redis kafka mariadb}"
declare -A VARIABLE=([postgres]=TEST_DATABASE_URL [redis]=TEST_REDIS_URL [kafka]=TEST_KAFKA_BROKERS [mariadb]=TEST_MYSQL_URL [trino]=TEST_TRINO_URL)
cleanup() { for s in $SERVERS; do bash "$HERE/$s.sh" stop || true; done; }
trap cleanup EXIT
for s in $SERVERS; do
  [ -n "${VARIABLE[$s]:-}" ] || { echo "unknown test server: $s" >&2; exit 2; }
done
# Trino's JVM starts while the others do (its catalogs connect to PostgreSQL and MariaDB only when queried)
trino_start=""
if [[ " $SERVERS " == *" trino "* ]]; then bash "$HERE/trino.sh" start & trino_start=$!; fi
for s in $SERVERS; do
  [ "$s" = trino ] && continue
  bash "$HERE/$s.sh" start
  export "${VARIABLE[$s]}=$(bash "$HERE/$s.sh" url)"
  # the analytics store's own database and user on the same server (docs/adr/0029)
  if [ "$s" = postgres ]; then export TEST_ANALYTICS_DATABASE_URL="$(bash "$HERE/postgres.sh" analytics-url)"; fi
done
if [ -n "$trino_start" ]; then
  wait "$trino_start" || { echo "trino did not start" >&2; exit 1; }
  export TEST_TRINO_URL="$(bash "$HERE/trino.sh" url)"
fi
set +e
"$@"
code=$?
set -e
exit $code
