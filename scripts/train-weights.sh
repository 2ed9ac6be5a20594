#!/usr/bin/env bash
# Regenerates the shipped regression weights data/weights.bin from the WTHOR games in
# ../shared/data/wthor (games from 2016 on are held out for the expert-agreement figure).
#   round 0a: a fit on the expert games alone (final results; WTHOR's theoretical score before its
#             depth), 40 conjugate-gradient steps (every fit here preconditions them by the
#             diagonal, othello-train --jacobi: 60 such steps fit better than 120 plain ones,
#             docs/training-log.md);
#   round 0:  a fit on the expert games plus 60,000 games played by round 0a (random openings,
#             softmax noise, a quarter of them against `mobility`), self-play positions of 10 or
#             fewer empties labelled by the exact endgame solver and earlier ones by the exact
#             value where their game reached 10 empties; 60 steps;
#   round 1:  the expert games plus 60,000 self-play games of round 0, positions with 12 or more
#             empties relabelled as the mean of their game label and a depth-2 alpha-beta search
#             over round 0's weights (othello-train --label-*); 60 steps;
#   round 1m: the entry-by-entry mean of rounds 0 and 1 (the weights shipped before depth 4);
#   rounds 2 to 5 (the table deep_rounds below): the expert games plus 100,000 self-play games
#             of an earlier round, training positions with 14 or more empties relabelled by an
#             alpha-beta search over that round's weights (depth 4; depth 6 on every 4th position
#             in round 5), blended with the game label as the table says; 60 steps. Fewer empties
#             keep their exact (self-play) or theoretical (WTHOR) labels. Each round distils a
#             4- or 6-ply search of its predecessor into the one-ply evaluation, and saves its
#             labelled positions (round-K.samples, 20 bytes each: 260 MB for 13 million; 24 in
#             round-3c.samples, whose positions keep their siblings' number) so that
#             later fits, of another feature set say, need no search (othello-train --samples).
# The shipped data/weights.bin is a fit afresh of round 3's saved positions together with the
# positions one move after every 16th of them, labelled by a depth-4 search over round-3f (round
# 3 refitted from its saved positions with 120 steps), and the positions one move after every
# 64th expert position, labelled by a depth-6 search over round-3fc: `shipped`, final_steps,
# children_every and expert_children_every below; round-3f.bin, round-3c.samples, round-3fc.bin,
# round-3w.samples and round-3fcw.bin. Every round is kept in the work folder
# (default build/training/round-*.bin), where scripts/strength-report.sh finds them for its table
# of rounds. Deterministic: every step spreads its work over --threads (default: all cores) and
# gives the same bytes for any count and machine (the optional endgame network's fit excepted).
# The whole script takes about 135 minutes of
# wall time on 2 cores (`--rounds 3`, what is shipped: about 95); the time of each round is in
# docs/training-log.md.
# When it writes data/weights.bin it then rebuilds data/book.db (scripts/build-book.sh), whose
# values come from the weights.
# Usage: scripts/train-weights.sh [--rounds N (default 5: all)] [--work DIR]
#                                 [--output FILE] [--build DIR] [--threads N] [--quick] [--reuse]
#                                 [--wthor-dir DIR] [--endgame-chunks N]
#   --wthor-dir: the folder of WTH_<year>.wtb files (default othello-train's: ../shared/data/wthor,
#                or the build's -DOTHELLO_SHARED_DATA); the tests give the few years of tests/data.
#   --reuse: keep the rounds whose files the work folder holds already (an interrupted run goes
#            on where it stopped; a new `shipped` choice costs only its refits). Files made by
#            another version of the script or another pattern set must be deleted first.
#   --quick: a small version for the tests (at most 3,000 expert games, 300 self-play games per
#            round, depth-1 labels, 10 steps, every round) that also checks that a refit from
#            round 2's saved positions gives back round 2's weights and that the result loads and
#            beats `random`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
work=""
output="$root/data/weights.bin"
# The rounds from 2 on, one line each: the round whose weights play the self-play games and are
# searched, the search depth, the share of the search value in the label (the rest is the game's
# label), K of --keep-every (every K-th training position kept, so that a deeper search stays
# affordable), the policy that plays one side of a quarter of the self-play games, the seed and
# the number of self-play games. Rounds 4 and 5 both start from round 3: more depth-4 rounds after
# round 3 stopped gaining (see docs/strength.md), so round 5 tries depth 6 on a quarter of the
# positions instead. A name like "3-4-5m" would start a round from the mean of rounds 3 to 5.
# Rounds tried and left out, with their measurements: docs/training-log.md.
deep_rounds=(
    "1m 4 0.75 1 mobility 7 100000"
    "2 4 1.0 1 mobility 7 100000"
    "3 4 0.75 1 mobility 7 100000"
    "3 6 0.75 4 mobility 7 100000"
)
# The shipped weights: these rounds, each refitted from its saved positions with final_steps
# conjugate-gradient steps (round-3f.bin from round-3.samples), and their entry-by-entry mean
# (round-3f-4f-5fm.bin, say) where the list has several. A round's own 60-step fit, which labels
# the next round, is still short of its least-squares solution: on round 3's positions 120 steps
# scored 1 and 2.6 points more against gtp-rhino levels 2 and 3. The mean of rounds 3, 4 and 5,
# shipped while the fits were short, now scores less than round 3 alone (docs/training-log.md);
# rounds 4 and 5 stay for the record of what they gained (docs/strength.md), and
# `--rounds 3` stops after what is shipped.
shipped=(3)
final_steps=120
# Then the shipped round learns the positions its moves lead to: for every children_every-th of
# its saved positions, the position after each legal move (the bad moves' as well as the good:
# what the one-ply policy compares, where the games hold mostly the moves that were played),
# labelled by a depth-children_depth search over the refitted round (exact from 10 empties), and
# fitted afresh together with the round's own positions, final_steps steps (round-3c.samples,
# 6.4 million positions; round-3fc.bin, shipped). It scored 3.9 points more against level 3 than
# 3f (docs/training-log.md). 0 skips it; so does a `shipped` list of several rounds (their mean
# is shipped as it is).
children_every=16
children_depth=4
# Then the expert games' children, searched deeper: the positions one move after every
# expert_children_every-th WTHOR training position (part 0 of scripts/label-children.sh's 64:
# 0.9 million), labelled by a depth-expert_children_depth search over round-3fc (exact from
# expert_children_exact empties; about 1,700 CPU-seconds), fitted afresh with round 3's and round
# 3c's positions (round-3w.samples, round-3fcw.bin, shipped). It scored 2.3 points more than
# 3fc against level 3 (training/gates.tsv). 0 skips it.
expert_children_every=64
expert_children_depth=6
expert_children_exact=14
# Last, where endgame_chunks is above 0, the endgame network (engine/patterns/endgame_network.h),
# which corrects the evaluation at 16 empties or fewer: endgame_chunks times endgame_games
# self-play games of the shipped round (seeds 1, 2, ...; round-3fcwe-K.samples, one file a chunk,
# so a stopped run loses at most one), every position with at most 16 empties labelled by the
# exact solver; their endgame set (othello-train --export-endgame, round-3fcwe.set), a network
# fitted on it by training/endgame/train_endgame.py (PyTorch: scripts/setup.sh --train;
# endgame_epochs epochs, round-3fcwe.net) and attached to the shipped round (round-3fcwe.bin,
# then shipped). With 6 chunks it made the fourth row of training/gates.tsv, which played the
# same as the weights without it (+0.1 +- 0.8 points against level 3, docs/training-log.md):
# not shipped, so 0 here (--endgame-chunks 6 makes it; PYTHON names the Python with PyTorch,
# default /usr/bin/python3). The network's fit is the same bytes only for one machine and thread
# count (PyTorch's own arithmetic), unlike every other step.
endgame_chunks=0
endgame_games=20000
endgame_epochs=8
python="${PYTHON:-/usr/bin/python3}"
rounds=$((1 + ${#deep_rounds[@]}))
threads="$(nproc)"
quick=0
reuse=0
wthor=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        --build) build="$2"; shift 2 ;;
        --threads) threads="$2"; shift 2 ;;
        --quick) quick=1; shift ;;
        --reuse) reuse=1; shift ;;
        --wthor-dir) wthor=(--wthor-dir "$2"); shift 2 ;;
        --endgame-chunks)
            [[ "$2" =~ ^[0-9]+$ ]] || { echo "train-weights.sh: --endgame-chunks takes a count, not '$2'" >&2; exit 2; }
            endgame_chunks="$2"; shift 2 ;;
        *) echo "train-weights.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
