#!/usr/bin/env bash
# One training run of the network policy that goes on across sessions (training/runs/NAME/).
#   scripts/train-network-run.sh NAME [--minutes M] [--threads N] [--device cpu|cuda]
# The first call starts the run from the shipped data/network.bin (its shape, 48 x 8); every
# later call resumes from training/runs/NAME/checkpoint.pt, the run's committed state (weights,
# optimiser, position in the seeded data order, wall time). The learning rate stays constant
# (--decay-from past the end): a run that goes on has no end to decay to. When the curve has
# flattened, the final call adds --final-decay P: a cosine to zero over the next P positions.
# Every million positions a row goes to training/runs/NAME/curve.tsv: positions seen, training
# wall time, held-out agreement of the network alone (every 8th position of the games from 2016
# on) and as the engine plays it (value weight 1, the first 1,000 held-out games, through
# othello-train), and positions a second. A checkpoint is written every 10 minutes and when the
# process is told to stop (SIGTERM, SIGINT) or its --minutes are up.
# Run it in the background at low priority beside other work, e.g.
#   nice -n 10 scripts/train-network-run.sh c48l8-v5 --minutes 150 > run.log 2>&1 &
# The training positions are exported from ../shared/data/wthor into build/network-training/moves
# on first use (216 MB; never committed).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -ge 1 ] || { sed -n '2,3p' "$0" >&2; exit 2; }
name=$1
shift
[[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "train-network-run.sh: bad run name '$name'" >&2; exit 2; }
build="$root/build"
moves="$build/network-training/moves"
python=${PYTHON:-/usr/bin/python3}
extra=()
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "train-network-run.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --minutes|--threads|--device) extra+=("$1" "$2") ;;
    --final-decay) final_decay=$2 ;;
    --build) build=$2; moves="$build/network-training/moves" ;;
    *) echo "train-network-run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift 2
done
run="$root/training/runs/$name"
mkdir -p "$run"
if [ ! -e "$moves/held-out.moves" ] || [ ! -e "$moves/train.moves" ]; then
  rm -f "$moves/train.moves" "$moves/held-out.moves"
  "$build/bin/othello-train" --export-moves "$moves" --validation-from-year 2016
fi
# A run that goes on: no end of schedule, constant learning rate, until --final-decay.
positions=1e12
decay_from=1e12
if [ -e "$run/checkpoint.pt" ]; then
  start=(--resume)
  if [ -n "${final_decay:-}" ]; then
    done_so_far=$("$python" -c "import torch,sys; print(torch.load(sys.argv[1], map_location='cpu')['state']['positions_done'])" "$run/checkpoint.pt")
    decay_from=$done_so_far
    positions=$("$python" -c "import sys; print(int(sys.argv[1]) + int(float(sys.argv[2])))" "$done_so_far" "$final_decay")
  fi
else
  start=(--init-from "$root/data/network.bin" --channels 48 --layers 8 --batch 512)
fi
"$python" "$root/training/network/train_network.py" --data "$moves" \
  --checkpoint "$run/checkpoint.pt" "${start[@]}" \
  --positions "$positions" --decay-from "$decay_from" --lr 1e-3 \
  --checkpoint-every 1e6 --checkpoint-minutes 10 \
  --curve "$run/curve.tsv" --curve-every 1e6 --othello-train "$build/bin/othello-train" \
  --output "$run/network.bin" --overwrite ${extra[@]+"${extra[@]}"}
