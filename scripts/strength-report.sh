#!/usr/bin/env bash
# Regenerates docs/strength.md: the shipped regression policy (one ply, no search) against random,
# mobility and GRhino levels 1-4 on openings the project generates (random:8 and balanced), every
# opening played with colours swapped, with Elo and 95% error bars as othello-match computes them;
# expert move agreement on the held-out WTHOR games (2016 on, never trained on); evaluation speed;
# and, when scripts/train-weights.sh left its rounds in the work folder, one row per training round
# (so the gain of every step is visible). Needs /usr/games/gtp-rhino (Debian package grhino).
# Usage: scripts/strength-report.sh [--network] [BUILD_DIR]
#   --network: regenerate only the network policy's section (between its two marker comments),
#   keeping the rest of docs/strength.md as it is: network (data/network.bin, as it plays by
#   default: blended with the pattern evaluation of each move's result) against gtp-rhino -l 3 on both opening sets (RHINO_GAMES each), -l 4 (RHINO4_GAMES per
#   opening set) and the regression policy (GAMES, both opening sets), its expert agreement on the
#   held-out games and othello-network-bench. About 50 minutes on an idle 2-core machine.
# The opening book is measured too: `book,regression` against `regression` on openings drawn from
# the book itself (othello-book lines, 6 and 10 plies), and against GRhino.
# Game counts (environment): GAMES (in-process opponents, 1000), RHINO_GAMES (levels 1-3, 1000 per
# opening set), RHINO4_GAMES (level 4, 200 per opening set: about 10 CPU seconds a game),
# ROUND_GAMES (per round and opponent, 200), BOOK_GAMES (1000 at most), ROUNDS_DIR
# (build/training), CONCURRENCY (games at once, default: all cores; gtp-rhino's levels are fixed
# depths, so it changes only the time). With no round files in ROUNDS_DIR, the rounds table of
# the docs/strength.md in place is kept, marked as such. About 70 minutes of wall time on an idle
# 2-core machine with the defaults (level 4 costs most), about 15 on 16 cores. RHINO (the
# gtp-rhino program) and WTHOR_DIR (othello-train's --wthor-dir) point elsewhere if need be.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
only_network=""
if [ "${1:-}" = "--network" ]; then
    only_network=1
    shift
fi
build="${1:-$root/build}"
match="$build/bin/othello-match"
train="$build/bin/othello-train"
games="${GAMES:-1000}"
rhino_games="${RHINO_GAMES:-1000}"
rhino4_games="${RHINO4_GAMES:-200}"
round_games="${ROUND_GAMES:-200}"
book_games="${BOOK_GAMES:-1000}"
rounds_dir="${ROUNDS_DIR:-$build/training}"
concurrency="${CONCURRENCY:-$(nproc)}"
rhino="${RHINO:-/usr/games/gtp-rhino}"
out="$root/docs/strength.md"
# COMMIT names the commit where the tree is a copy without git (another machine); asked first, so
# that a copy without either fails before the matches, not after.
commit="${COMMIT:-$(git -C "$root" rev-parse --short HEAD)}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for program in "$match" "$train" "$build/bin/othello-book" "$build/bin/othello-regression-bench" \
    "$build/bin/othello-network-bench" "$rhino"; do
    [ -x "$program" ] || { echo "strength-report.sh: $program is missing" >&2; exit 1; }
done

