#!/usr/bin/env bash
# scripts/label-children.sh end to end, small: parts in bit-reversed order, resumed where a run
# stopped, every child labelled once across the parts, and a folder of other labels refused; then
# othello-train --stream-fit on them writes the in-memory fit's weights file, byte for byte.
#   tests/training/label_children_test.sh BUILD-DIR WTHOR-DIR WORKDIR
set -euo pipefail
build=$(realpath "$1")
wthor=$(realpath "$2")
work=$(realpath -m "$3")
root="$(cd "$(dirname "$0")/../.." && pwd)"
fail() {
  echo "FAILED: $*" >&2
  exit 1
}
rm -rf "$work"
mkdir -p "$work"
train="$build/bin/othello-train"
"$train" --data wthor --wthor-dir "$wthor" --games 30 --save-samples "$work/parents.samples" \
  > /dev/null
label() {
  "$root/scripts/label-children.sh" --samples "$work/parents.samples" \
    --weights "$root/data/weights.bin" --build "$build" --parts 4 --exact-empties 6 --threads 2 "$@"
}
label --out "$work/parts" --depth 2 --count 2 2> "$work/first.log" || fail "$(cat "$work/first.log")"
# Bit-reversed: the first two parts of four are 0 and 2 (every other parent).
[ -f "$work/parts/part-0.samples" ] && [ -f "$work/parts/part-2.samples" ] ||
  fail "parts 0 and 2 first: $(ls "$work/parts")"
[ ! -e "$work/parts/part-1.samples" ] || fail "part 1 was made before its turn"
grep -q 'positions a CPU-second' "$work/first.log" || fail "no labelling speed: $(cat "$work/first.log")"
before=$(stat -c %Y "$work/parts/part-0.samples")
label --out "$work/parts" --depth 2 2> "$work/second.log" || fail "$(cat "$work/second.log")"
grep -q '4 of 4 parts' "$work/second.log" || fail "$(cat "$work/second.log")"
[ "$(stat -c %Y "$work/parts/part-0.samples")" = "$before" ] || fail "part 0 was made again"
[ -z "$(find "$work/parts" -name '.part-*')" ] || fail "temporary files were left"
# The parts together hold every child once: their sizes add up to the children of every parent.
"$train" --data random --games 1 --samples "$work/parents.samples" --children-of 1 \
  --label-weights "$root/data/weights.bin" --label-depth 1 --save-samples "$work/all.samples" \
  > /dev/null
count() { od -An -t u8 -j 16 -N 8 "$1" | tr -d ' '; }
total=0
for f in 0 1 2 3; do total=$((total + $(count "$work/parts/part-$f.samples"))); done
[ "$total" = "$(count "$work/all.samples")" ] ||
  fail "the parts hold $total children, all of them $(count "$work/all.samples")"
# The parents and their labelled children fitted in memory and streamed: the same weights file.
fit() {
  "$train" --data random --games 1 --samples "$work/parents.samples" \
    --samples "$work/parts/part-0.samples" --samples "$work/parts/part-2.samples" --jacobi \
    --iterations 8 --threads 2 "$@"
}
fit --output "$work/in-memory.bin" > "$work/in-memory.log" || fail "$(cat "$work/in-memory.log")"
fit --stream-fit --output "$work/streamed.bin" > "$work/streamed.log" ||
  fail "$(cat "$work/streamed.log")"
grep -q 'streamed fit:' "$work/streamed.log" || fail "$(cat "$work/streamed.log")"
cmp "$work/in-memory.bin" "$work/streamed.bin" || fail "the streamed fit's weights differ"
if fit --stream-fit --keep-every 2 --output "$work/x.bin" 2> "$work/refused.log"; then
  fail "--stream-fit with --keep-every was taken"
fi
grep -q 'stream-fit fits --samples files as they are' "$work/refused.log" ||
  fail "$(cat "$work/refused.log")"
# Another depth in the same folder is refused, not mixed in.
if label --out "$work/parts" --depth 3 2> "$work/other.log"; then fail "another depth was mixed in"; fi
grep -q 'holds parts made otherwise' "$work/other.log" || fail "$(cat "$work/other.log")"
echo "label-children.sh: 4 parts in bit-reversed order, resumed, every child once, other labels refused; --stream-fit gives the in-memory weights"
