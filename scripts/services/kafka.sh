#!/usr/bin/env bash
# Single-node Kafka in KRaft mode for the services test run, from Maven Central's broker jars on the
# machine's Java 17: scripts/services/kafka.sh start|stop|url
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PORT="${BI_TEST_KAFKA_PORT:-59092}"
CONTROLLER_PORT="${BI_TEST_KAFKA_CONTROLLER_PORT:-59093}"
DIR="$SERVICES_DIR/kafka"
JARS="${BI_KAFKA_JARS:-$SERVICES_DIR/kafka-jars}"
PIDFILE="$SERVICES_DIR/kafka.pid"
POM="$REPO_ROOT/scripts/services/kafka/pom.xml"

fetch_jars() {
  if [ ! -f "$JARS/.complete" ]; then
    command -v mvn >/dev/null || { echo "Maven is needed to fetch Kafka's jars (apt-get install -y maven)" >&2; exit 1; }
    mkdir -p "$JARS"
    mvn -q -B -f "$POM" dependency:copy-dependencies -DoutputDirectory="$JARS"
    touch "$JARS/.complete"
  fi
}

case "${1:-}" in
  start)
    if pid_alive "$PIDFILE"; then echo "kafka already running (pid $(cat "$PIDFILE"))"; exit 0; fi
    command -v java >/dev/null || { echo "Java 17 is needed to run Kafka" >&2; exit 1; }
    fetch_jars
    mkdir -p "$DIR"
    cat >"$DIR/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$DIR/data
num.partitions=3
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
PROPS
    cat >"$DIR/log4j.properties" <<'PROPS'
log4j.rootLogger=WARN, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=${kafka.logs.dir}/server.log
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
PROPS
    JAVA_OPTS=(-Xms256m -Xmx768m -XX:+UseG1GC -Djava.awt.headless=true -Dkafka.logs.dir="$DIR" -Dlog4j.configuration="file:$DIR/log4j.properties")
    if [ ! -f "$DIR/data/meta.properties" ]; then
      java "${JAVA_OPTS[@]}" -cp "$JARS/*" kafka.tools.StorageTool format -t "$(java -cp "$JARS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n1)" \
        -c "$DIR/server.properties" >"$SERVICES_DIR/kafka-format.log" 2>&1
    fi
    java "${JAVA_OPTS[@]}" -cp "$JARS/*" kafka.Kafka "$DIR/server.properties" >"$SERVICES_DIR/kafka.log" 2>&1 &
    echo $! >"$PIDFILE"
    port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }
    wait_for 90 port_open || { echo "kafka did not start; see $SERVICES_DIR/kafka.log and $DIR/server.log" >&2; tail -30 "$SERVICES_DIR/kafka.log" >&2; exit 1; }
    echo "kafka running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"))"
    ;;
  stop) stop_pid "$PIDFILE" kafka ;;
  url) echo "127.0.0.1:$PORT" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
