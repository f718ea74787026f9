#!/usr/bin/env bash
# The real-cluster rig: two single-node KRaft clusters and a MirrorMaker 2 in dedicated mode, all
# from Maven Central (prepare.sh resolved them into WORK), on free loopback ports.
#   bash tests/real_kafka/rig.sh start WORK RELEASE WORKLOAD   (WORKLOAD: the rig-workload program)
#   bash tests/real_kafka/rig.sh stop WORK
#   bash tests/real_kafka/rig.sh kill WORK a|b|mm2     (SIGKILL, returns once it is gone)
#   bash tests/real_kafka/rig.sh restart WORK a|b|mm2  (the same command again; a broker: returns
#                                                       once it started)
#   bash tests/real_kafka/rig.sh java-consumer WORK GROUP TOPIC   (a KIP-848 consumer reads it all)
# Source cluster A: SASL_SSL with SCRAM-SHA-512 (a CA and a broker certificate made here) and ACLs
# (StandardAuthorizer); the principal `driftscope` may only read (README.md). Target B: plaintext.
# Everything lives in WORK/rig: rig.env (ports, paths), pids, the logs of both brokers, MM2 and
# the workload, and the client files: mm2.properties (MM2's, with its super user), and
# driftscope.properties (the same flow with driftscope's restricted principal).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mode="$1"
# Absolute: the client files name the certificates by path, and are read from other directories.
mkdir -p "$2"
work="$(cd "$2" && pwd)"
rig="$work/rig"

# The PIDs recorded by start, killed whatever state start reached.
stop() {
  [ -f "$rig/pids" ] || return 0
  local pid name
  # The workload first (it quiesces on SIGTERM), then MM2, then the brokers.
  for name in workload mm2 b a; do
    pid="$(sed -n "s/^$name=//p" "$rig/pids")"
    [ -n "$pid" ] && kill "$pid" 2> /dev/null || true
  done
  for _ in $(seq 1 100); do
    local alive=0
    while IFS== read -r name pid; do
      kill -0 "$pid" 2> /dev/null && alive=1
    done < "$rig/pids"
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  while IFS== read -r name pid; do
    kill -9 "$pid" 2> /dev/null || true
  done < "$rig/pids"
  rm -f "$rig/pids"
}

# A process killed outright can stay a zombie for a while when nobody reaps it: that is gone too.
running() {
  [ -n "$1" ] && kill -0 "$1" 2> /dev/null && [ "$(awk '{print $3}' "/proc/$1/stat" 2> /dev/null)" != Z ]
}
pid_of() { sed -n "s/^$1=//p" "$rig/pids"; }
set_pid() {
  sed -i "/^$1=/d" "$rig/pids"
  echo "$1=$2" >> "$rig/pids"
}
failed() {
  echo "rig.sh: $1" >&2
  echo "rig.sh: logs in $rig (a/server.log, a/authorizer.log, b/server.log, mm2/mm2.log, workload/workload.log)" >&2
  exit 1
}
# $1 what, $2 seconds, then the condition.
await() {
  local what="$1" seconds="$2"
  shift 2
  for _ in $(seq 1 $((seconds * 5))); do
    "$@" && return 0
    sleep 0.2
  done
  failed "$what within $seconds s"
}

