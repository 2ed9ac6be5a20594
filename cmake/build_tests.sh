#!/usr/bin/env bash
# The test build_tests: builds every target of BUILD_DIR before ctest tests. ctest shows a test's
# output only once it ends, and this one takes minutes on a fresh tree, so where ctest runs at a
# terminal the build's progress is shown there as it goes, on one line rewritten in place
# ("build_tests [37/212] Building CXX object ..."), cleared when the build ends; the build's
# whole output still goes to ctest (--output-on-failure shows it). Off a terminal (CI, a pipe)
# it is the plain build.
#   cmake/build_tests.sh BUILD_DIR
set -uo pipefail
build=$1
if ! { : >/dev/tty; } 2>/dev/null; then
  exec cmake --build "$build"
fi
exec 3>/dev/tty
columns=$( (stty size </dev/tty) 2>/dev/null | awk '{print $2}')
[[ ${columns:-} =~ ^[0-9]+$ ]] && [ "$columns" -gt 20 ] || columns=80
cmake --build "$build" 2>&1 | while IFS= read -r line; do
  printf '%s\n' "$line"
  if [[ $line == \[*/*\]* ]]; then
    shown="build_tests $line"
    printf '\r\033[K%s' "${shown:0:$((columns - 1))}" >&3
  fi
done
status=${PIPESTATUS[0]}
printf '\r\033[K' >&3
exit "$status"
