#!/bin/bash
# Every C++ file of the project is as clang-format (.clang-format) writes it. Run by CTest
# (label style) and so by CI; prints the files and lines that differ. Usage: check_format.sh SOURCE_DIR
set -uo pipefail
src="${1:?usage: check_format.sh SOURCE_DIR}"
cd "$src" || exit 1
if ! command -v clang-format >/dev/null; then
    echo "clang-format is not installed (Debian: clang-format): the format check cannot run" >&2
    exit 1
fi
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.cpp' '*.h')
else # a source tarball
    mapfile -t files < <(find app model widgets tests -name '*.cpp' -o -name '*.h')
fi
if ((${#files[@]} == 0)); then
    echo "no C++ file found under $src" >&2
    exit 1
fi
if ! clang-format --dry-run -Werror "${files[@]}"; then
    echo "not as clang-format writes them (fix: clang-format -i FILE); $(clang-format --version)" >&2
    exit 1
fi
echo "${#files[@]} C++ files as clang-format writes them ($(clang-format --version))"
