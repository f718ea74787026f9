#!/usr/bin/env bash
# Runs every fuzz target of a DRIFTSCOPE_FUZZ build for a while and says how many inputs each
# executed; fails if any target crashed, leaked, timed out or broke a checked property.
#   run_fuzzers.sh BUILD_DIR [SECONDS_PER_TARGET]   (default 30)
# Environment: DRIFTSCOPE_FUZZ_PARALLEL targets at once (default 1), DRIFTSCOPE_FUZZ_TARGETS a
# space-separated subset. Each target works on BUILD_DIR/fuzz-runs/NAME/corpus, seeded from the
# committed corpus (which is never written to) and kept between runs, so coverage accumulates;
# crash inputs land in BUILD_DIR/fuzz-runs/NAME/.
set -uo pipefail
build=$(cd "$1" && pwd)
seconds=${2:-30}
parallel=${DRIFTSCOPE_FUZZ_PARALLEL:-1}
here=$(cd "$(dirname "$0")" && pwd)

targets=(${DRIFTSCOPE_FUZZ_TARGETS:-$(ls "$here/corpus")})

run_one() {
  local name=$1 exe="$build/tests/fuzz/$1" work="$build/fuzz-runs/$1"
  mkdir -p "$work/corpus"
  cp -n "$here/corpus/$name"/* "$work/corpus/" 2>/dev/null
  local dict=()
  [ -f "$here/dicts/$name.dict" ] && dict=(-dict="$here/dicts/$name.dict")
  if [ ! -x "$exe" ]; then
    echo "FAIL $name: $exe is not built" >"$work/result"
    return
  fi
  "$exe" -max_total_time="$seconds" -print_final_stats=1 -timeout=25 -rss_limit_mb=2048 \
    -artifact_prefix="$work/" "${dict[@]}" "$work/corpus" >"$work/log" 2>&1
  local rc=$?
  # libFuzzer's final stats; "Done N runs" is the fallback of older versions.
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
  [ -n "$runs" ] || runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$work/log" | tail -1)
  local files
  files=$(ls "$work/corpus" | wc -l)
  if [ "$rc" -eq 0 ]; then
    echo "ok   $name: ${runs:-?} executions in ${seconds} s, corpus $files files" >"$work/result"
  else
    {
      echo "FAIL $name (exit $rc) after ${runs:-?} executions; log $work/log"
      grep -E "^(==[0-9]+==ERROR|SUMMARY|fuzz property violated|artifact_prefix|Test unit written)" "$work/log" | head -20
    } >"$work/result"
  fi
}

for name in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do
    wait -n
  done
  run_one "$name" &
done
wait

failed=0
for name in "${targets[@]}"; do
  cat "$build/fuzz-runs/$name/result"
  grep -q '^ok ' "$build/fuzz-runs/$name/result" || failed=1
done
exit "$failed"
