#!/usr/bin/env bash
# CTest's fuzz_short_runs: builds the fuzz targets with clang in a build directory of their own,
# then runs each one briefly (run_fuzzers.sh).
#   ctest_fuzz.sh SOURCE_DIR FUZZ_BUILD_DIR [CMAKE_GENERATOR [DRIFTSCOPE_LIBRDKAFKA]]
# Exits 77 (CTest: skipped) when clang or its libFuzzer runtime (libclang-rt-NN-dev) is missing.
# DRIFTSCOPE_FUZZ_SECONDS sets the seconds per target (default 8, README.md says why).
set -euo pipefail
src=$1
build=$2
generator=${3:-Ninja}
librdkafka=${4:-system}
seconds=${DRIFTSCOPE_FUZZ_SECONDS:-8}

if ! command -v clang >/dev/null || ! command -v clang++ >/dev/null; then
  echo "clang/clang++ not found: fuzz runs skipped"
  exit 77
fi
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '%s\n' '#include <cstddef>' '#include <cstdint>' \
  'extern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }' >"$probe/probe.cpp"
if ! clang++ -fsanitize=fuzzer,address,undefined "$probe/probe.cpp" -o "$probe/probe" 2>"$probe/log"; then
  cat "$probe/log"
  echo "clang++ cannot link a libFuzzer target (install libclang-rt-dev): fuzz runs skipped"
  exit 77
fi

# Configured each time: the librdkafka of the build that runs this test may have changed.
CC=clang CXX=clang++ cmake -S "$src" -B "$build" -G "$generator" -DDRIFTSCOPE_FUZZ=ON -DDRIFTSCOPE_WERROR=OFF \
  -DDRIFTSCOPE_LIBRDKAFKA="$librdkafka" >/dev/null
cmake --build "$build" --target driftscope_fuzzers --parallel "${DRIFTSCOPE_FUZZ_JOBS:-2}"
exec bash "$src/tests/fuzz/run_fuzzers.sh" "$build" "$seconds"
