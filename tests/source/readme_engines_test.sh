#!/usr/bin/env bash
# Every engine command line the README gives is started and spoken to, so that none of them can
# drift from what the programs take: othello-engine's lines (code blocks, and the inline ones of
# the GUI steps), the engines of `--engine` specs (cmd:, nboard:), cutechess's `-engine cmd=
# arg=...` words, and the commands --exec serves. A GTP engine must answer `name`; an NBoard engine
# must say `set myname` after `nboard 2` and answer `ping` with `pong`; a --listen server is
# started on 127.0.0.1 (the README's address and port replaced: tests use loopback only) and
# spoken to over TCP, its --token first. Edax, which Debian does not package, is listed as
# UNTESTED where it is not installed; any other program a line names must be there (gtp-rhino
# comes with scripts/setup.sh), so a misspelt or renamed program fails the test.
#   tests/source/readme_engines_test.sh README.md BIN_DIR DATA_DIR
set -euo pipefail
readme=$1
bin=$2
data=$3
work=$(mktemp -d)
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# The README without its code blocks, one line: the inline `spans` (some broken across lines).
prose=$(awk '/^```/ {code = !code; next} !code' "$readme" | tr '\n' ' ')
# The code blocks' lines, continuations joined, comments dropped.
code=$(awk '/^```/ {code = !code; next} code' "$readme" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
  sed 's/[[:space:]]#.*$//')

commands=()  # each "PROTOCOL<TAB>COMMAND LINE", spaces collapsed
add() { commands+=("$1"$'\t'"$(sed 's/[[:space:]]\+/ /g; s/^ //; s/ $//' <<<"$2")"); }
protocol_of() {
  local line
  line=$(tr -s '[:space:]' ' ' <<<"$1")
  [[ $line == *"--protocol nboard"* || $line == *" -nboard"* ]] && echo nboard || echo gtp
}

# 1. othello-engine's own lines in code blocks (not its subcommands and informational flags).
while IFS= read -r line; do
  [[ $line =~ ^(build/bin/|/usr/bin/)?othello-engine[[:space:]] ]] || continue
  [[ $line =~ othello-engine[[:space:]]+(perft|bench|--version|--help|--print-data-dir|--list-policies) ]] && continue
  add "$(protocol_of "$line")" "$line"
