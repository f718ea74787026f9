#!/usr/bin/env bash
# Runs the reference driver on Kafka release RELEASE's own MirrorMaker 2 classes, one JVM for it:
#   bash tests/reference/driver.sh WORK_DIR RELEASE < script > answers
# (prepare.sh WORK_DIR RELEASE first.)
set -euo pipefail
work="$1"
release="$2"
[ -s "$work/cp-$release.txt" ] || { echo "driver.sh: no classpath for $release in $work (run prepare.sh)" >&2; exit 1; }
# The release's own jars come first: its kafka-clients and slf4j are the ones MM2 was built with.
exec java -Xss4m -XX:+UseSerialGC -cp "$(cat "$work/cp-$release.txt"):$work/driver.jar:$(cat "$work/driver.classpath")" \
  org.driftscope.reference.Driver 2> "$work/driver-$release.stderr"
