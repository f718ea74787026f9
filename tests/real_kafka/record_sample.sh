#!/usr/bin/env bash
# Records resources/samples/real-mm2.capture again from the rig: Kafka 4.3.1's brokers and MM2
# with the rig's workload, read by driftscope-cli record as the restricted principal through
# driftscope.properties, for SECONDS (default 150) after the rig is ready.
#   bash tests/real_kafka/record_sample.sh BUILD_DIR OUT [SECONDS]
# BUILD_DIR: a build with driftscope-cli and rig-workload (cmake --build BUILD_DIR --target
# driftscope-cli rig-workload). The rig runs in BUILD_DIR/tests/real_kafka and is stopped at the end.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$(cd "$1" && pwd)"
out="$2"
seconds="${3:-150}"
work="$build/tests/real_kafka"
release=4.3.1
[ ! -e "$out" ] || { echo "record_sample.sh: $out exists (record never overwrites)" >&2; exit 1; }
bash "$here/prepare.sh" "$work" "$release"
trap 'bash "$here/rig.sh" stop "$work" > /dev/null' EXIT
bash "$here/rig.sh" start "$work" "$release" "$build/tests/rig-workload"
"$build/app/driftscope-cli" record --out "$out" --duration "$seconds" \
  --mm2-config "$work/rig/driftscope.properties" --mm2-version "$release"
