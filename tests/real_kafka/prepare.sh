#!/usr/bin/env bash
# Resolves the classpath of each Kafka release the rig runs, once:
#   bash tests/real_kafka/prepare.sh WORK_DIR RELEASE...
# WORK_DIR/cp-RELEASE.txt: that release's broker (kafka_2.13, with its storage tool), tools and
# MirrorMaker 2 (connect-mirror) with their own dependencies, from Maven Central (cached in
# ~/.m2). A release Maven Central does not serve fails here, naming it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# Absolute: Maven resolves a relative output file against the pom's folder, not this one.
mkdir -p "$1"
work="$(cd "$1" && pwd)"
shift
for tool in java mvn openssl; do
  command -v "$tool" > /dev/null || { echo "prepare.sh: $tool is missing (bash .ci/bootstrap test installs it)" >&2; exit 1; }
done
for release in "$@"; do
  # A classpath resolved from an older pom is resolved again.
  [ -s "$work/cp-$release.txt" ] && [ "$work/cp-$release.txt" -nt "$here/release/pom.xml" ] && continue
  # 3.x logs through Log4j 1 (reload4j), 4.x through Log4j 2 (release/pom.xml's profiles).
  logging=()
  case "$release" in [0-3].*) logging=(-Dkafka.log4j1) ;; esac
  if ! mvn -q -B -Dstyle.color=never -f "$here/release/pom.xml" dependency:build-classpath -Dkafka.version="$release" \
      "${logging[@]}" -Dmdep.outputFile="$work/cp-$release.tmp" > "$work/resolve-$release.log" 2>&1; then
    grep -m1 -E "Could not|ERROR" "$work/resolve-$release.log" >&2 || true
    echo "prepare.sh: Kafka $release's broker or MirrorMaker 2 could not be resolved from Maven Central" >&2
    exit 1
  fi
  mv "$work/cp-$release.tmp" "$work/cp-$release.txt"
done
