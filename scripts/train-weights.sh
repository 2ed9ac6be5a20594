#!/usr/bin/env bash
# Regenerates the shipped regression weights data/weights.bin from the WTHOR games in
# ../shared/data/wthor (games from 2016 on are held out for the expert-agreement figure).
#   round 0a: a fit on the expert games alone (final results; WTHOR's theoretical score before its
#             depth), 40 conjugate-gradient steps;
#   round 0:  a fit on the expert games plus 60,000 games played by round 0a (random openings,
#             softmax noise, a quarter of them against `mobility`), self-play positions of 10 or
#             fewer empties labelled by the exact endgame solver and earlier ones by the exact
#             value where their game reached 10 empties; 60 steps;
#   round 1:  the expert games plus 60,000 self-play games of round 0, positions with 12 or more
#             empties relabelled as the mean of their game label and a depth-2 alpha-beta search
#             over round 0's weights (othello-train --label-*); 60 steps;
#   round 1m: the entry-by-entry mean of rounds 0 and 1 (the weights shipped before depth 4);
#   round k (k >= 2): the expert games plus 100,000 self-play games of the previous round (1m for
#             round 2), every position with 14 or more empties relabelled by a depth-4 search over
#             the previous round's weights (round 2: 3/4 search, 1/4 game label; later rounds:
#             the search value alone); 60 steps. Fewer empties keep their exact (self-play) or
#             theoretical (WTHOR) labels. Each round distils a 4-ply search of the last one into
#             the one-ply evaluation.
# The last round is written to data/weights.bin; every round is kept in the work folder (default
# build/training/round-*.bin), where scripts/strength-report.sh finds them for its table of
# rounds. Deterministic. A depth-4 round relabels 13 million positions: about 17 CPU minutes, 9.5
# minutes of wall time on this 2-core machine; rounds 0a to 1 cost about 15 CPU minutes together.
# The default (--rounds ROUNDS_DEFAULT): about 95 minutes of wall time on 2 cores.
# The opening book's values depend on the weights: run scripts/build-book.sh afterwards.
# Usage: scripts/train-weights.sh [--rounds N (default ROUNDS_DEFAULT)] [--work DIR]
#                                 [--output FILE] [--build DIR] [--quick]
#   --quick: a small version for the tests (3,000 expert games, 300 self-play games, depth-1
#            labels, 10 steps, rounds up to 2) that also checks the result loads and beats `random`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
work=""
output="$root/data/weights.bin"
rounds=ROUNDS_DEFAULT
quick=0
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        --build) build="$2"; shift 2 ;;
        --quick) quick=1; shift ;;
        *) echo "train-weights.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
train="$build/bin/othello-train"
if [ ! -x "$train" ]; then
    echo "train-weights.sh: $train is not built (ninja -C $build othello-train)" >&2
    exit 1
fi
common=(--data wthor --seed 1 --threads 2)
self_play=(--self-play-exact-empties 10 --self-play-opponent mobility
           --self-play-opponent-share 0.25)
first_steps=40; steps=60; games=60000; depth=2; deep_games=100000; deep_depth=4
if [ "$quick" = 1 ]; then
    common+=(--games 3000)
    first_steps=10; steps=10; games=300; depth=1; deep_games=300; deep_depth=1; rounds=2
    [ -n "$work" ] || work="$(mktemp -d)"
fi
work="${work:-$build/training}"
mkdir -p "$work"
log() { echo "train-weights.sh: $*" >&2; }

log "round 0a: expert games only"
time "$train" "${common[@]}" --iterations "$first_steps" --output "$work/round-0a.bin"
log "round 0: expert games plus $games self-play games of round 0a, exact endgames"
time "$train" "${common[@]}" --iterations "$steps" --self-play "$games" \
    --self-play-weights "$work/round-0a.bin" "${self_play[@]}" --output "$work/round-0.bin"
log "round 1: self-play of round 0, labels half game, half depth-$depth search"
time "$train" "${common[@]}" --iterations "$steps" --self-play "$games" \
    --self-play-weights "$work/round-0.bin" "${self_play[@]}" \
    --label-weights "$work/round-0.bin" --label-depth "$depth" --label-share 0.5 \
    --label-from-empties 12 --output "$work/round-1.bin"
"$train" --average "$work/round-0.bin" "$work/round-1.bin" --output "$work/round-1m.bin"
previous="$work/round-1m.bin"
for ((k = 2; k <= rounds; ++k)); do
    share=1.0
    [ "$k" = 2 ] && share=0.75
    log "round $k: $deep_games self-play games of $(basename "$previous" .bin), labels: share $share of a depth-$deep_depth search"
    deep=(--data wthor --seed 7 --threads 2)
    [ "$quick" = 1 ] && deep+=(--games 3000)
    time "$train" "${deep[@]}" --iterations "$steps" --self-play "$deep_games" \
        --self-play-weights "$previous" "${self_play[@]}" \
        --label-weights "$previous" --label-depth "$deep_depth" --label-share "$share" \
        --label-from-empties 14 --output "$work/round-$k.bin"
    previous="$work/round-$k.bin"
done
cp "$previous" "$output"
log "wrote $output ($(basename "$previous" .bin))"

if [ "$quick" = 1 ]; then
    # The result must load in the engine's own policy and beat random with both colours.
    mkdir -p "$work/check"
    cp "$output" "$work/check/weights.bin"
    summary="$(OTHELLO_DATA_DIR="$work/check" "$build/bin/othello-match" \
        --engine policy:regression --engine policy:random --games 40 --openings random:4 \
        --no-progress 2>&1 | grep '^regression vs random:' || true)"
    log "$summary"
    wins="$(sed -n 's/.*games, +\([0-9]*\) .*/\1/p' <<<"$summary")"
    if [ -z "$wins" ] || [ "$wins" -lt 30 ]; then
        log "FAILED: the quick weights won ${wins:-no} games of 40 against random (want 30+)"
        exit 1
    fi
fi
