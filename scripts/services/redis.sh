#!/usr/bin/env bash
# Debian's redis-server for the services test run: scripts/services/redis.sh start|stop|url
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PORT="${BI_TEST_REDIS_PORT:-56379}"
DIR="$SERVICES_DIR/redis"
PIDFILE="$SERVICES_DIR/redis.pid"

case "${1:-}" in
  start)
    if pid_alive "$PIDFILE"; then echo "redis already running (pid $(cat "$PIDFILE"))"; exit 0; fi
    command -v redis-server >/dev/null || { echo "redis-server not installed: apt-get install -y redis-server" >&2; exit 1; }
    mkdir -p "$DIR"
    redis-server --bind 127.0.0.1 --port "$PORT" --dir "$DIR" --save "" --appendonly no --protected-mode yes \
      --daemonize no --logfile "$SERVICES_DIR/redis.log" &
    echo $! >"$PIDFILE"
    wait_for 20 redis-cli -h 127.0.0.1 -p "$PORT" ping || { echo "redis did not start; see $SERVICES_DIR/redis.log" >&2; exit 1; }
    echo "redis running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"))"
    ;;
  stop) stop_pid "$PIDFILE" redis ;;
  url) echo "redis://127.0.0.1:$PORT" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