train="$build/bin/othello-train"
if [ ! -x "$train" ]; then
    echo "train-weights.sh: $train is not built (ninja -C $build othello-train)" >&2
    exit 1
fi
common=(--data wthor "${wthor[@]}" --seed 1 --threads "$threads" --jacobi)
self_play=(--self-play-exact-empties 10 --self-play-opponent mobility
           --self-play-opponent-share 0.25)
first_steps=40; steps=60; games=60000; depth=2
if [ "$quick" = 1 ]; then
    common+=(--games 3000)
    first_steps=10; steps=10; games=300; depth=1; final_steps=20; children_depth=1
    expert_children_depth=1; expert_children_exact=4
    endgame_chunks=0  # the network's fit needs PyTorch, which the quick test does not
    [ -n "$work" ] || work="$(mktemp -d)"
fi
work="${work:-$build/training}"
# The endgame network's fit needs PyTorch: found out now, not after the rounds.
if [ "$endgame_chunks" -gt 0 ] && ! "$python" -c "import torch" 2>/dev/null; then
    echo "train-weights.sh: $python has no PyTorch, which --endgame-chunks needs: run" \
        "scripts/setup.sh --train, or name another Python with PYTHON=" >&2
    exit 1
fi
mkdir -p "$work"
log() { echo "train-weights.sh: $*" >&2; }
# With --reuse, a round whose files are all in the work folder already is not made again.
made() {
    local f
    [ "$reuse" = 1 ] || return 1
    for f in "$@"; do [ -f "$work/$f" ] || return 1; done
    log "reusing $* (--reuse)"
}

