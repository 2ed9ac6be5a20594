#!/usr/bin/env bash
# Labels the positions one move after saved training positions (the children a one-ply policy
# compares) by a search over given weights, in resumable parts: part F of P holds the children of
# the positions F, F + P, F + 2P, ... (othello-train --children-of P --children-from F), written to
# DIR/part-F.samples once it is whole (a part half done when the run is stopped is done again, and
# a part already in DIR is never redone). Parts go in bit-reversed order (0, P/2, P/4, 3P/4, ...),
# so the first 2^k parts are the children of every (P / 2^k)-th position: any prefix is spread
# over the whole set. Each part's log (DIR/part-F.log) ends with the labeller's positions a
# CPU-second.
# Usage: scripts/label-children.sh --samples FILE --weights FILE --out DIR
#            [--depth 6] [--exact-empties 14] [--parts 64] [--count N (parts this run; all)]
#            [--threads N] [--build DIR]
# Run it at low priority beside other work: nice -n 19 scripts/label-children.sh ...
# The fit then reads the parts with the parents: othello-train --samples FILE --samples
# DIR/part-0.samples --samples DIR/part-32.samples ...
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
samples="" weights="" out="" depth=6 exact=14 parts=64 count=0 threads="$(nproc)"
while [ $# -gt 0 ]; do
    case "$1" in
        --samples) samples="$2"; shift 2 ;;
        --weights) weights="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --depth) depth="$2"; shift 2 ;;
        --exact-empties) exact="$2"; shift 2 ;;
        --parts) parts="$2"; shift 2 ;;
        --count) count="$2"; shift 2 ;;
        --threads) threads="$2"; shift 2 ;;
        --build) build="$2"; shift 2 ;;
        *) echo "label-children.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
if [ -z "$samples" ] || [ -z "$weights" ] || [ -z "$out" ]; then
    echo "label-children.sh: --samples, --weights and --out are needed" >&2
    exit 2
fi
# The parts of one folder share their labels' making: a folder started with other weights,
# depth, exact endgame or parts is refused rather than mixed.
stamp="samples=$(basename "$samples") weights=$(sha256sum < "$weights" | cut -d' ' -f1) depth=$depth exact=$exact parts=$parts"
bits=0
while [ $((1 << bits)) -lt "$parts" ]; do bits=$((bits + 1)); done
if [ $((1 << bits)) -ne "$parts" ]; then
    echo "label-children.sh: --parts must be a power of two (got $parts)" >&2
    exit 2
fi
train="$build/bin/othello-train"
[ -x "$train" ] || { echo "label-children.sh: $train is not built" >&2; exit 1; }
mkdir -p "$out"
if [ -f "$out/labels.txt" ]; then
    if [ "$(cat "$out/labels.txt")" != "$stamp" ]; then
        echo "label-children.sh: $out holds parts made otherwise ($(cat "$out/labels.txt")); give another --out" >&2
        exit 2
    fi
else
    printf '%s\n' "$stamp" > "$out/labels.txt"
fi
# The parts in bit-reversed order.
order=()
for ((i = 0; i < parts; ++i)); do
    r=0
    for ((b = 0; b < bits; ++b)); do r=$(((r << 1) | ((i >> b) & 1))); done
    order+=("$r")
done
[ "$count" -gt 0 ] || count="$parts"
done_now=0
for f in "${order[@]}"; do
    [ "$done_now" -lt "$count" ] || break
    part="$out/part-$f.samples"
    if [ -e "$part" ]; then continue; fi
    # A unique temporary name beside the part, renamed over nothing: only a whole part is named.
    tmp="$(mktemp "$out/.part-$f.XXXXXX")"
    chmod 644 "$tmp"
    trap 'rm -f "$tmp"' EXIT
    echo "label-children.sh: part $f of $parts (depth $depth, exact from $exact empties)" >&2
    if ! "$train" --data random --games 1 --samples "$samples" --children-of "$parts" \
        --children-from "$f" --label-weights "$weights" --label-depth "$depth" \
        --label-exact-empties "$exact" --threads "$threads" --save-samples "$tmp" \
        > "$out/part-$f.log" 2>&1; then
        rm -f "$tmp"
        echo "label-children.sh: part $f failed (log: $out/part-$f.log)" >&2
        exit 1
    fi
    mv -n "$tmp" "$part"
    [ -e "$tmp" ] && { echo "label-children.sh: $part appeared meanwhile; kept it" >&2; rm -f "$tmp"; }
    grep 'labeller:' "$out/part-$f.log" >&2 || true
    done_now=$((done_now + 1))
done
echo "label-children.sh: $(ls "$out"/part-*.samples 2>/dev/null | wc -l) of $parts parts in $out" >&2
