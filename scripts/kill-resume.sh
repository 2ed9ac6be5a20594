#!/usr/bin/env bash
# SIGKILL at random moments: runs a GAMES-game match between two fake engines, kills the
# runner with SIGKILL KILLS times at random moments, resuming with --resume each time, then lets it
# finish; checks the journal never has more than one torn line, the results file always parses,
# and the final results hold exactly the requested games. Prints the figures; exits 1 on failure.
# A run that finishes inside its window is not counted as a kill; after the match is complete every
# run does, so GAMES must be large enough for KILLS kills (~4 ms per game here).
#   scripts/kill-resume.sh [KILLS] [GAMES] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-30}
games=${2:-3000}
build=${3:-build-harden}
bin="$build/bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=(--engine "name=fake,cmd:$bin/fake-gtp-engine" --engine "name=fake2,cmd:$bin/fake-gtp-engine"
  --games "$games" --concurrency 2 --results "$work/r.json" --no-progress)
killed=0 rounds=0 torn_max=0 bad_results=0
resume=()
while [ "$killed" -lt "$kills" ] && [ "$rounds" -lt $((kills * 3)) ]; do
  rounds=$((rounds + 1))
  "$bin/othello-match" "${args[@]}" "${resume[@]}" >/dev/null 2>&1 &
  pid=$!
  sleep "0.$(printf '%03d' $((RANDOM % 200 + 5)))"  # 5-205 ms: startup, mid-game, writing
  if kill -KILL "$pid" 2>/dev/null; then killed=$((killed + 1)); fi
  wait "$pid" 2>/dev/null || true
  resume=(--resume)
  torn=$(python3 -c '
import json, sys
bad = 0
for line in open(sys.argv[1]):
    try: json.loads(line)
    except Exception: bad += 1
print(bad)' "$work/r.jsonl" 2>/dev/null || echo 0)
  [ "$torn" -gt "$torn_max" ] && torn_max=$torn
  if [ -f "$work/r.json" ] && ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/r.json"; then
    bad_results=$((bad_results + 1))
  fi
done
"$bin/othello-match" "${args[@]}" --resume >/dev/null 2>&1
python3 - "$work/r.json" "$games" "$killed" "$rounds" "$torn_max" "$bad_results" <<'PY'
import json, sys
path, games, killed, rounds, torn, bad = sys.argv[1], *map(int, sys.argv[2:])
g = json.load(open(path))["games"]
ids = sorted(x["id"] for x in g)
ok = ids == list(range(games)) and torn <= 1 and bad == 0
print(f"SIGKILLs {killed} in {rounds} runs, then one run to the end")
print(f"final games {len(g)} of {games}; duplicates {len(ids) - len(set(ids))}; "
      f"missing {games - len(set(ids))}")
print(f"most torn journal lines seen after a kill: {torn}; unparsable results files: {bad}")
print("HELD" if ok else "FAILED")
sys.exit(0 if ok else 1)
PY