done <<<"$code"
# 2. Inline spans that are engine command lines: othello-engine with options, cmd:/nboard: specs.
while IFS= read -r span; do
  span=${span//\`/}
  if [[ $span =~ ^(cmd:|nboard:) ]]; then
    [[ $span == nboard:* ]] && add nboard "${span#nboard:}" || add gtp "${span#cmd:}"
  elif [[ $span =~ ^(/usr/bin/|build/bin/)?othello-engine[[:space:]]+--[a-z] ]]; then
    [[ $span =~ othello-engine[[:space:]]+(--version|--help|--print-data-dir|--list-policies) ]] && continue
    add "$(protocol_of "$span")" "$span"
  fi
done < <(grep -o '`[^`]*`' <<<"$prose")
# 3. --engine specs anywhere (quoted), their cmd: or nboard: part.
while IFS= read -r spec; do
  spec=${spec:10:-1}
  if [[ $spec == *nboard:* ]]; then
    add nboard "${spec#*nboard:}"
  elif [[ $spec == *cmd:* ]]; then
    add "$(protocol_of "$spec")" "${spec#*cmd:}"
  fi
done < <(grep -oE -- "--engine (\"[^\"]*\"|'[^']*')" <<<"$code"$'\n'"$prose")
# 4. cutechess's -engine cmd=PROGRAM arg=ARG ... proto=P words.
while IFS= read -r words; do
  line="" proto=gtp
  for word in $words; do
    case $word in
      cmd=*) line=${word#cmd=} ;;
      arg=*) line+=" ${word#arg=}" ;;
      proto=*) proto=${word#proto=} ;;
    esac
  done
  [ -n "$line" ] && add "$proto" "$line"
done < <(grep -oE -- '-engine( [a-z.]+=[^ ]+)+' <<<"$code")
# 5. What --exec serves.
while IFS= read -r served; do
  add gtp "${served:8:-1}"
done < <(grep -oE -- '--exec "[^"]*"' <<<"$code")

# A command line's words, split as a shell would (quotes, backslashes) without running anything;
# the README's placeholders made real.
words_of() {
  local line=$1
  line=${line//HOST:PORT/127.0.0.1:7000}
  line=${line//--network FILE/--network $data/network.bin}
  line=${line//--weights FILE/--weights $data/weights.bin}
  line=${line//--book FILE/--book $data/book.db}
  printf '%s' "$line" | xargs -n1 printf '%s\n'
}

# Speaks the protocol on stdin/stdout of a command, or over TCP (fd 3); prints what came back.
gtp_session() { printf 'name\nquit\n'; }
nboard_session() { printf 'nboard 2\nping 1\nquit\n'; }
check_answer() {  # PROTOCOL ANSWER WHAT
  if [ "$1" = gtp ]; then
    grep -qE '^= [^[:space:]]' <<<"$2" || fail "$3: no GTP name in its answer: '$2'"
  else
    [[ $2 == *"set myname "* && $2 == *"pong 1"* ]] || fail "$3: no NBoard set myname and pong: '$2'"
  fi
}

# The programs a README line may name that the tests cannot install.
may_be_missing() { [ "$(basename "$1")" = edax ]; }
missing() {  # LINE PROGRAM
  may_be_missing "$2" || fail "$1: $2 is not installed (or the README names it wrongly)"
  echo "UNTESTED  $1   ($2 is not installed here)"
  untested=$((untested + 1))
}

tested=0 untested=0
declare -A seen
for entry in "${commands[@]}"; do
  protocol=${entry%%$'\t'*}
  line=${entry#*$'\t'}
  # Words in capitals and ellipses are the README's placeholders (cmd:COMMAND LINE, cmd:...).
  [[ -z $line || $line == ...* || $line =~ ^[A-Z][A-Z_]*([[:space:]]|$) ]] && continue
  [ -z "${seen[$line]:-}" ] || continue
  seen[$line]=1
  mapfile -t words < <(words_of "$line")
  program=${words[0]}
  case $program in
    othello-engine | build/bin/othello-engine | /usr/bin/othello-engine) words[0]=$bin/othello-engine ;;
  esac
  if ! command -v "${words[0]}" >/dev/null; then
    missing "$line" "$program"
    continue
  fi
  # A server: on 127.0.0.1 and a port of the system's choice, spoken to over TCP.
  listen=-1 token="" served=""
  for i in "${!words[@]}"; do
    [ "${words[$i]}" = --listen ] && listen=$((i + 1))
    [ "${words[$i]}" = --token ] && token=${words[$((i + 1))]}
    [ "${words[$i]}" = --exec ] && served=${words[$((i + 1))]}
  done
  if [ "$listen" -ge 0 ]; then
    served_program=${served%% *}
    if [ -n "$served" ] && ! command -v "$served_program" >/dev/null; then
      missing "$line" "$served_program"
      continue
    fi
    words[$listen]=127.0.0.1:0
    # A file of its own, made before the server starts: the shell opens a background job's
    # redirection in the child, maybe after the loop below first reads, which must then find
    # an empty file rather than none, or the last server's port.
    err="$work/server-${#servers[@]}.err"
    : >"$err"
    "${words[@]}" 2>"$err" &
    servers+=($!)
    port=""
    for _ in $(seq 100); do
      port=$(sed -n 's/^othello-engine: listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$err")
      [ -n "$port" ] && break
      sleep 0.1
    done
    [ -n "$port" ] || fail "$line: did not say where it listens: $(cat "$err")"
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    { [ -z "$token" ] || echo "othello-token $token"; ${protocol}_session; } >&3
    answer=$(timeout 20 cat <&3 || true)
    exec 3<&-
    kill "${servers[-1]}" 2>/dev/null || true
  else
    answer=$(${protocol}_session | timeout 20 "${words[@]}" 2>/dev/null || true)
  fi
  check_answer "$protocol" "$answer" "$line"
  echo "ok        $line   ($protocol: $(grep -m1 -E '^(= |set myname)' <<<"$answer"))"
  tested=$((tested + 1))
done
[ "$tested" -ge 10 ] || fail "only $tested engine command lines found in $readme: the extraction broke"
echo "$tested engine command lines of the README started and answering; $untested untested"
