#!/usr/bin/env bash
# Judges a candidate weights file by games and appends its row to training/gates.tsv (pinned:
# tab-separated, with a header). Every candidate meets the same opponents on the same openings:
#   gtp-rhino -l 3: GAMES (2000) games on random 8-ply openings drawn by --seed (the gate's
#                   fixed seed, never used in training), each opening with colours swapped;
#   gtp-rhino -l 2: L2_GAMES (1000) games, the same seed;
#   the shipped weights (this checkout's data/weights.bin, policy regression): SHIPPED_GAMES
#                   (1000) games, the same seed (a row for the shipped weights themselves plays
#                   no such match).
# The scores are the candidate's, in percent; err95 is the 95% error of the score against -l 3,
# from the pairs of games each opening gives (pentanomial). A candidate passes when it scores
# at least 2.0 points more than the shipped row against -l 3, no more than 3 less against -l 2,
# and at least 50% against the shipped weights; the script says so, and `shipped` stays "no"
# until the weights are committed as data/weights.bin (then edit the row to "yes"). It also gives
# the difference against -l 3 opening by opening, with its error bar, from the shipped row's
# records (kept in the same --logs): a far tighter figure than the two scores' own errors.
# Usage: scripts/gate.sh --candidate NAME --weights FILE --positions N --labels TEXT
#            [--shipped] [--seed S] [--build DIR] [--logs DIR] [--table FILE]
#   --shipped: the row of the weights shipped now (what the others are measured against).
#   --table: another table than training/gates.tsv (the tests' own).
# Match outputs and game records are kept in --logs (default build/gates/NAME-*.txt and .ggf;
# othello-train --move-losses reads the records); a gate run again after a stop reuses the
# matches it finished. About 25 minutes on 2 cores.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
candidate="" weights="" positions="" labels="" shipped=no seed=55001 logs=""
table="$root/training/gates.tsv"
while [ $# -gt 0 ]; do
    case "$1" in
        --candidate) candidate="$2"; shift 2 ;;
        --weights) weights="$2"; shift 2 ;;
        --positions) positions="$2"; shift 2 ;;
        --labels) labels="$2"; shift 2 ;;
        --shipped) shipped=yes; shift ;;
        --seed) seed="$2"; shift 2 ;;
        --build) build="$2"; shift 2 ;;
        --logs) logs="$2"; shift 2 ;;
        --table) table="$2"; shift 2 ;;
        *) echo "gate.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if [ -z "$candidate" ] || [ -z "$weights" ] || [ -z "$positions" ] || [ -z "$labels" ]; then
    echo "gate.sh: --candidate, --weights, --positions and --labels are needed" >&2
    exit 2
fi
case "$candidate$labels" in
    *$'\t'* | *$'\n'*) echo "gate.sh: names and labels hold no tab or newline" >&2; exit 2 ;;
esac
[ -f "$weights" ] || { echo "gate.sh: $weights: no such file" >&2; exit 2; }
shipped_weights="$root/data/weights.bin"
for path in "$weights" "$shipped_weights"; do
    case "$path" in
        *,*) echo "gate.sh: $path: a path with a comma cannot be an engine spec's weights=" >&2
             exit 2 ;;
    esac
done
games="${GAMES:-2000}" l2_games="${L2_GAMES:-1000}" shipped_games="${SHIPPED_GAMES:-1000}"
rhino="${RHINO:-/usr/games/gtp-rhino}"
match="$build/bin/othello-match"
for program in "$match" "$rhino"; do
    [ -x "$program" ] || { echo "gate.sh: $program is missing" >&2; exit 1; }
done
logs="${logs:-$build/gates}"
mkdir -p "$logs"
header=$'candidate\tdate\tpositions\tlabels\tgames\tscore_vs_l3\terr95\tscore_vs_l2\tscore_vs_shipped\tshipped'
[ -s "$table" ] || printf '%s\n' "$header" > "$table"
if [ "$(head -n 1 "$table")" != "$header" ]; then
    echo "gate.sh: $table does not start with the gate header; not appending to it" >&2
    exit 1
fi

# play NAME COUNT OPPONENT: the candidate first, in process; prints the match's output file.
play() {
    local name="$1" count="$2" opponent="$3" file="$logs/$candidate-$1.txt"
    # A match this gate finished before (a run stopped later) is not played again: the same
    # weights (their checksum), seed, opponent and games, written beside it when it finished.
    local key
    key="$(sha256sum < "$weights" | cut -d' ' -f1) seed=$seed games=$count opponent=$opponent"
    if grep -q " $count games, +" "$file" 2>/dev/null && [ -s "$logs/$candidate-$1.ggf" ] &&
        [ "$(cat "$file.key" 2>/dev/null)" = "$key" ]; then
        echo "gate.sh: $candidate against $name: reusing the finished match in $file" >&2
        echo "$file"
        return
    fi
    echo "gate.sh: $candidate against $name, $count games (seed $seed)" >&2
    "$match" --engine "weights=$weights,policy:regression" --engine "$opponent" \
        --games "$count" --openings random:8 --seed "$seed" --records "$logs/$candidate-$1.ggf" \
        --no-progress > "$file" 2>&1 || {
        echo "gate.sh: the match against $name failed (log: $file)" >&2
        exit 1
    }
    printf '%s\n' "$key" > "$file.key"
    echo "$file"
}
# The candidate's score in percent, from "A vs B: N games, +W -L =D, score S%".
score_of() { sed -n 's/.* games, +.*, score \([0-9.]*\)%.*/\1/p' "$1" | head -n 1; }
# The 95% error of the score, in points, from the pentanomial counts of the pairs.
error_of() {
    sed -n 's/.*Pentanomial \[[^]]*\]: \[\([0-9, ]*\)\].*/\1/p' "$1" | head -n 1 | tr -d ' ' |
        awk -F, '{ n = 0; m = 0
                   for (i = 1; i <= 5; ++i) { n += $i; m += $i * (i - 1) / 4 }
                   if (n == 0) exit 1
                   m /= n; v = 0
                   for (i = 1; i <= 5; ++i) v += $i * ((i - 1) / 4 - m) ^ 2
                   printf "%.1f\n", 196 * sqrt(v / n / n) }'
}