# Two cores: the JVMs start with the serial collector and the C1 compiler only.
jvm=(java -Xms128m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto -Djava.awt.headless=true)
use_release() {
  classpath_file="$work/cp-$1.txt"
  [ -s "$classpath_file" ] || { echo "rig.sh: $classpath_file is missing (prepare.sh resolves it)" >&2; exit 1; }
  classpath="$(cat "$classpath_file")"
  # Kafka 4.x logs through Log4j 2; 3.x through Log4j 1 (reload4j), which reads another file format
  # named by another system property.
  case "$1" in
  [0-3].*) log4j_file=log4j.properties ;;
  *) log4j_file=log4j2.properties ;;
  esac
}
# The JVM option that points a process of the rig (a, b or mm2) at its logging configuration.
log_option() {
  if [ "$log4j_file" = log4j.properties ]; then
    echo "-Dlog4j.configuration=file:$rig/$1/$log4j_file"
  else
    echo "-Dlog4j2.configurationFile=$rig/$1/$log4j_file"
  fi
}
# The brokers and MM2 are started the same way by start and restart (a restart appends to the logs).
start_broker() {
  "${jvm[@]}" "$(log_option "$1")" -cp "$classpath" kafka.Kafka \
    "$rig/$1/server.properties" >> "$rig/$1/stdout.log" 2>&1 &
  set_pid "$1" $!
}
start_mm2() {
  "${jvm[@]}" "$(log_option mm2)" -cp "$classpath" \
    org.apache.kafka.connect.mirror.MirrorMaker "$rig/mm2.properties" >> "$rig/mm2/stdout.log" 2>&1 &
  set_pid mm2 $!
}
broker_starts() { grep -c "Kafka Server started" "$rig/$1/server.log" 2> /dev/null || true; }

case "$mode" in
stop)
  stop
  echo "rig stopped; its logs are in $rig"
  exit 0
  ;;
kill)
  name="$3"
  pid="$(pid_of "$name")"
  running "$pid" || failed "$name is not running"
  kill -9 "$pid"
  await "$name did not die" 30 eval '! running '"$pid"
  echo "$name ($pid) killed"
  exit 0
  ;;
java-consumer)
  # $3 group, $4 topic: Kafka's console consumer (a Java consumer) reads $4 from the start to its
  # end (until no record came for 10 s) in group $3 with the consumer group protocol (KIP-848),
  # commits and exits.
  use_release "$(sed -n 's/^RIG_RELEASE=//p' "$rig/rig.env")"
  sed -e "s|$rig/a/server.log|$rig/java-consumer.log|" -e "s|$rig/a/authorizer.log|$rig/java-consumer.log|" \
    "$rig/a/$log4j_file" > "$rig/java-consumer.$log4j_file"
  "${jvm[@]}" "$(log_option java-consumer | sed "s|$rig/java-consumer/|$rig/java-consumer.|")" -cp "$classpath" \
    org.apache.kafka.tools.consumer.ConsoleConsumer --consumer.config "$rig/source-admin-kip848.properties" \
    --bootstrap-server "$(sed -n 's/^RIG_SOURCE=//p' "$rig/rig.env")" --group "$3" --topic "$4" \
    --from-beginning --timeout-ms 10000 > /dev/null 2>> "$rig/java-consumer.log" ||
    failed "the console consumer of group $3 failed: $(tail -3 "$rig/java-consumer.log")"
  echo "group $3 read $4 to its end with group.protocol=consumer: $(grep -o 'Processed a total of [0-9]* messages' "$rig/java-consumer.log" | tail -1)"
  exit 0
  ;;
streams-app)
  # $3 application (group) id, $4 topic: the rig's own Streams application (a Java client with the
  # streams group protocol, KIP-1071) reads $4 from its start as the admin for 20 s, commits and
  # closes; then Kafka's own listing of every group type names the group's type.
  use_release "$(sed -n 's/^RIG_RELEASE=//p' "$rig/rig.env")"
  { grep -v '^group.protocol=' "$rig/source-admin-kip848.properties"
    printf 'application.id=%s\ngroup.protocol=streams\nstate.dir=%s\n' "$3" "$rig/streams-state"; } \
    > "$rig/streams-$3.properties"
  sed -e "s|$rig/a/server.log|$rig/streams-app.log|" -e "s|$rig/a/authorizer.log|$rig/streams-app.log|" \
    "$rig/a/$log4j_file" > "$rig/streams-app.$log4j_file"
  "${jvm[@]}" "$(log_option streams-app | sed "s|$rig/streams-app/|$rig/streams-app.|")" -cp "$classpath" \
    "$here/streams/StreamsGroupApp.java" "$rig/streams-$3.properties" "$4" 20 2>> "$rig/streams-app.log" ||
    failed "the Streams application $3 failed: $(tail -3 "$rig/streams-app.log")"
  "${jvm[@]}" -cp "$classpath" org.apache.kafka.tools.GroupsCommand --command-config "$rig/streams-$3.properties" \
    --bootstrap-server "$(sed -n 's/^RIG_SOURCE=//p' "$rig/rig.env")" --list 2>> "$rig/streams-app.log" |
    awk -v g="$3" '$1 == g { print "kafka-groups lists " g " as " $2 }'
  exit 0
  ;;