# One match: appends a row to the summary table and othello-match's tables to the details.
# Arguments: the opponent's label, the openings, the games, then the engine specs.
match_row() {
    local label="$1" openings="$2" count="$3"; shift 3
    local engines=()
    for spec in "$@"; do engines+=(--engine "$spec"); done
    "$match" "${engines[@]}" --games "$count" --openings "$openings" --concurrency "$concurrency" \
        --no-progress > "$tmp/match.txt" 2>&1
    local line elo
    line="$(grep -m1 ' games, +' "$tmp/match.txt")"
    elo="$(grep -m1 'Elo difference' "$tmp/match.txt" | sed 's/^ *Elo difference //')"
    # "A vs B: N games, +W -L =D, score S%"
    local summary="${line#*: }"
    local shown="${openings#"$tmp/"}"  # book lines: the file's name, not its temporary folder
    printf '| %s | %s | %s | %s |\n' "$label" "$shown" "$summary" "$elo" >> "$tmp/summary.md"
    {
        printf '\n### %s, %s openings\n\n`othello-match %s --games %s --openings %s`\n\n```\n' \
            "$label" "$shown" "${engines[*]}" "$count" "$shown"
        sed -n '/Engine /,/Pentanomial/p' "$tmp/match.txt"
        printf '```\n'
    } >> "$tmp/details.md"
}

wthor=()
[ -n "${WTHOR_DIR:-}" ] && wthor=(--wthor-dir "$WTHOR_DIR")

# The network policy's section, between two markers so that --network can replace it alone.
network_section() {
    : > "$tmp/summary.md"
    : > "$tmp/details.md"
    for openings in random:8 balanced; do
        match_row "gtp-rhino -l 3" "$openings" "$rhino_games" policy:network "cmd:$rhino -l 3"
    done
    for openings in random:8 balanced; do
        match_row "gtp-rhino -l 4" "$openings" "$rhino4_games" policy:network "cmd:$rhino -l 4"
    done
    for openings in random:8 balanced; do
        match_row "regression" "$openings" "$games" policy:network policy:regression
    done
    local agreement
    agreement="$("$train" --agreement-of network ${wthor[@]+"${wthor[@]}"} | grep '^expert agreement')"
    alone="$("$train" --agreement-of network --value-weight 0 ${wthor[@]+"${wthor[@]}"} |
        grep '^expert agreement')"
    cat <<NETHEAD
<!-- network section start: scripts/strength-report.sh --network regenerates it alone -->
## The network policy

\`network\` (\`data/network.bin\`, as \`scripts/train-network.sh\` trains it) as it plays by default:
a convolutional move predictor's logits plus the pattern evaluation of each move's result
(\`--value-weight 1\`), nothing deeper than its own move (engine/network/README.md). Generated at
commit $commit. Every opening is played with colours swapped; Elo differences are the network's, with
95% intervals (pentanomial where the pairs allow).

| opponent | openings | result (network first) | Elo |
|---|---|---|---|
NETHEAD
    cat "$tmp/summary.md"
    printf '\nExpert agreement (`othello-train --agreement-of network`, the policy as it plays):\n%s\n' \
        "$agreement"
    printf '\nThe network alone (`--value-weight 0`):\n%s\n' "$alone"
    printf '\n`othello-network-bench` (one core'"'"'s CPU time):\n\n```\n'
    "$build/bin/othello-network-bench"
    printf '```\n\n### Network match details\n'
    cat "$tmp/details.md"
    printf '<!-- network section end -->\n'
}

