#!/usr/bin/env bash
# Produces docs/reliability.md: runs every hardening check at full size — the libFuzzer
# targets, the TCP abuse bench, the 1,000-game fault-injection match and the SIGKILL/--resume
# loop — and writes the table of what was tried and what held, with each run's own output.
#   scripts/reliability-report.sh [FUZZ_SECONDS_PER_TARGET] [KILLS]
set -uo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=${1:-20}
kills=${2:-30}
build=build-harden
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j "${OTHELLO_JOBS:-2}" othello-engine othello-match fake-gtp-engine \
  othello-abuse-bench >/dev/null || exit 2

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The hand-written list of hostile cases (each one a ctest case) follows the generated part and is
# kept as it is.
marker='## Hostile cases tested in ctest'
sed -n "/^$marker\$/,\$p" docs/reliability.md >"$out/hostile-cases"
[ -s "$out/hostile-cases" ] || { echo "docs/reliability.md lacks '$marker'" >&2; exit 2; }
run() {  # run NAME COMMAND...: output to $out/NAME, status to $out/NAME.status
  local name=$1
  shift
  "$@" >"$out/$name" 2>&1
  echo $? >"$out/$name.status"
}
run fuzz scripts/fuzz.sh "$fuzz_seconds"
run abuse "$build/bin/othello-abuse-bench" 1000 1000 20
run faults scripts/fault-match.sh 1000 "$build"
run kills scripts/kill-resume.sh "$kills" 3000 "$build"

held() { [ "$(cat "$out/$1.status")" = 0 ] && echo "held" || echo "**FAILED**"; }
field() { grep -m1 "$2" "$out/$1" | sed "s/^[^:]*: *//"; }
fuzz_rows=$(awk 'NR > 1 && $1 ~ /^fuzz_/ {
  printf "| libFuzzer `%s` (ASan+UBSan), %s s | %s inputs (%s/s) | %s crashes |\n", $1, $2, $3, $4, $5
}' "$out/fuzz")
{
  echo "# Reliability: what was tried and what held"
  echo
  echo "Produced by \`scripts/reliability-report.sh $fuzz_seconds $kills\` on $(date -u +%Y-%m-%d)"
  echo "at commit $(git rev-parse --short HEAD) ($(nproc) cores). Every row is rerunnable with the"
  echo "script named below it; smaller versions of the network and match rows run in ctest"
  echo "(\`protocol/tcp_hardening\`, \`match/run/faults\`)."
  echo
  echo "| Inputs or faults | Count | What held |"
  echo "|---|---|---|"
  echo "$fuzz_rows"
  echo "| TCP: well-behaved clients each playing a whole game by genmove, checked move by move | $(field abuse 'well-behaved games') | $(held abuse): every game legal, finished, transcript matches |"
  echo "| TCP: misbehaving clients (slowloris, 3 over-long lines, 8 KB binary garbage, close mid-command, connect/disconnect loops) | $(field abuse 'misbehaving connections') | slowloris closed $(field abuse 'slowloris closed'); over-long closed $(field abuse 'over-long closed'); drop log: $(field abuse 'drop log') |"
  echo "| TCP server memory under that load | $(field abuse 'concurrent game clients') concurrent game clients | $(field abuse 'server memory') |"
  echo "| Match: chaos engines on pipes and over TCP (crash, hang, slow start, garbage, illegal move, refused move, closed output / dropped connection) at concurrency 2 | $(grep -m1 'games requested' "$out/faults" | sed 's/,.*//') | $(held faults): $(grep -m1 '^reasons' "$out/faults"); $(grep -m1 '^totals' "$out/faults") |"
  echo "| Runner killed with SIGKILL at random moments, \`--resume\` each time (3,000-game match) | $(grep -m1 '^SIGKILLs' "$out/kills") | $(held kills): $(grep -m1 '^final games' "$out/kills"); $(grep -m1 '^most torn' "$out/kills") |"
  echo
  echo "Whole-file outputs (results, game records, the journal rewritten on resume) are written to a"
  echo "temporary file, fsync'ed and renamed over the old one (match/results/atomic_file.h); the journal is"
  echo "append-only, one write per game (per batch of in-process games that take microseconds), and a torn last line is dropped on --resume. The opening"
  echo "book is SQLite, written in one transaction per import. How to serve the engine on a network"
  echo "(token, limits, drop log) is in docs/network.md."
  echo
  for name in fuzz abuse faults kills; do
    case $name in
      fuzz) echo "## scripts/fuzz.sh $fuzz_seconds" ;;
      abuse) echo "## $build/bin/othello-abuse-bench 1000 1000 20" ;;
      faults) echo "## scripts/fault-match.sh 1000" ;;
      kills) echo "## scripts/kill-resume.sh $kills 3000" ;;
    esac
    echo
    echo '```'
    cat "$out/$name"
    echo '```'
    echo
  done
  cat "$out/hostile-cases"
} >docs/reliability.md
echo "wrote docs/reliability.md"
for name in fuzz abuse faults kills; do [ "$(cat "$out/$name.status")" = 0 ] || exit 1; done
