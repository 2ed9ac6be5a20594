#!/usr/bin/env bash
# Regenerates the shipped regression weights data/weights.bin from the WTHOR games in
# ../shared/data/wthor: a first fit on the expert games, then a second fit on the expert games plus
# self-play games of the first weights (random openings, softmax noise), which covers the positions
# weaker opponents lead into. Deterministic for the seed. Usage: scripts/train-weights.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
ninja -C "$build" othello-train
first="$(mktemp --suffix=.bin)"
trap 'rm -f "$first"' EXIT
time "$build/bin/othello-train" --data wthor --iterations 40 --seed 1 --output "$first"
time "$build/bin/othello-train" --data wthor --iterations 30 --seed 1 \
    --self-play 60000 --self-play-weights "$first" --output "$root/data/weights.bin"