restart)
  name="$3"
  running "$(pid_of "$name")" && failed "$name is still running"
  use_release "$(sed -n 's/^RIG_RELEASE=//p' "$rig/rig.env")"
  restarted=$(date +%s%N)
  case "$name" in
  a | b)
    before="$(broker_starts "$name")"
    start_broker "$name"
    await "broker $name did not start again" 90 eval '[ "$(broker_starts '"$name"')" -gt '"$before"' ]'
    ;;
  mm2) start_mm2 ;;
  *) failed "restart: no $name (a, b or mm2)" ;;
  esac
  echo "$name restarted ($(pid_of "$name")) in $((($(date +%s%N) - restarted) / 1000000)) ms"
  exit 0
  ;;
start) ;;
*)
  echo "usage: rig.sh start WORK RELEASE WORKLOAD | stop WORK | kill WORK NAME | restart WORK NAME" >&2
  exit 2
  ;;
esac
release="$3"
workload="$4"
use_release "$release"
started=$(date +%s%N)

# A rig left by an interrupted run is stopped first; its files go.
stop
rm -rf "$rig"
mkdir -p "$rig"/{certs,a,b,mm2,workload}
: > "$rig/pids"

ports=($("$workload" ports 4)) || failed "no free loopback ports"
port_a=${ports[0]} port_a_controller=${ports[1]} port_b=${ports[2]} port_b_controller=${ports[3]}
# Test credentials of a throwaway rig, not secrets; each run makes its own.
admin_password="admin-$RANDOM$RANDOM"
mm2_password="mm2-$RANDOM$RANDOM"
driftscope_password="driftscope-$RANDOM$RANDOM"
store_password="store-$RANDOM$RANDOM"
canary_password="canary-$RANDOM$RANDOM" # a principal without ACLs: the tests see its denials logged

# ---- Certificates: a CA, and the source broker's certificate for 127.0.0.1 ----
certs="$rig/certs"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=driftscope rig CA" \
  -keyout "$certs/ca.key" -out "$certs/ca.pem" 2> "$certs/openssl.log"
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$certs/broker.key" \
  -out "$certs/broker.csr" 2>> "$certs/openssl.log"
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' > "$certs/san.ext"
openssl x509 -req -in "$certs/broker.csr" -CA "$certs/ca.pem" -CAkey "$certs/ca.key" -CAcreateserial \
  -days 2 -extfile "$certs/san.ext" -out "$certs/broker.pem" 2>> "$certs/openssl.log"
openssl pkcs12 -export -in "$certs/broker.pem" -inkey "$certs/broker.key" -name broker \
  -passout "pass:$store_password" -out "$certs/broker.p12" 2>> "$certs/openssl.log"
# A second CA, which signed nothing the brokers present: a client that trusts only it must fail.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=a CA the rig's brokers do not use" \
  -keyout "$certs/other-ca.key" -out "$certs/other-ca.pem" 2>> "$certs/openssl.log"

