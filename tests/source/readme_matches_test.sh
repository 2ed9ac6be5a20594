#!/usr/bin/env bash
# Every othello-match command line the README gives is run, with few games, so that none of them
# can drift from what the program takes: the lines of its code blocks (each block in a folder of
# its own, in order, so that a block's later lines read what its earlier ones wrote: shards, then
# their merge) and the inline ones of its prose. A usage synopsis (a line with `[--option]`) is
# checked against the command's --help instead: every option it names must be there. What the
# lines leave to the reader is filled in: `--games N` and `-rounds R` become 2 games, `…` (the
# rest of a match) two in-process policies, K/N both shards of 2, FILE the shipped data, SPEC and
# ./my-engine othello-engine, SUBCOMMAND each subcommand, A.json, B.json and RESULTS.json results
# made first, match.key a key; Edax, which Debian does not package, is the fake NBoard engine
# that answers as Edax does (named only after `set depth`). Each line must exit 0, but the one
# the README gives as refused (`othello-match ... foo`, exit 2).
#   tests/source/readme_matches_test.sh README.md BIN_DIR DATA_DIR
set -euo pipefail
readme=$1
bin=$2
data=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# The code blocks' lines, "BLOCK<TAB>LINE", continuations joined, comments dropped.
code=$(awk '
  /^```/ { if (code) block++; code = !code; next }
  code {
    line = $0
    if (held != "") { sub(/^[[:space:]]+/, " ", line); line = held line; held = "" }
    if (line ~ /\\$/) { held = substr(line, 1, length(line) - 1); next }
    print block "\t" line
  }' "$readme" | sed 's/[[:space:]]#.*$//')
# The README without its code blocks, one line: the inline `spans` (some broken across lines).
prose=$(awk '/^```/ {code = !code; next} !code' "$readme" | tr '\n' ' ')

subcommands=$("$bin/othello-match" --help | awk '/^Subcommands/ {on = 1; next} on && NF {print $1}')
[ -n "$subcommands" ] || fail "othello-match --help lists no subcommands"
filler="--engine policy:random --engine policy:mobility --games 4"

# A fresh folder with what the README's lines read: results to rate and report, a key, an
# engine called ./my-engine, a data/ folder, Edax's folder.
fresh_folder() {
  local dir=$work/$1
  mkdir -p "$dir/data" "$dir/edax/data"
  ln -s "$bin/othello-engine" "$dir/my-engine"
  head -c 32 /dev/urandom >"$dir/match.key"
  local seed=1
  for results in A.json B.json RESULTS.json; do
    "$bin/othello-match" --engine policy:random --engine policy:mobility --games 2 \
      --seed $((seed++)) --progress none --results "$dir/$results" >/dev/null ||
      fail "could not make $results"
  done
  echo "$dir"
}

# A README line as it runs here: the programs built, the placeholders filled, few games.
runnable() {
  local edax="$bin/fake-nboard-engine --mode name-after-depth --myname Edax4.4"
  sed -E -e 's/^\$ //; s/^scripts\/setup\.sh && //' \
    -e "s#(^|[ \"'=:])(build/bin/)?othello-(match|engine)( |\"|'|$)#\\1$bin/othello-\\3\\4#g" \
    -e "s#(^|[ \"'=:])(build/bin/)?othello-(match|engine)( |\"|'|$)#\\1$bin/othello-\\3\\4#g" \
    -e 's/--games [0-9]+/--games 2/g; s/-rounds [0-9]+/-rounds 1/g; s/--games N( |$)/--games 2\1/g' \
    -e "s#^([^ ]*othello-match) (…|\\.\\.\\.)( |\$)#\\1 $filler\\3#; s# …\$##" \
    -e "s#network=FILE#network=$data/network.bin#g; s#/opt/edax#edax#g" \
    -e "s#edax -nboard -q#$edax#g; s#compliance SPEC#compliance cmd:$bin/othello-engine#" \
    <<<"$1"
}

ran=0
# Runs LINE (a README line) in DIR, each shard of a K/N line, each subcommand of SUBCOMMAND.
run_line() {
  local dir=$1 line=$2 expected=0
  [[ $line == *" foo" ]] && expected=2  # the README's word the runner does not take
  local commands=()
  if [[ $line == *"K/N"* ]]; then
    for k in 0 1; do commands+=("$(sed "s#K/N#$k/2#g; s#shard-K#shard-$k#g" <<<"$line")"); done
  elif [[ $line == *SUBCOMMAND* ]]; then
    for s in $subcommands; do commands+=("${line//SUBCOMMAND/$s}"); done
  else
    commands=("$line")
  fi
  local command status
  for command in "${commands[@]}"; do
    command=$(runnable "$command")
    status=0
    (cd "$dir" && timeout 300 bash -c "$command" >"$work/out" 2>"$work/err") || status=$?
    [ "$status" -eq "$expected" ] ||
      fail "$line: exit $status, expected $expected: $(tail -5 "$work/err")"
    # Edax's stand-in names itself only after set depth: the match must still list it so.
    if [[ $command == *"--myname Edax4.4"*"--log match.log"* ]]; then
      grep -q " game [0-9]* Edax4.4 > " "$dir/match.log" ||
        fail "$line: the Edax engine was not named Edax4.4 in match.log"
    fi
    echo "          ran: $command"
    ran=$((ran + 1))
  done
  echo "ok        $line   (exit $expected)"
}

# A usage synopsis: every option it names is in the command's --help.
check_synopsis() {
  local line=$1 sub help option
  sub=$(awk '{print $2}' <<<"$line")
  if [[ $sub == --* || $sub == \[* ]]; then
    help=$("$bin/othello-match" --help)
  else
    help=$("$bin/othello-match" "$sub" --help)
  fi
  for option in $(grep -oE -- '--[a-z][a-z-]*' <<<"$line" | sort -u); do
    grep -q -- "$option" <<<"$help" || fail "$line: $option is not in its --help"
  done
  echo "ok        $line   (synopsis: its options in --help)"
}

synopses=0
block=-1 dir=""
while IFS=$'\t' read -r number line; do
  [[ $line =~ ^(\$\ |scripts/setup\.sh\ \&\&\ )?(build/bin/)?othello-match([[:space:]]|$) ||
    $line =~ ^[[:space:]]+\[-- ]] || continue
  if [[ $line == *" [--"* || $line =~ ^[[:space:]]+\[-- ]]; then
    [[ $line =~ ^[[:space:]] ]] && line="othello-match$line"  # the main synopsis, continued
    check_synopsis "$line"
    synopses=$((synopses + 1))
    continue
  fi
  [ "$number" = "$block" ] || { block=$number dir=$(fresh_folder "block$number"); }
  run_line "$dir" "$(tr -s ' ' <<<"$line")"
done <<<"$code"

# The inline command lines: `othello-match` with arguments (not a name alone, a version, a
# message), each in a folder of its own.
spans=0
while IFS= read -r span; do
  span=$(tr -s ' ' <<<"${span//\`/}")
  [[ $span =~ ^othello-match\ [^:] ]] || continue
  [[ $span =~ ^othello-match\ [0-9] ]] && continue
  [ "$(wc -w <<<"$span")" -ge 3 ] || [[ $span == *--* ]] || continue
  spans=$((spans + 1))
  run_line "$(fresh_folder "span$spans")" "$span"
done < <(grep -o '`[^`]*`' <<<"$prose" | sort -u)

[ "$synopses" -ge 5 ] || fail "only $synopses usage synopses found in $readme: the extraction broke"
[ "$ran" -ge 15 ] || fail "only $ran othello-match command lines ran from $readme: the extraction broke"
echo "$ran runs of the README's othello-match command lines exited as expected; $synopses synopses checked"
