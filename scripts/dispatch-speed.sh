#!/usr/bin/env bash
# The portable build's speed against a native one: the in-process runner (othello-match, 200,000
# random-vs-random games, wall and CPU seconds), random self-play (games/s on all cores) and perft 12
# (million leaves/s, one thread, on the set each process chooses), each the best of 3 runs. The
# builds are run in turn within each round, so that a machine busy with other work slows them alike.
#   scripts/dispatch-speed.sh [BUILD...]     (default: build build-native)
# Each BUILD is a build folder, from the repository's root (or any folder with bin/othello-match
# and bin/othello-engine), e.g. the shipped options in build/ and the same commit with
# -DOTHELLO_NATIVE=ON in build-native/:
#   cmake -S . -B build-native -G Ninja -DOTHELLO_NATIVE=ON
#   cmake --build build-native --target othello-match othello-engine
# Prints a Markdown table, a column per build and, for two, their ratio (first / second).
set -euo pipefail
[ -x /usr/bin/time ] || { echo "dispatch-speed: needs /usr/bin/time (Debian's time)" >&2; exit 2; }
cd "$(dirname "$0")/.."

names=("$@")
[ ${#names[@]} -gt 0 ] || names=(build build-native)
builds=()
for b in "${names[@]}"; do
  builds+=("$(realpath "$b")")
  for program in othello-match othello-engine; do
    [ -x "$b/bin/$program" ] || { echo "dispatch-speed: no $b/bin/$program" >&2; exit 2; }
  done
done
rounds=3
games=200000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Programs copied out of their build tree read the same data as those in it.
export OTHELLO_DATA_DIR=${OTHELLO_DATA_DIR:-$PWD/data}

# "WALL CPU": the wall and the CPU seconds (user + system) of one run of the command given.
timed() {
  /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" >/dev/null 2>&1
  awk '{printf "%s %.2f\n", $1, $2 + $3}' "$work/time.txt"
}

# The number before the word given in the text given: "358.4" for "million" in a perft line.
number_before() {
  awk -v word="$1" '{for (i = 2; i <= NF; i++) if ($i == word) {print $(i - 1); exit}}' <<<"$2"
}

# The best of a list of numbers: the lowest with `min`, the highest with `max`.
best() {
  local how=$1
  shift
  printf '%s\n' "$@" | sort -g | if [ "$how" = min ]; then head -1; else tail -1; fi
}

declare -A runner runner_cpu self_play perft
for round in $(seq "$rounds"); do
  for i in "${!builds[@]}"; do
    b=${builds[$i]}
    echo "round $round/$rounds: ${names[$i]}" >&2
    read -r wall cpu < <(cd "$work" && timed "$b/bin/othello-match" \
      --engine policy:random --engine policy:random --games "$games" --no-progress)
    runner[$i]+=" $wall"
    runner_cpu[$i]+=" $cpu"
    bench=$("$b/bin/othello-engine" bench)
    # The first perft line is the set the process chooses (the bench's fastest first).
    perft[$i]+=" $(number_before million "$(grep -m1 '^perft' <<<"$bench")")"
    self_play[$i]+=" $(number_before games/s "$(grep '^random self-play' <<<"$bench")")"
  done
done

row() {
  local label=$1 how=$2 format=$3
  shift 3
  local -n figures=$1
  local values=()
  printf '| %s |' "$label"
  for i in "${!builds[@]}"; do
    # shellcheck disable=SC2086
    values[i]=$(best "$how" ${figures[$i]})
    # shellcheck disable=SC2059
    printf " $format |" "${values[$i]}"
  done
  [ ${#builds[@]} -eq 2 ] && awk -v a="${values[0]}" -v b="${values[1]}" 'BEGIN {printf " %.2f |", a / b}'
  echo
}

printf '| best of %d |' "$rounds"
for b in "${names[@]}"; do printf ' %s |' "$b"; done
[ ${#builds[@]} -eq 2 ] && printf ' ratio |'
echo
printf '|---|'
for _ in "${builds[@]}"; do printf -- '---:|'; done
[ ${#builds[@]} -eq 2 ] && printf -- '---:|'
echo
row "in-process runner: $games random-vs-random games, wall s" min '%.2f' runner
row "the same, CPU s (user + system)" min '%.2f' runner_cpu
row "random self-play, games/s (all cores)" max '%.0f' self_play
row "perft 12, million leaves/s (one thread)" max '%.1f' perft
