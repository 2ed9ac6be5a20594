#!/usr/bin/env bash
# Peak memory of a match with a results file, by number of games: othello-match --results at each
# size of in-process games (policy:random vs policy:mobility, default openings), the same with
# every output (--results, --records GGF, --positions-out, --html), then `merge`, `report` and
# `ratings` over the largest size's results file (and `report` over its journal). Prints each run's wall time and peak resident
# set size (/usr/bin/time -v's "Maximum resident set size").
#   scripts/results-memory-bench.sh [--match OTHELLO_MATCH] [GAMES...]   (default 10000 100000 1000000)
# Everything is written in a temporary folder, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

match=build/bin/othello-match
if [ "${1:-}" = "--match" ]; then
  match=$2
  shift 2
fi
match=$(realpath "$match")
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
[ -x /usr/bin/time ] || { echo "results-memory-bench: needs /usr/bin/time (Debian's time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OTHELLO_DATA_DIR=${OTHELLO_DATA_DIR:-$PWD/data}

# Runs its arguments under /usr/bin/time -v in $work; prints "LABEL: wall W s, peak P MB".
measure() {
  local label=$1
  shift
  if ! (cd "$work" && /usr/bin/time -v -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt"); then
    echo "$label: failed" >&2
    tail -5 "$work/err.txt" >&2
    exit 1
  fi
  local kb wall
  kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
  printf '%-44s wall %9s   peak %6d MB\n' "$label:" "$wall" $((kb / 1024))
}

echo "$(nproc) cores; $match"
last=
for n in "${sizes[@]}"; do
  rm -f "$work"/r.json "$work"/r.jsonl "$work"/all.* "$work"/all-page.html
  measure "match --games $n --results r.json" "$match" --engine policy:random \
    --engine policy:mobility --games "$n" --results r.json --no-progress
  measure "  the same, with --records/--positions-out/--html" "$match" --engine policy:random \
    --engine policy:mobility --games "$n" --results all.json --records all.ggf \
    --positions-out all.obf --html all-page.html --no-progress
  last=$n
done
measure "merge of the $last-game r.json" "$match" merge --results merged.json r.json
measure "report of the $last-game r.json" "$match" report --html page.html r.json
measure "report of its journal r.jsonl" "$match" report --html page2.html r.jsonl
measure "ratings of the $last-game r.json" "$match" ratings --results ratings.json r.json