# ---- Broker configurations ----
# The authorizer's decisions go to authorizer.log (denials at INFO), the rest to server.log; times
# in UTC, as records are stamped, so that the tests can compare the two.
log4j2() {
  cat << EOF
status = warn
appender.server.type = File
appender.server.name = server
appender.server.fileName = $1/server.log
appender.server.layout.type = PatternLayout
appender.server.layout.pattern = [%d{yyyy-MM-dd HH:mm:ss,SSS}{UTC}] %p %m (%c)%n
appender.authorizer.type = File
appender.authorizer.name = authorizer
appender.authorizer.fileName = $1/authorizer.log
appender.authorizer.layout.type = PatternLayout
appender.authorizer.layout.pattern = [%d{yyyy-MM-dd HH:mm:ss,SSS}{UTC}] %p %m%n
rootLogger.level = info
rootLogger.appenderRef.server.ref = server
logger.authorizer.name = kafka.authorizer.logger
logger.authorizer.level = info
logger.authorizer.additivity = false
logger.authorizer.appenderRef.authorizer.ref = authorizer
EOF
}
# The same in Log4j 1's format (Kafka 3.x); EnhancedPatternLayout takes the time zone.
log4j1() {
  cat << EOF
log4j.rootLogger=INFO, server
log4j.appender.server=org.apache.log4j.FileAppender
log4j.appender.server.File=$1/server.log
log4j.appender.server.layout=org.apache.log4j.EnhancedPatternLayout
log4j.appender.server.layout.ConversionPattern=[%d{yyyy-MM-dd HH:mm:ss,SSS}{UTC}] %p %m (%c)%n
log4j.appender.authorizer=org.apache.log4j.FileAppender
log4j.appender.authorizer.File=$1/authorizer.log
log4j.appender.authorizer.layout=org.apache.log4j.EnhancedPatternLayout
log4j.appender.authorizer.layout.ConversionPattern=[%d{yyyy-MM-dd HH:mm:ss,SSS}{UTC}] %p %m%n
log4j.logger.kafka.authorizer.logger=INFO, authorizer
log4j.additivity.kafka.authorizer.logger=false
EOF
}
log4j() {
  if [ "$log4j_file" = log4j.properties ]; then log4j1 "$1"; else log4j2 "$1"; fi
}
common_broker() {
  cat << EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$2
controller.listener.names=CONTROLLER
log.dirs=$1/data
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=4
group.initial.rebalance.delay.ms=0
log.cleaner.backoff.ms=1000
auto.create.topics.enable=false
EOF
}
{
  common_broker "$rig/a" "$port_a_controller"
  cat << EOF
listeners=SASL_SSL://127.0.0.1:$port_a,CONTROLLER://127.0.0.1:$port_a_controller
advertised.listeners=SASL_SSL://127.0.0.1:$port_a
listener.security.protocol.map=SASL_SSL:SASL_SSL,CONTROLLER:PLAINTEXT
inter.broker.listener.name=SASL_SSL
# SCRAM-SHA-512 for the Java clients (the broker itself, MM2) and driftscope-scram.properties. PLAIN
# too, for librdkafka's main files: before 2.6.1 librdkafka sends a SCRAM client-final nonce that
# Kafka 4.x refuses (confluentinc/librdkafka#4895), and Debian 12 has 2.0.2 (README.md, "SCRAM and
# librdkafka"), so the suite also runs on a driftscope built against it.
sasl.enabled.mechanisms=SCRAM-SHA-512,PLAIN
sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="$admin_password";
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_admin="$admin_password" user_driftscope="$driftscope_password" user_canary="$canary_password";
ssl.keystore.type=PKCS12
ssl.keystore.location=$certs/broker.p12
ssl.keystore.password=$store_password
ssl.truststore.type=PEM
ssl.truststore.location=$certs/ca.pem
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
allow.everyone.if.no.acl.found=false
# admin: the broker itself and the workload; mm2: MirrorMaker 2. ANONYMOUS is the broker reaching
# its own controller over the plaintext CONTROLLER listener, which only listens on loopback.
super.users=User:admin;User:mm2;User:ANONYMOUS
EOF
} > "$rig/a/server.properties"
{
  common_broker "$rig/b" "$port_b_controller"
  cat << EOF
listeners=PLAINTEXT://127.0.0.1:$port_b,CONTROLLER://127.0.0.1:$port_b_controller
advertised.listeners=PLAINTEXT://127.0.0.1:$port_b
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
EOF
} > "$rig/b/server.properties"
log4j "$rig/a" > "$rig/a/$log4j_file"
log4j "$rig/b" > "$rig/b/$log4j_file"