if ! made round-0a.bin; then
    log "round 0a: expert games only"
    time "$train" "${common[@]}" --iterations "$first_steps" --output "$work/round-0a.bin"
fi
if ! made round-0.bin; then
    log "round 0: expert games plus $games self-play games of round 0a, exact endgames"
    time "$train" "${common[@]}" --iterations "$steps" --self-play "$games" \
        --self-play-weights "$work/round-0a.bin" "${self_play[@]}" --output "$work/round-0.bin"
fi
if ! made round-1.bin; then
    log "round 1: self-play of round 0, labels half game, half depth-$depth search"
    time "$train" "${common[@]}" --iterations "$steps" --self-play "$games" \
        --self-play-weights "$work/round-0.bin" "${self_play[@]}" \
        --label-weights "$work/round-0.bin" --label-depth "$depth" --label-share 0.5 \
        --label-from-empties 12 --output "$work/round-1.bin"
fi
"$train" --average "$work/round-0.bin" "$work/round-1.bin" --output "$work/round-1m.bin"
# The mean of the rounds a name like "3-4-5m" lists (made afresh every time: a mean left by an
# earlier run in the same folder may be of older rounds).
make_mean() {
    local name="$1" files=() k
    for k in $(tr '-' ' ' <<<"${name%m}"); do files+=("$work/round-$k.bin"); done
    "$train" --average "${files[@]}" --output "$work/round-$name.bin"
}
last=1m
# round_args[k]: the data options of round k, which its refit uses again (with --wthor-dir, kept
# apart as its path may hold spaces).
round_args=()
# refit K STEPS FILE: a fit of round K's saved positions with its own options, no search.
refit() {
    # shellcheck disable=SC2086 # round_args holds separate words
    "$train" ${round_args[$1]} "${wthor[@]}" --iterations "$2" --samples "$work/round-$1.samples" \
        --output "$3"
}
for ((k = 2; k <= rounds && k - 2 < ${#deep_rounds[@]}; ++k)); do
    read -r from deep_depth share keep opponent seed deep_games <<<"${deep_rounds[k - 2]}"
    [[ "$from" == *-*m ]] && make_mean "$from"
    previous="$work/round-$from.bin"
    deep=(--data wthor --seed "$seed" --threads "$threads" --jacobi)
    if [ "$quick" = 1 ]; then
        deep+=(--games 3000)
        deep_depth=1; deep_games=300
    fi
    round_args[k]="${deep[*]}"
    last=$k
    made "round-$k.bin" "round-$k.samples" && continue
    log "round $k: $deep_games self-play games of $(basename "$previous" .bin) (a quarter" \
        "against $opponent), labels $share of a depth-$deep_depth search (--keep-every $keep)"
    time "$train" "${deep[@]}" "${wthor[@]}" --iterations "$steps" --self-play "$deep_games" \
        --self-play-weights "$previous" --self-play-exact-empties 10 \
        --self-play-opponent "$opponent" --self-play-opponent-share 0.25 --keep-every "$keep" \
        --label-weights "$previous" --label-depth "$deep_depth" --label-share "$share" \
        --label-from-empties 14 --save-samples "$work/round-$k.samples" \
        --output "$work/round-$k.bin"
done
if [ "$quick" = 1 ]; then
    # A round's saved positions must give back its weights, byte for byte, with no search: the
    # training-set file loses nothing a fit uses.
    refit 2 "$steps" "$work/round-2-refit.bin" > /dev/null
    if ! cmp -s "$work/round-2.bin" "$work/round-2-refit.bin"; then
        log "FAILED: a fit on round 2's saved positions differs from round 2"
        exit 1
    fi
    log "a fit on round 2's saved positions gives back round 2's weights"
fi
# The refitted shipped rounds (or their mean) once every round they need was made; otherwise the
# last round.
shipped_file="$work/round-$last.bin"
if [ "$rounds" -ge "$(printf '%s\n' "${shipped[@]}" | sort -n | tail -n 1)" ]; then
    refitted=()
    for k in "${shipped[@]}"; do
        refitted+=("${k}f")
        made "round-${k}f.bin" && continue
        log "round ${k}f: round $k refitted from its saved positions, $final_steps steps"
        time refit "$k" "$final_steps" "$work/round-${k}f.bin"
    done
    shipped_file="$work/round-${refitted[0]}.bin"
    if [ "${#refitted[@]}" -gt 1 ]; then
        shipped_name="$(IFS=-; echo "${refitted[*]}")m"
        make_mean "$shipped_name"
        shipped_file="$work/round-$shipped_name.bin"
    elif [ "$children_every" -gt 0 ]; then
        k="${shipped[0]}"
        if ! made "round-${k}c.samples"; then
            log "round ${k}c: the positions one move after every ${children_every}th of round" \
                "$k's, labelled by a depth-$children_depth search over round ${k}f"
            # shellcheck disable=SC2086 # round_args holds separate words
            time "$train" ${round_args[$k]} "${wthor[@]}" --samples "$work/round-$k.samples" \
                --children-of "$children_every" --label-weights "$work/round-${k}f.bin" \
                --label-depth "$children_depth" --label-exact-empties 10 \
                --save-samples "$work/round-${k}c.samples"
        fi
        if ! made "round-${k}fc.bin"; then
            log "round ${k}fc: round $k's positions and round ${k}c's, $final_steps steps"
            # shellcheck disable=SC2086
            time "$train" ${round_args[$k]} "${wthor[@]}" --iterations "$final_steps" \
                --samples "$work/round-$k.samples" --samples "$work/round-${k}c.samples" \
                --output "$work/round-${k}fc.bin"
        fi
        shipped_file="$work/round-${k}fc.bin"
        if [ "$expert_children_every" -gt 0 ]; then
            if ! made "round-${k}w.samples"; then
                log "round ${k}w: the positions one move after every" \
                    "${expert_children_every}th expert position, labelled by a" \
                    "depth-$expert_children_depth search over round ${k}fc (exact from" \
                    "$expert_children_exact empties)"
                "$train" "${common[@]}" --save-samples "$work/wthor.samples" > /dev/null
                time "$train" --data random --games 1 --threads "$threads" \
                    --samples "$work/wthor.samples" --children-of "$expert_children_every" \
                    --children-from 0 --label-weights "$work/round-${k}fc.bin" \
                    --label-depth "$expert_children_depth" \
                    --label-exact-empties "$expert_children_exact" \
                    --save-samples "$work/round-${k}w.samples"
            fi
            if ! made "round-${k}fcw.bin"; then
                log "round ${k}fcw: round $k's positions, round ${k}c's and round ${k}w's," \
                    "$final_steps steps"
                # shellcheck disable=SC2086
                time "$train" ${round_args[$k]} "${wthor[@]}" --iterations "$final_steps" \
                    --samples "$work/round-$k.samples" --samples "$work/round-${k}c.samples" \
                    --samples "$work/round-${k}w.samples" --output "$work/round-${k}fcw.bin"
            fi
            shipped_file="$work/round-${k}fcw.bin"
        fi
    fi
fi
if [ "$endgame_chunks" -gt 0 ]; then
    name="$(basename "$shipped_file" .bin)"
    name="${name#round-}"
    if ! made "round-${name}e.bin"; then
        sets=()
        for ((chunk = 1; chunk <= endgame_chunks; ++chunk)); do
            sets+=(--samples "$work/round-${name}e-$chunk.samples")
            made "round-${name}e-$chunk.samples" && continue
            log "round ${name}e, chunk $chunk of $endgame_chunks: $endgame_games self-play games" \
                "of round $name, positions of 16 or fewer empties solved exactly"
            # Named once whole: a chunk half made when the run stopped is made again.
            rm -f "$work/round-${name}e-$chunk.partial"
            time "$train" --data random --games 1 --threads "$threads" --seed "$chunk" \
                --self-play "$endgame_games" --self-play-weights "$shipped_file" \
                --self-play-exact-empties 16 --save-samples "$work/round-${name}e-$chunk.partial"
            mv "$work/round-${name}e-$chunk.partial" "$work/round-${name}e-$chunk.samples"
        done
        rm -f "$work/round-${name}e.set" "$work/round-${name}e.set.partial" \
            "$work/round-${name}e.net" "$work/round-${name}e.bin"
        "$train" --export-endgame "$work/round-${name}e.set" --base-weights "$shipped_file" \
            "${sets[@]}"
        log "round ${name}e: the endgame network, $endgame_epochs epochs"
        time "$python" "$root/training/endgame/train_endgame.py" --sets "$work/round-${name}e.set" \
            --epochs "$endgame_epochs" --threads "$threads" --seed 1 \
            --output "$work/round-${name}e.net"
        "$train" --attach-endgame "$work/round-${name}e.net" --base-weights "$shipped_file" \
            --output "$work/round-${name}e.bin"
    fi
    shipped_file="$work/round-${name}e.bin"
fi
cp "$shipped_file" "$output"
log "wrote $output ($(basename "$shipped_file" .bin))"

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
# The shipped book's values come from the shipped weights: re-evaluate it with the new ones.
if [ "$quick" = 0 ] && [ "$output" -ef "$root/data/weights.bin" ]; then
    log "re-evaluating the opening book with the new weights (scripts/build-book.sh)"
    THREADS="$threads" "$root/scripts/build-book.sh" "$build"
fi
