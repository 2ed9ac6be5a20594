#!/usr/bin/env bash
# Looks for flaky tests: the whole Release suite RUNS times back to back (default 5), then the
# e2e label LOADED_RUNS times (default 3) while stress-ng keeps every core busy. Prints one line a
# run (passed, failed, the failures' names) and the total; exits 1 if any run failed.
#   scripts/check-flakes.sh [--build DIR] [--runs N] [--loaded-runs N] [--jobs J]
# Needs a built tree (scripts/setup.sh; ctest builds the tests itself) and stress-ng
# (apt-get install stress-ng) for the loaded runs. Each run's log is kept in DIR/flakes/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
runs=5
loaded_runs=3
jobs=2
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "check-flakes.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --build) build=$2 ;;
    --runs) runs=$2 ;;
    --loaded-runs) loaded_runs=$2 ;;
    --jobs) jobs=$2 ;;
    *) echo "check-flakes.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift 2
done
if [ "$loaded_runs" -gt 0 ] && ! command -v stress-ng >/dev/null; then
  echo "check-flakes.sh: stress-ng is not installed (apt-get install stress-ng)" >&2
  exit 2
fi
logs="$build/flakes"
mkdir -p "$logs"
hog=""
stop_hog() { [ -z "$hog" ] || { kill "$hog" 2>/dev/null || true; wait "$hog" 2>/dev/null || true; hog=""; }; }
trap stop_hog EXIT
failed_runs=0

# One ctest run: its summary line and the names of the tests that failed.
run_once() {
  local name=$1
  shift
  local log="$logs/$name.log" started=$SECONDS status=0
  ctest --test-dir "$build" -j "$jobs" --output-on-failure "$@" >"$log" 2>&1 || status=$?
  local summary failures
  summary=$(grep -E '^[0-9]+% tests passed' "$log" || echo "no summary (ctest exited $status)")
  failures=$(sed -n '/The following tests FAILED:/,$p' "$log" | grep -E '^\s+[0-9]+ - ' |
             sed -E 's/^\s+[0-9]+ - //' | tr '\n' ';' || true)
  printf '%-10s %4d s  %s%s\n' "$name" $((SECONDS - started)) "$summary" \
    "${failures:+  FAILED: $failures}"
  [ "$status" -eq 0 ] || failed_runs=$((failed_runs + 1))
}

echo "check-flakes: $build, ctest -j $jobs, $(nproc) cores"
for i in $(seq 1 "$runs"); do
  run_once "all-$i"
done
if [ "$loaded_runs" -gt 0 ]; then
  # Every core busy with arithmetic for the whole run (the tests compete with it at equal priority).
  stress-ng --cpu "$(nproc)" --timeout 0 --quiet &
  hog=$!
  for i in $(seq 1 "$loaded_runs"); do
    run_once "e2e-load-$i" -L e2e
  done
  stop_hog
fi
echo "check-flakes: $failed_runs of $((runs + loaded_runs)) runs failed (logs in $logs)"
[ "$failed_runs" -eq 0 ]