# ---- The clients' files ----
# $1 mechanism (SCRAM-SHA-512 or PLAIN), $2 user, $3 password
jaas() {
  local module=org.apache.kafka.common.security.scram.ScramLoginModule
  [ "$1" = PLAIN ] && module=org.apache.kafka.common.security.plain.PlainLoginModule
  printf '%s required username="%s" password="%s";' "$module" "$2" "$3"
}
# MM2's configuration, which driftscope reads too: the PEM truststore is one both Java and
# librdkafka (as ssl.ca.location) can use.
mm2_properties() {
  cat << EOF
clusters=A,B
A.bootstrap.servers=127.0.0.1:$port_a
A.security.protocol=SASL_SSL
A.sasl.mechanism=$1
A.sasl.jaas.config=$(jaas "$1" "$2" "$3")
A.ssl.truststore.type=PEM
A.ssl.truststore.location=$certs/ca.pem
B.bootstrap.servers=127.0.0.1:$port_b
A->B.enabled=true
B->A.enabled=false
A->B.topics=orders|payments|customers
A->B.emit.checkpoints.interval.seconds=2
A->B.sync.group.offsets.enabled=true
A->B.sync.group.offsets.interval.seconds=2
A->B.emit.heartbeats.interval.seconds=1
A->B.refresh.topics.interval.seconds=5
A->B.refresh.groups.interval.seconds=5
# MM2 4.3.1 ignores this top-level worker setting (its workers log offset.flush.interval.ms =
# 60000; it takes it as B.offset.flush.interval.ms): the source task commits its offsets, and fires
# its pending syncs, every 60 s, and a killed MM2 replicates up to a minute again. Set as MM2 takes
# it, the syncs fired every second made checkpoints translated with a sync written after their stamp
# frequent (README.md, "Checkpoints stamped before their sync"): left as the rig had it until
# driftscope's rule allows for that.
offset.flush.interval.ms=1000
replication.factor=1
offset-syncs.topic.replication.factor=1
checkpoints.topic.replication.factor=1
heartbeats.topic.replication.factor=1
offset.storage.replication.factor=1
status.storage.replication.factor=1
config.storage.replication.factor=1
tasks.max=1
# MM2 (its configuration's config providers) and each herder's worker (whose settings are the
# target cluster's, A.* or B.*) find MM2's connectors and converters through their ServiceLoader
# manifests (KIP-898, 3.6+) instead of scanning every class on the classpath: seconds less at start
# and at a restart on two cores.
plugin.discovery=service_load
A.plugin.discovery=service_load
B.plugin.discovery=service_load
EOF
}
mm2_properties SCRAM-SHA-512 mm2 "$mm2_password" > "$rig/mm2.properties"
# driftscope's: MM2's file with driftscope's principal in place of MM2's (--mm2-config takes no
# -X overrides); driftscope-scram.properties is the same with SCRAM (scramUserReads).
mm2_properties PLAIN driftscope "$driftscope_password" > "$rig/driftscope.properties"
mm2_properties SCRAM-SHA-512 driftscope "$driftscope_password" > "$rig/driftscope-scram.properties"
# The same MM2 as a Strimzi KafkaMirrorMaker2 resource (docs/strimzi.md) that reaches A as
# driftscope: the cluster-internal address Strimzi would give, and Secrets it only names, which
# the test gives with -X (the rig's address, driftscope's password, the CA's PEM file).
cat > "$rig/driftscope.yaml" << EOF
apiVersion: kafka.strimzi.io/v1
kind: KafkaMirrorMaker2
metadata:
  name: rig
