#!/usr/bin/env bash
# Builds the libFuzzer targets (clang++, ASan+UBSan) in build-fuzz and runs each for SECONDS
# (default 20) from the seed corpus in fuzz/corpus/<target>/. Prints executions and crashes per
# target; exits 1 if any target crashed (its input is kept in build-fuzz/fuzz-artifacts/).
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_gtp_session fuzz_nboard_session fuzz_notation fuzz_ggf fuzz_wthor fuzz_book_import
           fuzz_gtp_reply fuzz_nboard_reply fuzz_match_file fuzz_network_file fuzz_pattern_weights)
fi
build=${OTHELLO_FUZZ_BUILD:-build-fuzz}
cxx=${OTHELLO_FUZZ_CXX:-clang++}
command -v "$cxx" >/dev/null || { echo "fuzz.sh: $cxx not found (libFuzzer needs clang)"; exit 2; }

# -O1 -g1 as in setup.sh's sanitizer builds: enough for the reports, and far quicker to compile.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
  -DOTHELLO_FUZZ=ON >/dev/null
ninja -C "$build" -j "${OTHELLO_JOBS:-2}" "${targets[@]}" >/dev/null

artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
failed=0
total_execs=0
printf '%-22s %8s %12s %10s %8s\n' target seconds executions exec/s crashes
for target in "${targets[@]}"; do
  work="$build/fuzz-corpus/$target"  # grows across runs; the committed seeds stay small
  mkdir -p "$work"
  log="$build/fuzz-$target.log"
  status=0
  # Separate processes would be -jobs/-workers; one process per target keeps the 2-core budget.
  "$build/bin/$target" "$work" "fuzz/corpus/$target" -max_total_time="$seconds" -max_len=4096 \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/$target-" \
    >"$log" 2>&1 || status=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  crashes=0
  if [ "$status" -ne 0 ]; then
    crashes=1
    failed=1
  fi
  total_execs=$((total_execs + ${execs:-0}))
  printf '%-22s %8s %12s %10s %8s\n' "$target" "$seconds" "${execs:-0}" "${rate:-0}" "$crashes"
  if [ "$status" -ne 0 ]; then
    echo "  $target failed (exit $status); log: $log"
    grep -m 5 -E 'ERROR|SUMMARY|Test unit written' "$log" | sed 's/^/  /' || true
  fi
done
echo "total executions: $total_execs"
exit $failed
