#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine: the PostgreSQL, Redis and MariaDB servers (services run) and
# Chromium (end-to-end run) from Debian's packages, then the npm packages from the lock file.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"

need=()
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null || need+=(redis-server)
[ -x /usr/sbin/mariadbd ] || command -v mariadbd >/dev/null || need+=(mariadb-server)
[ -x /usr/bin/chromium ] || need+=(chromium)
# Kafka for the services run: Java 17 runs the broker, Maven fetches its jars
command -v java >/dev/null || need+=(openjdk-17-jre-headless)
command -v mvn >/dev/null || need+=(maven)
# CJK fonts, so Chinese UI text renders in screenshots
fc-list 2>/dev/null | grep -qi "wenquanyi\|noto sans cjk" || need+=(fonts-wqy-zenhei)
# Noto CJK for charts drawn on the server (@bi/render: resvg loads the system fonts); poppler-utils' pdftoppm reads its PDFs in tests
fc-list 2>/dev/null | grep -qi "noto sans cjk" || need+=(fonts-noto-cjk)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing Debian packages: ${need[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
  # The Debian package may start a cluster on 5432; the tests run their own server, so stop it.
  if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql/*/main >/dev/null 2>&1; then
    for v in $(ls /etc/postgresql); do $SUDO pg_ctlcluster "$v" main stop 2>/dev/null || true; done
  fi
  # Likewise the packaged redis-server service.
  command -v service >/dev/null && $SUDO service redis-server stop >/dev/null 2>&1 || true
  # And the packaged MariaDB (scripts/services/mariadb.sh runs its own on 53306).
  command -v service >/dev/null && $SUDO service mariadb stop >/dev/null 2>&1 || true
fi

# Trino for the services run (scripts/services/trino.sh) needs Java 24+, which Debian does not package: the machine's
# Temurin 25 JDK, or BI_TRINO_JAVA_HOME. Without one the services run stops at Trino's start.
[ -x "${BI_TRINO_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java" ] || echo "warning: no Java 24+ for Trino (install a Temurin 25 JDK or set BI_TRINO_JAVA_HOME)" >&2

# Node.js 22 or 24 LTS (Node 20 is past its end of life, and i18next, react-i18next and file-type need 22+):
# when the machine's Node is older, the Node 24 build from the npm registry (package node-linux-<arch>)
# is installed under .tools/node; `source scripts/node-path.sh` puts it first on PATH (.ci/run does).
NODE_LTS_VERSION=24.22.3
if [ "$(node -p 'Number(process.versions.node.split(".")[0])')" -lt 22 ]; then
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
  if [ ! -x ".tools/node/node_modules/node-linux-$arch/bin/node" ] || [ "$(".tools/node/node_modules/node-linux-$arch/bin/node" --version)" != "v$NODE_LTS_VERSION" ]; then
    echo "installing Node.js $NODE_LTS_VERSION under .tools/node (the machine has $(node --version))"
    mkdir -p .tools/node
    npm install --no-audit --no-fund --no-save --prefix .tools/node "node-linux-$arch@$NODE_LTS_VERSION"
  fi
fi
source scripts/node-path.sh

# `npm install`, not `npm ci`: the registry mirror lacks some other-platform binaries that the lock
# names as optional, which `npm ci` refuses; `npm install` follows the lock and skips them.
npm install --no-audit --no-fund

# ClickHouse's own engine in-process (chdb, from PyPI) runs the ClickHouse dialect's statements in the tests
# (libs/query/src/clickhouse.integration-spec.ts); without python3 or PyPI that test says it was skipped.
CHDB_VERSION=4.4.0
if command -v python3 >/dev/null && ! python3 -c 'import chdb' 2>/dev/null; then
  echo "installing chdb $CHDB_VERSION (python3 -m pip --user)"
  python3 -m pip install -q --user "chdb==$CHDB_VERSION" 2>/dev/null \
    || python3 -m pip install -q --user --break-system-packages "chdb==$CHDB_VERSION" \
    || echo "chdb not installed: the ClickHouse engine test will be skipped"
fi