spec:
  version: $release
  replicas: 1
  target:
    alias: B
    bootstrapServers: 127.0.0.1:$port_b
    groupId: mm2-rig
    configStorageTopic: mm2-configs.A.internal
    offsetStorageTopic: mm2-offsets.A.internal
    statusStorageTopic: mm2-status.A.internal
    config:
      config.storage.replication.factor: 1
  mirrors:
  - source:
      alias: A
      bootstrapServers: cluster-a-kafka-bootstrap.kafka.svc:9093
      tls:
        trustedCertificates:
          - secretName: cluster-a-cluster-ca-cert
            certificate: ca.crt
      authentication:
        type: plain
        username: driftscope
        passwordSecret:
          secretName: driftscope
          password: password
    sourceConnector:
      tasksMax: 1
      config:
        replication.factor: 1
        offset-syncs.topic.replication.factor: 1
    checkpointConnector:
      tasksMax: 1
      config:
        checkpoints.topic.replication.factor: 1
        emit.checkpoints.interval.seconds: 2
        sync.group.offsets.enabled: "true"
        sync.group.offsets.interval.seconds: 2
    topicsPattern: "orders|payments|customers"
EOF
# The faults a user meets (README.md, "Faults"): a wrong password, and a CA that did not sign the
# broker's certificate; everything else is driftscope.properties.
wrong_password="wrong-$RANDOM$RANDOM"
mm2_properties PLAIN driftscope "$wrong_password" > "$rig/driftscope-wrong-password.properties"
sed "s|^A.ssl.truststore.location=.*|A.ssl.truststore.location=$certs/other-ca.pem|" \
  "$rig/driftscope.properties" > "$rig/driftscope-unknown-ca.properties"
# librdkafka settings of the workload (admin) on A, and of anything reading B.
cat > "$rig/source-admin.librdkafka" << EOF
bootstrap.servers=127.0.0.1:$port_a
security.protocol=SASL_SSL
sasl.mechanisms=PLAIN
sasl.username=admin
sasl.password=$admin_password
ssl.ca.location=$certs/ca.pem
EOF
sed -e 's/^sasl.username=.*/sasl.username=canary/' -e "s/^sasl.password=.*/sasl.password=$canary_password/" \
  "$rig/source-admin.librdkafka" > "$rig/canary.librdkafka"
printf 'bootstrap.servers=127.0.0.1:%s\n' "$port_b" > "$rig/target.librdkafka"
# A Java consumer of A as the admin with the consumer group protocol (KIP-848), for java-consumer.
cat > "$rig/source-admin-kip848.properties" << EOF
bootstrap.servers=127.0.0.1:$port_a
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=$(jaas SCRAM-SHA-512 admin "$admin_password")
ssl.truststore.type=PEM
ssl.truststore.location=$certs/ca.pem
group.protocol=consumer
EOF
cat > "$rig/rig.env" << EOF
RIG_RELEASE=$release
RIG_SOURCE=127.0.0.1:$port_a
RIG_TARGET=127.0.0.1:$port_b
RIG_CA=$certs/ca.pem
RIG_DRIFTSCOPE_PASSWORD=$driftscope_password
RIG_WRONG_PASSWORD=$wrong_password
EOF

# ---- Start-up ----
# The classes the rig runs have the same names in 3.9 and 4.x (the broker kafka.Kafka, the storage
# tool kafka.tools.StorageTool, StandardAuthorizer, MM2's MirrorMaker), and so do the KRaft keys
# and the storage tool's flags it uses (--cluster-id, -c, --add-scram).
storage_tool=kafka.tools.StorageTool
# (A random ID may start with "-": it is passed as --cluster-id=ID, never as a separate word.)
cluster_id() { head -c 16 /dev/urandom | base64 | tr '+/' '-_' | cut -c 1-22; }
"${jvm[@]}" "$(log_option a)" -cp "$classpath" $storage_tool format \
  --cluster-id="$(cluster_id)" -c "$rig/a/server.properties" \
  --add-scram "SCRAM-SHA-512=[name=admin,password=$admin_password]" \
  --add-scram "SCRAM-SHA-512=[name=mm2,password=$mm2_password]" \
  --add-scram "SCRAM-SHA-512=[name=driftscope,password=$driftscope_password]" > "$rig/a/format.log" 2>&1 &
