#!/usr/bin/env bash
# Starts the test servers, runs the given command with their addresses in the environment, and
# stops them again (by PID) whatever the command's outcome. Exit code = the command's.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
HERE="$(dirname "${BASH_SOURCE[0]}")"
cleanup() { bash "$HERE/postgres.sh" stop || true; bash "$HERE/redis.sh" stop || true; bash "$HERE/kafka.sh" stop || true; bash "$HERE/mariadb.sh" stop || true; }
trap cleanup EXIT
bash "$HERE/postgres.sh" start
bash "$HERE/redis.sh" start
bash "$HERE/kafka.sh" start
bash "$HERE/mariadb.sh" start
export TEST_DATABASE_URL="$(bash "$HERE/postgres.sh" url)"
export TEST_REDIS_URL="$(bash "$HERE/redis.sh" url)"
export TEST_KAFKA_BROKERS="$(bash "$HERE/kafka.sh" url)"
export TEST_MYSQL_URL="$(bash "$HERE/mariadb.sh" url)"
set +e
"$@"
code=$?
set -e
exit $code
