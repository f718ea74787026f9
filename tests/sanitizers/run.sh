#!/usr/bin/env bash
# The unit and integration tests under AddressSanitizer and UndefinedBehaviorSanitizer, as CI runs
# them after the suite (.ci/bootstrap test):
#   bash tests/sanitizers/run.sh BUILD_DIR
# It builds only what those tests need (the target driftscope_unit_and_integration_tests) in
# BUILD_DIR with DRIFTSCOPE_SANITIZE=ON and runs them. Left out, each for its reason:
#   reference, real-kafka  Kafka's classes and brokers run in JVMs the sanitizers do not see;
#                          the store they check is covered by the unit tests' own vectors
#   demo                   demo_soak measures CPU, which the sanitizers multiply
#   driftscope_install     installs the window, which this build does not have
# librdkafka is the system's (Debian's, linked dynamically): lsan.supp names its known leak.
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir="${1:?usage: bash tests/sanitizers/run.sh BUILD_DIR}"

cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDRIFTSCOPE_SANITIZE=ON \
  -DDRIFTSCOPE_WERROR=ON -DDRIFTSCOPE_LIBRDKAFKA=system
cmake --build "$build_dir" --parallel --target driftscope_unit_and_integration_tests
exec ctest --test-dir "$build_dir" --output-on-failure --parallel 2 --timeout 600 \
  -L "unit|integration" -LE "reference|real-kafka|demo" -E "^driftscope_install$"
