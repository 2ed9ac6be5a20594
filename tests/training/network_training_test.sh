#!/usr/bin/env bash
# The network trainer end to end, small: exports the moves of 400 WTHOR games, trains a tiny
# network for a few seconds with the real script (training/network/train_network.py), stops and
# resumes it, checks that the engine's C++ forward pass computes PyTorch's logits on 1,000
# positions, then plays the exported file in othello-match (in process and as an engine process
# over GTP) and checks every game ends on the board, legally. Skipped (exit 77) where PyTorch is
# not installed: `scripts/setup.sh --train` installs it.
#   tests/training/network_training_test.sh BUILD-BIN-DIR WTHOR-DIR WORKDIR
set -euo pipefail
bin=$(realpath "$1")
wthor=$(realpath "$2")
work=$(realpath -m "$3")
# shellcheck source=tests/training/pytorch_test_setup.sh
source "$(dirname "$0")/pytorch_test_setup.sh"
pytorch_test_setup "$work"

"$bin/othello-train" --export-moves moves --wthor-dir "$wthor" --games 400 \
  --validation-from-year 1980
for file in moves/train.moves moves/held-out.moves; do
  [ "$(stat -c %s "$file")" -gt 16 ] || fail "$file holds no positions (a 16-byte header at most)"
done
# An export never replaces what is there.
if "$bin/othello-train" --export-moves moves --wthor-dir "$wthor" --games 10 2>err.txt; then
  fail "a second export replaced moves/"
fi
grep -q "exists" err.txt || fail "the refusal does not say the file exists"

train=("$python" "$root/training/network/train_network.py" --data moves --checkpoint run.pt
       --channels 8 --layers 3 --batch 64 --checkpoint-every 4000 --held-out-limit 2000
       --threads 2)
"${train[@]}" --positions 8000 | tee first.log
# Resumed with a longer run: it goes on from 8,000 positions, not from the start.
"${train[@]}" --positions 16000 --resume --output network.bin | tee resumed.log
done_at() { sed -n 's/^ *\([0-9,]*\) positions .*/\1/p' "$1" | tr -d , | head -1; }
first=$(done_at resumed.log)
[ -n "$first" ] && [ "$first" -gt 8000 ] && [ "$first" -le 12500 ] ||
  fail "the resumed run's first checkpoint is at '$first' positions, not just past 8,000"
if "${train[@]}" --positions 16000 2>err.txt; then fail "a new run replaced its checkpoint"; fi

"$python" "$root/training/network/check_parity.py" --network network.bin \
  --moves moves/held-out.moves --othello-train "$bin/othello-train" --positions 1000

# Played in process and as a GTP engine process; every game must end on the board.
"$bin/othello-match" --engine "network=network.bin,policy:network" --engine policy:random \
  --games 8 --openings balanced --results inproc.json
"$bin/othello-match" --engine "cmd:$bin/othello-engine --policy book,network --network network.bin" \
  --engine policy:random --games 4 --openings balanced --results process.json
for results in inproc.json process.json; do
  "$python" - "$results" <<'PY' || fail "$results: a game did not end on the board"
import json, sys
games = json.load(open(sys.argv[1]))['games']
reasons = {g['reason'] for g in games}
assert games and reasons == {'normal'}, reasons
PY
done

# Analysis over GTP and NBoard: every legal move of the start, its disc estimate within +-64 and
# the network's probability; go plays the move hint lists first.
evaluate=$(printf 'othello-evaluate\nquit\n' | "$bin/othello-engine" --policy network --network network.bin)
echo "$evaluate"
[ "$(grep -cE '^(= )?[a-h][1-8] -?[0-9.]+ network [0-9.]+%$' <<<"$evaluate")" = 4 ] ||
  fail "othello-evaluate did not list the 4 opening moves with estimates and probabilities"
nboard=$(printf 'nboard 2\nset game (;GM[Othello]PC[test]PB[b]PW[w]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)\nhint 2\ngo\nquit\n' |
  "$bin/othello-engine" --protocol nboard --policy network --network network.bin)
echo "$nboard"
hinted=$(sed -n 's/^search \([a-hA-H][1-8]\) .*/\1/p' <<<"$nboard" | head -1)
played=$(sed -n 's/^=== \([a-hA-H][1-8]\)\/.*/\1/p' <<<"$nboard")
[ -n "$hinted" ] && [ "$hinted" = "$played" ] || fail "NBoard: hint's first move '$hinted', go '$played'"
echo "network training test passed"
