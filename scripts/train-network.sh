#!/usr/bin/env bash
# Regenerates the shipped network data/network.bin from the WTHOR games in ../shared/data/wthor
# (games from 2016 on are held out: exported apart, never trained on, and the agreement figure).
#   1. othello-train --export-moves: every position of the expert games where the side to move
#      had two or more moves, with the expert's move (WORK/moves/train.moves, held-out.moves);
#   2. training/network/train_network.py: the convolutional move predictor (--channels x
#      --layers, 48 x 8), --positions training positions (2.5 million) under random board
#      symmetries, AdamW, cosine learning rate,
#      a checkpoint every 500,000 positions (WORK/network.pt): --resume goes on from it, here or
#      on a machine with a GPU (copy WORK/moves and WORK/network.pt there and back);
#   3. training/network/check_parity.py: the engine's C++ forward pass against PyTorch's on 1,000
#      held-out positions;
#   4. othello-train --agreement-of network: the expert agreement on every held-out game of the
#      network alone (--value-weight 0) and of the policy as it plays by default (weight 1);
#   5. the file is copied to --output (default data/network.bin).
# Usage: scripts/train-network.sh [--work DIR] [--output FILE] [--build DIR] [--resume]
#          [--positions N] [--channels C] [--layers L] [--batch B] [--lr R] [--threads N]
#          [--device auto|cpu|cuda]
# The shipped file's exact command and its time are in docs/training-log.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
work="$root/build/network-training"
output="$root/data/network.bin"
python=${PYTHON:-/usr/bin/python3}
resume=()
train=()
while [ $# -gt 0 ]; do
  case "$1" in
    --resume) resume=(--resume); shift; continue ;;
  esac
  [ $# -ge 2 ] || { echo "train-network.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --work) work=$2 ;;
    --output) output=$2 ;;
    --build) build=$2 ;;
    --positions|--channels|--layers|--batch|--lr|--threads|--device) train+=("$1" "$2") ;;
    *) echo "train-network.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift 2
done
if ! "$python" -c "import torch" 2>/dev/null; then
  echo "train-network.sh: $python has no PyTorch; run scripts/setup.sh --train" >&2
  exit 1
fi
mkdir -p "$work"
if [ ! -e "$work/moves/held-out.moves" ] || [ ! -e "$work/moves/train.moves" ]; then
  rm -f "$work/moves/train.moves" "$work/moves/held-out.moves"
  "$build/bin/othello-train" --export-moves "$work/moves" --validation-from-year 2016
fi
if [ ${#resume[@]} -eq 0 ] && [ -e "$work/network.pt" ]; then
  echo "train-network.sh: $work/network.pt exists: --resume to go on from it, or delete it" >&2
  exit 1
fi
"$python" "$root/training/network/train_network.py" --data "$work/moves" \
  --checkpoint "$work/network.pt" --output "$work/network.bin" --overwrite \
  --channels 48 --layers 8 --positions 2.5e6 --batch 512 --checkpoint-every 5e5 \
  ${resume[@]+"${resume[@]}"} ${train[@]+"${train[@]}"}
"$python" "$root/training/network/check_parity.py" --network "$work/network.bin" \
  --moves "$work/moves/held-out.moves" --othello-train "$build/bin/othello-train"
# The network alone, then as the policy plays by default (blended with the pattern evaluation).
for weight in 0 1; do
  echo "value weight $weight: $("$build/bin/othello-train" --agreement-of network \
    --network "$work/network.bin" --value-weight "$weight" --validation-from-year 2016)"
done
cp "$work/network.bin" "$output"
echo "train-network.sh: wrote $output"
