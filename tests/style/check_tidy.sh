#!/bin/bash
# Every .cpp file of model/ passes clang-tidy's checks (.clang-tidy), with the build's compile
# commands. Run by CTest (label style) and so by CI; prints each finding. Two files at a time.
# Usage: check_tidy.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src="${1:?usage: check_tidy.sh SOURCE_DIR BUILD_DIR}"
build="${2:?usage: check_tidy.sh SOURCE_DIR BUILD_DIR}"
cd "$src" || exit 1
if ! command -v clang-tidy >/dev/null; then
    echo "clang-tidy is not installed (Debian: clang-tidy): the check cannot run" >&2
    exit 1
fi
if [ ! -f "$build/compile_commands.json" ]; then
    echo "$build/compile_commands.json is missing (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON)" >&2
    exit 1
fi
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files 'model/*.cpp')
else # a source tarball
    mapfile -t files < <(find model -name '*.cpp')
fi
if ((${#files[@]} == 0)); then
    echo "no .cpp file found under $src/model" >&2
    exit 1
fi
if ! printf '%s\0' "${files[@]}" | xargs -0 -n 1 -P 2 clang-tidy -p "$build" --quiet 2> >(grep -v "warnings generated" >&2); then
    echo "clang-tidy found the above in model/ ($(clang-tidy --version | sed -n 's/.*version //p' | head -1))" >&2
    exit 1
fi
echo "${#files[@]} files of model/ pass clang-tidy ($(clang-tidy --version | sed -n 's/.*version //p' | head -1))"