if [ -n "$only_network" ]; then
    [ -f "$out" ] || { echo "strength-report.sh: --network needs $out to splice into" >&2; exit 1; }
    network_section > "$tmp/network.md"
    if grep -q '^<!-- network section start' "$out"; then
        awk -v section="$tmp/network.md" '
            /^<!-- network section start/ { while ((getline line < section) > 0) print line; skip = 1; next }
            /^<!-- network section end/ { skip = 0; next }
            !skip' "$out" > "$out.new"
    else
        # The first time: the section under a title for both policies, then the regression's
        # report under its own title (its first line).
        awk -v section="$tmp/network.md" '
            NR == 1 {
                print "# Strength of the search-free policies\n"
                while ((getline line < section) > 0) print line
                print "\n# The regression policy"
                if ($0 !~ /^# /) print
                next
            }
            { print }' "$out" > "$out.new"
    fi
    mv "$out.new" "$out"
    echo "wrote the network section of $out"
    exit 0
fi

network_section > "$tmp/network.md"
: > "$tmp/summary.md"
: > "$tmp/details.md"
for openings in random:8 balanced; do
    match_row "random" "$openings" "$games" policy:regression policy:random
    match_row "mobility" "$openings" "$games" policy:regression policy:mobility
    for level in 1 2 3; do
        match_row "gtp-rhino -l $level" "$openings" "$rhino_games" policy:regression \
            "cmd:$rhino -l $level"
    done
    match_row "gtp-rhino -l 4" "$openings" "$rhino4_games" policy:regression "cmd:$rhino -l 4"
done
book_engine="cmd:$build/bin/othello-engine --policy book,regression"
for plies in 6 10; do
    # Lines reaching distinct positions up to symmetry (the book has 328 of them 6 plies in), each
    # played once with each colour.
    "$build/bin/othello-book" lines --book "$root/data/book.db" --plies "$plies" \
        --count "$((book_games / 2))" > "$tmp/book-lines-$plies.txt" 2> /dev/null
    match_row "regression, as book,regression (book lines of $plies plies)" \
        "$tmp/book-lines-$plies.txt" "$((2 * $(wc -l < "$tmp/book-lines-$plies.txt")))" \
        "$book_engine" "cmd:$build/bin/othello-engine --policy regression"
done
for level in 2 3; do
    match_row "gtp-rhino -l $level, as book,regression" random:8 "$rhino_games" "$book_engine" \
        "cmd:$rhino -l $level"
done

"$train" --evaluate "$root/data/weights.bin" ${wthor[@]+"${wthor[@]}"} > "$tmp/evaluate.txt"
agreement="$(grep '^expert agreement' "$tmp/evaluate.txt")"
"$build/bin/othello-regression-bench" --strength-games 0 > "$tmp/bench.txt"

# The rounds: agreement and short matches per weights file the training script kept.
rounds_table=""
if compgen -G "$rounds_dir/round-*.bin" > /dev/null; then
    rounds_table="| round | expert agreement | vs mobility | vs gtp-rhino -l 1 | vs gtp-rhino -l 2 | vs gtp-rhino -l 3 |
|---|---|---|---|---|---|"
    # round-0a (expert games only) first, then rounds 0, 1, 2, ...
    for file in $(ls "$rounds_dir"/round-0a.bin 2>/dev/null
        ls "$rounds_dir"/round-*.bin | grep -v 'round-0a\.bin$' | sort -V); do
        name="$(basename "$file" .bin)"
        mkdir -p "$tmp/$name"
        cp "$file" "$tmp/$name/weights.bin"
        row="| ${name#round-} | $("$train" --evaluate "$file" ${wthor[@]+"${wthor[@]}"} | sed -n 's/^expert agreement on [0-9]* held-out games: \([0-9.]*%\).*/\1/p')"
        for opponent in policy:mobility "cmd:$rhino -l 1" "cmd:$rhino -l 2" "cmd:$rhino -l 3"; do
            OTHELLO_DATA_DIR="$tmp/$name" "$match" --engine policy:regression --engine "$opponent" \
                --games "$round_games" --openings random:8 --concurrency "$concurrency" --no-progress \
                > "$tmp/round.txt" 2>&1
            result="$(grep -m1 ' games, +' "$tmp/round.txt" | sed 's/^[^:]*: [0-9]* games, //')"
            elo="$(grep -m1 'Elo difference' "$tmp/round.txt" |
                sed 's/^ *Elo difference \([^[]*\).*/\1/')"
            row="$row | $result, Elo $elo"
        done
        rounds_table="$rounds_table
$row |"
    done
fi

# Without the round files (a fresh clone, another machine), the table of the report in place.
kept_rounds=""
if [ -z "$rounds_table" ] && [ -f "$out" ]; then
    kept_rounds="$(sed -n '/^## Training rounds$/,/^## /p' "$out" | sed '1d;$d' |
        sed '/^(Kept from the previous report/d' | sed '/./,$!d')"
