# Shared helpers for the test servers: state lives in $BI_SERVICES_DIR (default .services/), each
# server's PID in <name>.pid; servers listen on 127.0.0.1 only and are stopped by that PID.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SERVICES_DIR="${BI_SERVICES_DIR:-$REPO_ROOT/.services}"
mkdir -p "$SERVICES_DIR"

pid_alive() { [ -f "$1" ] && kill -0 "$(head -n1 "$1")" 2>/dev/null; }

wait_for() { # wait_for SECONDS COMMAND...
  local deadline=$(( $(date +%s) + $1 )); shift
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.5
  done
}

stop_pid() { # stop_pid PIDFILE NAME
  local file=$1 name=$2
  if pid_alive "$file"; then
    local pid; pid=$(head -n1 "$file")
    kill -TERM "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" || true
    echo "$name stopped (pid $pid)"
  fi
  rm -f "$file"
}
