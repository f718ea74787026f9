#!/usr/bin/env bash
# Builds the reference driver and resolves the classpath of each Kafka release named, once:
#   bash tests/reference/prepare.sh WORK_DIR RELEASE...
# WORK_DIR/driver.jar and WORK_DIR/driver.classpath: the driver and what it needs itself (Mockito);
# WORK_DIR/cp-RELEASE.txt: that release's connect-mirror with its own dependencies, from Maven Central
# (cached in ~/.m2). A release Maven Central does not serve fails here, naming it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$1"
shift
mkdir -p "$work"
for tool in java mvn; do
  command -v "$tool" > /dev/null || { echo "prepare.sh: $tool is missing (bash .ci/bootstrap test installs it)" >&2; exit 1; }
done
mvn=(mvn -q -B -Dstyle.color=never)
if [ ! -s "$work/driver.jar" ] || [ -n "$(find "$here/src" "$here/pom.xml" -newer "$work/driver.jar" -print -quit)" ]; then
  "${mvn[@]}" -f "$here/pom.xml" -DbuildDirectory="$work/build" package > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; echo "prepare.sh: the driver did not build" >&2; exit 1; }
  "${mvn[@]}" -f "$here/pom.xml" -DbuildDirectory="$work/build" dependency:build-classpath -DincludeScope=runtime \
    -Dmdep.outputFile="$work/driver.classpath" >> "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }
  cp "$work/build/driftscope-reference.jar" "$work/driver.jar"
fi
for release in "$@"; do
  [ -s "$work/cp-$release.txt" ] && continue
  if ! "${mvn[@]}" -f "$here/release/pom.xml" dependency:build-classpath -Dkafka.version="$release" \
      -Dmdep.outputFile="$work/cp-$release.tmp" > "$work/resolve-$release.log" 2>&1; then
    grep -m1 -E "Could not|ERROR" "$work/resolve-$release.log" >&2 || true
    echo "prepare.sh: Kafka $release's connect-mirror could not be resolved from Maven Central" >&2
    exit 1
  fi
  mv "$work/cp-$release.tmp" "$work/cp-$release.txt"
done