fi

{
    cat <<HEAD
# Strength of the search-free policies

HEAD
    cat "$tmp/network.md"
    # The gate and move-loss section (scripts/gate.sh, othello-train --move-losses) is written
    # by hand from those tools' outputs: kept as it is.
    if [ -f "$out" ]; then
        printf '\n'
        sed -n '/^<!-- gate section start/,/^<!-- gate section end/p' "$out"
    fi
    cat <<HEAD

# The regression policy

Generated by \`scripts/strength-report.sh\` (commit $commit) with the shipped weights
\`data/weights.bin\` as \`scripts/train-weights.sh\` trains them. The policy plays one ply: every
legal move's resulting position is evaluated by the pattern regression, nothing deeper; search is
only used offline, to label training positions. Openings: \`random:8\` (8 random plies) and
\`balanced\` (the project's balanced set); every opening is played with colours swapped. Elo
differences are the regression policy's, with 95% intervals (pentanomial where the pairs allow).

## Matches

| opponent | openings | result (regression first) | Elo |
|---|---|---|---|
HEAD
    cat "$tmp/summary.md"
    printf '\n## Expert agreement on held-out WTHOR games (2016 on)\n\n%s\n' "$agreement"
    printf '(`othello-train --evaluate data/weights.bin`; forced moves and passes not counted.)\n'
    printf '\n## Evaluation speed\n\n`othello-regression-bench --strength-games 0`:\n\n```\n'
    cat "$tmp/bench.txt"
    printf '```\n'
    if [ -n "$rounds_table" ]; then
        printf '\n## Training rounds\n\n'
        printf 'Each round of `scripts/train-weights.sh` (files in %s), %s games per opponent on\n' \
            "${rounds_dir#"$root/"}" "$round_games"
        printf '`random:8` openings, colours swapped; W/L/D and Elo (95%% interval) of the round.\n'
        printf 'Round 0a: expert games only; 0: plus exact-labelled self-play; 1: labels half game\n'
        printf 'result, half depth-2 search over round 0; 1m: the mean of rounds 0 and 1 (shipped\n'
        printf 'before this round of work). Rounds 2-5: 100,000 self-play games of an earlier round\n'
        printf 'and positions with 14+ empties labelled by a search over its weights: round 2 from\n'
        printf '1m, depth 4, 3/4 search + 1/4 game label; round 3 from 2, depth 4, search alone;\n'
        printf 'round 4 from 3, depth 4, 3/4; round 5 from 3, depth 6, 3/4, every 4th training\n'
        printf 'position kept. 3f: round 3 refitted from its saved positions with 120 steps instead\n'
        printf 'of 60. 3fc: 3f with the positions one move after every 16th of round 3'"'"'s added\n'
        printf '(every legal move'"'"'s result, labelled by a depth-4 search over 3f), what\n'
        printf 'train-weights.sh ships (before: 3f; before that, 3-4-5m, the mean of rounds 3-5).\n'
        printf 'Ideas tried outside these rounds, with their measurements: docs/training-log.md.\n\n'
        printf '%s\n' "$rounds_table"
    elif [ -n "$kept_rounds" ]; then
        printf '\n## Training rounds\n\n'
        printf '(Kept from the previous report: %s held no round files when this one was made.)\n\n' \
            "${rounds_dir#"$root/"}"
        printf '%s\n' "$kept_rounds"
    fi
    printf '\n## Match details\n'
    cat "$tmp/details.md"
    printf '\n## Errors per phase on the training and held-out positions\n\n```\n'
    grep -v '^wrote\|^total\|^evaluating' "$tmp/evaluate.txt"
    printf '```\n'
} > "$out.new"
mv "$out.new" "$out"
echo "wrote $out"
