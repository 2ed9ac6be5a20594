#!/usr/bin/env bash
# Fault injection at full size: a GAMES-game match at concurrency 2 between two chaos
# engines (scripts/chaos-engine.sh) — one a child process on pipes, one served over TCP by
# `othello-engine --listen --exec` — then checks that every game has a result and a reason and the
# totals add up. Prints the figures; exits 1 if anything did not hold.
#   scripts/fault-match.sh [GAMES] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
build=${2:-build-harden}
bin="$build/bin"
[ -x "$bin/othello-match" ] && [ -x "$bin/fake-gtp-engine" ] && [ -x "$bin/othello-engine" ] || {
  echo "fault-match.sh: build othello-match, othello-engine and fake-gtp-engine in $build first"
  exit 2
}
work=$(mktemp -d)
chaos="$PWD/scripts/chaos-engine.sh $PWD/$bin/fake-gtp-engine"
"$bin/othello-engine" --listen 127.0.0.1:0 --exec "$chaos" 2>"$work/relay.log" &
relay=$!
trap 'kill $relay 2>/dev/null || true; wait $relay 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 200); do grep -q "listening on" "$work/relay.log" && break; sleep 0.05; done
port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/relay.log" | head -1)
start=$(date +%s.%N)
status=0
"$bin/othello-match" --engine "name=chaos-pipe,cmd:$chaos" \
  --engine "name=chaos-tcp,tcp://127.0.0.1:$port" --games "$games" --concurrency 2 \
  --move-timeout 1 --start-timeout 5 --results "$work/r.json" --no-progress \
  >"$work/match.out" 2>"$work/match.err" || status=$?
end=$(date +%s.%N)
echo "match exit status: $status"
python3 - "$work/r.json" "$games" "$start" "$end" <<'PY'
import json, sys, collections
path, games, start, end = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
r = json.load(open(path))
g = r["games"]
ids = [x["id"] for x in g]
reasons = collections.Counter(x["reason"] for x in g)
ok = (len(g) == games and sorted(ids) == list(range(games))
      and all(x["winner"] in ("black", "white", "draw") and x["reason"] for x in g))
s = r["summary"]
wins = sum(e["wins"] for e in s["engines"]); losses = sum(e["losses"] for e in s["engines"])
draws = sum(e["draws"] for e in s["engines"])
ok = ok and s["games"] == games and wins == losses and wins + draws // 2 == games
ok = ok and sum(s["reasons"].values()) == games
print(f"games requested {games}, with result and reason {len(g)}, ids unique and complete "
      f"{sorted(ids) == list(range(games))}")
print("reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
print(f"totals: wins {wins} = losses {losses}, draws {draws // 2} games; summary games {s['games']}")
print(f"wall time {end - start:.1f} s")
print("HELD" if ok else "FAILED")
sys.exit(0 if ok else 1)
PY