format_a=$!
"${jvm[@]}" "$(log_option b)" -cp "$classpath" $storage_tool format \
  --cluster-id="$(cluster_id)" -c "$rig/b/server.properties" > "$rig/b/format.log" 2>&1 ||
  failed "formatting B's storage failed: $(tail -3 "$rig/b/format.log")"
wait $format_a || failed "formatting A's storage failed: $(tail -3 "$rig/a/format.log")"

start_broker a
start_broker b
alive() { running "$(pid_of "$1")"; }
started_up() {
  for cluster in a b; do
    alive "$cluster" || failed "broker $cluster exited: $(tail -3 "$rig/$cluster/stdout.log")"
    grep -q "Kafka Server started" "$rig/$cluster/server.log" 2> /dev/null || return 1
  done
}
await "the brokers did not start" 60 started_up
brokers_ms=$((($(date +%s%N) - started) / 1000000))

"$workload" setup "$rig/source-admin.librdkafka" > "$rig/workload/setup.log" 2>&1 ||
  failed "the source's topics and ACLs could not be made: $(cat "$rig/workload/setup.log")"
"$workload" run "$rig/source-admin.librdkafka" "$rig/workload/state" > "$rig/workload/workload.log" 2>&1 &
echo "workload=$!" >> "$rig/pids"
await "the workload did not start" 30 test -s "$rig/workload/state"

# MM2's own logging configuration: everything to mm2.log.
sed -e "s|$rig/a/server.log|$rig/mm2/mm2.log|" -e "s|$rig/a/authorizer.log|$rig/mm2/authorizer.log|" \
  "$rig/a/$log4j_file" > "$rig/mm2/$log4j_file"
start_mm2

# The workload's groups start once MM2 synced offsets of every mirrored partition (6).
syncs() {
  alive mm2 || failed "MirrorMaker 2 exited: $(tail -3 "$rig/mm2/stdout.log")"
  "$workload" wait-records "$rig/source-admin.librdkafka" mm2-offset-syncs.B.internal 6 1 > /dev/null 2>&1
}
await "MirrorMaker 2 wrote no offset syncs" 90 syncs
: > "$rig/workload/state.groups"

# Ready: MM2 created its internal topics, synced offsets and emitted checkpoints of every group
# the workload runs (billing, analytics, audit and reports, which commits every 8 s).
checkpoints() {
  alive mm2 || failed "MirrorMaker 2 exited: $(tail -3 "$rig/mm2/stdout.log")"
  alive workload || failed "the workload exited: $(tail -3 "$rig/workload/workload.log")"
  local groups
  groups="$("$workload" checkpoints "$rig/target.librdkafka" A.checkpoints.internal 2> /dev/null | cut -d' ' -f1 | sort -u | wc -l)"
  [ "$groups" -ge 4 ]
}
await "MirrorMaker 2 emitted no checkpoints" 90 checkpoints
"$workload" wait-records "$rig/target.librdkafka" heartbeats 1 10 > /dev/null ||
  failed "MirrorMaker 2 wrote no heartbeats"
total_ms=$((($(date +%s%N) - started) / 1000000))
echo "RIG_STARTUP_MS=$total_ms" >> "$rig/rig.env"
echo "rig up: Kafka $release, A=127.0.0.1:$port_a (SASL_SSL), B=127.0.0.1:$port_b; brokers after $brokers_ms ms, checkpoints after $total_ms ms; files in $rig"
