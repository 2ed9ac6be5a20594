#!/usr/bin/env bash
# The endgame network's trainer end to end, small: 150 self-play games with their endgames solved,
# the endgame set, one epoch of training/endgame/train_endgame.py, the network attached to the
# shipped weights, then games in othello-match (in process, and the engine over GTP) that end on
# the board. The float and integer networks' errors are printed by the trainer and must agree.
# Skipped (exit 77) where PyTorch is not installed: `scripts/setup.sh --train` installs it.
#   tests/training/endgame_training_test.sh BUILD-BIN-DIR WORKDIR
set -euo pipefail
bin=$(realpath "$1")
work=$(realpath -m "$2")
# shellcheck source=tests/training/pytorch_test_setup.sh
source "$(dirname "$0")/pytorch_test_setup.sh"
pytorch_test_setup "$work"
weights="$root/data/weights.bin"

"$bin/othello-train" --data random --games 1 --self-play 150 --self-play-weights "$weights" \
  --self-play-exact-empties 16 --threads 2 --seed 5 --save-samples games.samples > /dev/null
"$bin/othello-train" --export-endgame set.bin --samples games.samples --base-weights "$weights" |
  tee export.log
grep -q "^wrote set.bin: [0-9]* of [0-9]* positions (those with at most 16 empties)$" export.log ||
  fail "the export did not say what it wrote"
"$python" "$root/training/endgame/train_endgame.py" --sets set.bin --output endgame.net \
  --epochs 1 --threads 2 --parity parity.txt | tee train.log
float=$(sed -n 's/^held out, float network *all *\([0-9.]*\).*/\1/p' train.log | tail -1)
integer=$(sed -n 's/^held out, integer network *all *\([0-9.]*\).*/\1/p' train.log)
[ -n "$float" ] && [ -n "$integer" ] || fail "the trainer reported no held-out errors"
awk -v f="$float" -v i="$integer" 'BEGIN { d = f - i; exit !(d < 0.02 && d > -0.02) }' ||
  fail "the integer network's error ($integer) is not the float network's ($float)"
[ "$(wc -l < parity.txt)" = 64 ] || fail "parity.txt does not hold 64 positions"
# The engine computes what the trainer's emulation of it computed, on this run's own network.
OTHELLO_ENDGAME_NET=endgame.net OTHELLO_ENDGAME_PARITY=parity.txt \
  "$bin/engine_patterns_tests" -tc="the engine's network computes*" > parity.log 2>&1 ||
  { cat parity.log; fail "the engine's corrections differ from the trainer's (parity.txt)"; }
grep -q "test cases: *1 | *1 passed" parity.log || fail "the parity test did not run"
# Nothing is written over.
if "$python" "$root/training/endgame/train_endgame.py" --sets set.bin --output endgame.net \
  --epochs 1 2> err.txt; then
  fail "a second run replaced endgame.net"
fi
grep -q "exists" err.txt || fail "the refusal does not say the file exists"

"$bin/othello-train" --attach-endgame endgame.net --base-weights "$weights" --output w.bin
[ "$(od -An -tu4 -j8 -N4 w.bin | tr -d ' ')" = 4 ] || fail "w.bin is not format version 4"
"$bin/othello-match" --engine "weights=w.bin,policy:regression" --engine policy:random \
  --games 20 --openings random:8 --seed 3 --no-progress | tee match.log
grep -q "^regression vs random: 20 games" match.log || fail "the in-process match did not finish"
"$bin/othello-match" --engine "cmd:$bin/othello-engine --policy regression --weights w.bin" \
  --engine policy:random --games 4 --openings random:8 --seed 4 --no-progress | tee gtp.log
grep -q " vs random: 4 games" gtp.log || fail "the match against the engine process did not finish"
grep -q "forfeit\|illegal" gtp.log && fail "a game was forfeited"
echo "endgame training: OK"
