#!/usr/bin/env bash
# build_tests (cmake/build_tests.sh) shows the build's progress at a terminal as it goes: a tiny
# Ninja project of two steps built under script(1), which gives it a terminal, must show each
# step's "[N/2]" line in place and clear it at the end, while the build's whole output still goes
# to its stdout (what ctest keeps); off a terminal the output is the build's alone.
#   tests/source/build_progress_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAILED: $*" >&2
  exit 1
}
mkdir "$work/src"
cat >"$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(progress NONE)
add_custom_target(one ALL COMMAND true)
add_custom_target(two ALL COMMAND true)
CMAKE
cmake -S "$work/src" -B "$work/build" -G Ninja >/dev/null
script -qec "$source_dir/cmake/build_tests.sh $work/build >$work/log" /dev/null >"$work/terminal" ||
  fail "the build failed: $(cat "$work/log")"
terminal=$(cat -v "$work/terminal")
for step in 1 2; do
  [[ $terminal == *"^M^[[Kbuild_tests [$step/2] "* ]] ||
    fail "the terminal did not show step $step: '$terminal'"
done
[[ $terminal == *"^M^[[K" ]] || fail "the progress line was not cleared at the end: '$terminal'"
[ "$(grep -c '^\[[12]/2\]' "$work/log")" -eq 2 ] || fail "the build's output is not kept: $(cat "$work/log")"
# Off a terminal (a session of its own has none): the plain build, nothing else.
setsid -w "$source_dir/cmake/build_tests.sh" "$work/build" </dev/null >"$work/plain" 2>&1 ||
  fail "the build off a terminal failed"
[ "$(cat -v "$work/plain" | grep -c -e '\^\[' -e '^build_tests')" -eq 0 ] &&
  [ "$(grep -c '^\[[12]/2\]' "$work/plain")" -eq 2 ] || fail "off a terminal: '$(cat -v "$work/plain")'"
echo "build_tests shows its progress at a terminal and keeps the build's output"
