#!/usr/bin/env bash
# A single-node Trino for the services test run: scripts/services/trino.sh start|stop|url
# The server tar.gz comes from Maven Central into the Maven cache (~/.m2, cached between CI runs) and is
# unpacked once into $BI_TRINO_CACHE/<version>; etc/ (coordinator as worker, catalogs tpch, postgresql over
# the test PostgreSQL, analytics over its analytics database, mariadb over the test MariaDB) and the data directory live under $SERVICES_DIR/trino.
# Trino 476 needs Java 24+: $BI_TRINO_JAVA_HOME (default the Temurin 25 JDK) or $JAVA_HOME.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
VERSION="${BI_TRINO_VERSION:-476}"
PORT="${BI_TEST_TRINO_PORT:-58080}"
HEAP="${BI_TRINO_HEAP:-1500m}"
CACHE="${BI_TRINO_CACHE:-$HOME/.cache/bi-trino}"
HOME_DIR="$CACHE/trino-server-$VERSION"
TARBALL="$HOME/.m2/repository/io/trino/trino-server/$VERSION/trino-server-$VERSION.tar.gz"
DIR="$SERVICES_DIR/trino"
PIDFILE="$SERVICES_DIR/trino.pid"
URL="http://127.0.0.1:$PORT"
PG_PORT="${BI_TEST_PG_PORT:-55432}"
MYSQL_PORT="${BI_TEST_MYSQL_PORT:-53306}"
JAVA_DIR="${BI_TRINO_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
[ -x "$JAVA_DIR/bin/java" ] || JAVA_DIR="${JAVA_HOME:-}"

ready() { pid_alive "$PIDFILE" || return 0; curl -fsS "$URL/v1/info" | grep -q '"starting":false'; }

write_etc() {
  mkdir -p "$DIR/etc/catalog" "$DIR/data"
  cat >"$DIR/etc/node.properties" <<PROPS
node.environment=bi_test
node.id=bi-test-trino
node.data-dir=$DIR/data
PROPS
  cat >"$DIR/etc/jvm.config" <<PROPS
-server
-Xmx$HEAP
-XX:InitialRAMPercentage=10
-XX:+UseG1GC
-XX:+ExplicitGCInvokesConcurrent
-XX:+HeapDumpOnOutOfMemoryError
-XX:+ExitOnOutOfMemoryError
-XX:-OmitStackTraceInFastThrow
-XX:ReservedCodeCacheSize=256M
-XX:PerMethodRecompilationCutoff=10000
-XX:PerBytecodeRecompilationCutoff=10000
-Djdk.attach.allowAttachSelf=true
-Djdk.nio.maxCachedBufferSize=2000000
-Dfile.encoding=UTF-8
-XX:+EnableDynamicAgentLoading
-XX:TieredStopAtLevel=1
PROPS
  cat >"$DIR/etc/config.properties" <<PROPS
coordinator=true
node-scheduler.include-coordinator=true
http-server.http.port=$PORT
discovery.uri=$URL
query.max-memory=800MB
query.max-memory-per-node=800MB
memory.heap-headroom-per-node=300MB
task.concurrency=2
catalog.management=static
PROPS
  echo "node.internal-address=127.0.0.1" >>"$DIR/etc/node.properties"
  printf 'io.trino=WARN\n' >"$DIR/etc/log.properties"
  rm -f "$DIR/etc/catalog/"*.properties
  echo "connector.name=tpch" >"$DIR/etc/catalog/tpch.properties"
  cat >"$DIR/etc/catalog/postgresql.properties" <<PROPS
connector.name=postgresql
connection-url=jdbc:postgresql://127.0.0.1:$PG_PORT/${BI_TRINO_PG_DATABASE:-postgres}
connection-user=postgres
connection-password=
PROPS
  # the analytics store's own database (docs/adr/0029; postgres.sh analytics-url): joins across stores of uploads
  cat >"$DIR/etc/catalog/analytics.properties" <<PROPS
connector.name=postgresql
connection-url=jdbc:postgresql://127.0.0.1:$PG_PORT/${BI_TRINO_ANALYTICS_DATABASE:-bi_analytics}
connection-user=postgres
connection-password=
PROPS
  cat >"$DIR/etc/catalog/mariadb.properties" <<PROPS
connector.name=mariadb
connection-url=jdbc:mariadb://127.0.0.1:$MYSQL_PORT
connection-user=root
connection-password=bi-test-root
PROPS
}

case "${1:-}" in
  start)
    if pid_alive "$PIDFILE"; then echo "trino already running (pid $(cat "$PIDFILE"))"; exit 0; fi
    [ -n "$JAVA_DIR" ] && [ -x "$JAVA_DIR/bin/java" ] || { echo "Trino $VERSION needs Java 24+: set BI_TRINO_JAVA_HOME" >&2; exit 1; }
    if [ ! -x "$HOME_DIR/bin/launcher" ]; then
      if [ ! -f "$TARBALL" ]; then
        command -v mvn >/dev/null || { echo "mvn not installed (apt-get install -y maven)" >&2; exit 1; }
        echo "fetching io.trino:trino-server:$VERSION:tar.gz into the Maven cache (~800 MB)"
        mvn -q dependency:get -Dartifact="io.trino:trino-server:$VERSION:tar.gz" -Dtransitive=false \
          || { echo "could not fetch trino-server $VERSION" >&2; exit 1; }
      fi
      mkdir -p "$CACHE"
      tmp="$(mktemp -d "$CACHE/unpack.XXXXXX")"
      tar -xzf "$TARBALL" -C "$tmp"
      rm -rf "$HOME_DIR"; mv "$tmp/trino-server-$VERSION" "$HOME_DIR"; rm -rf "$tmp"
    fi
    write_etc
    started=$(date +%s)
    JAVA_HOME="$JAVA_DIR" PATH="$JAVA_DIR/bin:$PATH" "$HOME_DIR/bin/launcher" run --etc-dir="$DIR/etc" \
      --data-dir="$DIR/data" >"$SERVICES_DIR/trino.log" 2>&1 &
    echo $! >"$PIDFILE"
    wait_for 180 ready && pid_alive "$PIDFILE" || { echo "trino did not start; see $SERVICES_DIR/trino.log" >&2; tail -n 40 "$SERVICES_DIR/trino.log" >&2; stop_pid "$PIDFILE" trino; exit 1; }
    echo "trino running on $URL (pid $(cat "$PIDFILE"), started in $(( $(date +%s) - started )) s)"
    ;;
  stop) stop_pid "$PIDFILE" trino ;;
  url) echo "$URL" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