# The candidate's score against -l 3 minus the base row's, opening by opening: "PAIRS DIFF ERR",
# in points, from the two matches' records (one game a line; an opening is its first 8 moves, both
# colours of it a pair). The same seed gives both the same openings, so the difference of each
# opening's pair removes most of what the openings themselves add to the error bar.
paired_of() {
    awk -v name=regression '
        function score(line, colour,    r) {
            if (!match(line, /RE\[[-+]?[0-9][0-9.]*/)) return -1  # RE[?]: no result
            r = substr(line, RSTART + 3, RLENGTH - 3) + 0
            if (r == 0) return 0.5
            return (r > 0) == (colour == "B") ? 1 : 0
        }
        FNR == 1 { ++file }
        {
            colour = index($0, "PB[" name "]") ? "B" : index($0, "PW[" name "]") ? "W" : ""
            if (colour == "") next
            line = $0; key = ""
            for (k = 0; k < 8 && match(line, /[BW]\[[a-h][1-8]/); ++k) {
                key = key substr(line, RSTART + 2, 2); line = substr(line, RSTART + RLENGTH)
            }
            s = score($0, colour)
            if (s < 0) next
            if (file == 1) { cand[key] += s; nc[key]++ } else { base[key] += s; nb[key]++ }
        }
        END {
            for (key in cand) if (nc[key] == 2 && nb[key] == 2) {
                d = (cand[key] - base[key]) / 2; n++; sum += d; sq += d * d
            }
            if (n < 2) exit 1
            mean = sum / n; var = (sq - n * mean * mean) / (n - 1)
            printf "%d %+.1f %.1f\n", n, 100 * mean, 196 * sqrt(var / n)
        }' "$1" "$2"
}

l3="$(play l3 "$games" "cmd:$rhino -l 3")"
l2="$(play l2 "$l2_games" "cmd:$rhino -l 2")"
vs_shipped="-"
if [ "$shipped" = no ]; then
    vs_shipped="$(score_of "$(play shipped "$shipped_games" "weights=$shipped_weights,policy:regression")")"
fi
l3_score="$(score_of "$l3")" l3_error="$(error_of "$l3")" l2_score="$(score_of "$l2")"
if [ -z "$l3_score" ] || [ -z "$l3_error" ] || [ -z "$l2_score" ] || [ -z "$vs_shipped" ]; then
    echo "gate.sh: a match's output holds no score or no pairs (see $logs); no row written" >&2
    exit 1
fi
row="$candidate	$(date -u +%F)	$positions	$labels	$games	$l3_score	$l3_error	$l2_score	$vs_shipped	$shipped"
printf '%s\n' "$row" >> "$table"
echo "gate.sh: appended to $table:" >&2
printf '%s\n%s\n' "$header" "$row" | column -t -s $'\t' >&2
[ "$shipped" = yes ] && exit 0
# The verdict, against the newest row of weights that shipped.
base="$(awk -F'\t' '$10 == "yes" { row = $0 } END { print row }' "$table")"
if [ -z "$base" ]; then
    echo "gate.sh: no row of shipped weights in $table to compare with (gate them with --shipped)" >&2
    exit 0
fi
awk -F'\t' -v base="$base" '{
    split(base, b, "\t")
    l3 = $6 - b[6]; l2 = $8 - b[8]
    ok3 = l3 >= 2.0; ok2 = l2 >= -3.0; oks = $9 >= 50
    printf "gate.sh: against %s: -l 3 %+.1f points (needs +2.0: %s), -l 2 %+.1f (needs -3.0 or more: %s), %s%% against the shipped weights (needs 50: %s): %s\n",
        b[1], l3, ok3 ? "yes" : "no", l2, ok2 ? "yes" : "no", $9, oks ? "yes" : "no",
        ok3 && ok2 && oks ? "PASSES the gate" : "does not pass"
}' <<<"$row" >&2
base_records="$logs/$(cut -f1 <<<"$base")-l3.ggf"
if [ -s "$base_records" ] && paired="$(paired_of "$logs/$candidate-l3.ggf" "$base_records")"; then
    read -r pairs diff error <<<"$paired"
    echo "gate.sh: against $(cut -f1 <<<"$base")'s -l 3 games on the same openings: $diff ± $error points ($pairs openings, both colours each)" >&2
else
    echo "gate.sh: no paired difference: $base_records (the shipped row's -l 3 records) is not in --logs" >&2
fi
