#!/usr/bin/env bash
# The Debian package, unpacked without installing it (dpkg-deb -x into WORKDIR, no root): checks
# its metadata and contents, every program's --version, plays `book,regression` from there (GTP
# genmoves of the unpacked othello-engine, which must equal the build's engine's, and an
# othello-match between the unpacked engine and the unpacked runner's in-process policy), then
# takes the unpacked data away: the programs must then fail naming the unpacked share/othello,
# although the source tree's data/ is still there, which shows an installed program reads only
# the data installed with it.
#   tests/installed_package_test.sh PACKAGE.deb VERSION BUILD-OTHELLO-ENGINE WORKDIR
set -euo pipefail
deb=$1
version=$2
build_engine=$3
work=$(realpath -m "$4")
unset OTHELLO_DATA_DIR

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

rm -rf "$work"
mkdir -p "$work"
dpkg-deb -x "$deb" "$work/root"
bin=$work/root/usr/bin
data=$work/root/usr/share/othello
echo "== $deb: $(du -k "$deb" | cut -f1) KiB"
dpkg-deb --field "$deb" Package Version Architecture Maintainer Depends Section

[ "$(dpkg-deb --field "$deb" Version)" = "$version" ] || fail "package version is not $version"
[ -n "$(dpkg-deb --field "$deb" Maintainer)" ] || fail "no Maintainer"
[ -n "$(dpkg-deb --field "$deb" Description)" ] || fail "no Description"
depends=$(dpkg-deb --field "$deb" Depends)
for library in libc6 libstdc++6 libsqlite3 libboost-program-options; do
  [[ $depends == *"$library"* ]] || fail "Depends lacks $library: $depends"
done
for file in bin/othello-engine bin/othello-match bin/othello-book bin/othello-train \
  share/othello/book.db share/othello/weights.bin share/othello/network.bin \
  share/othello/balanced-openings-8.txt \
  share/doc/othello/README.md \
  share/doc/othello/docs/network.md share/doc/othello/engine/book/README.md; do
  [ -f "$work/root/usr/$file" ] || fail "the package has no usr/$file"
done
cmp "$data/weights.bin" "$(dirname "$0")/../data/weights.bin" || fail "weights differ from data/"
cmp "$data/network.bin" "$(dirname "$0")/../data/network.bin" || fail "network differs from data/"

for program in othello-engine othello-match othello-book othello-train; do
  answer=$("$bin/$program" --version)
  [ "$answer" = "$program $version" ] || fail "$program --version printed '$answer'"
  # Read whole: grep -q stops reading early, and under pipefail the writer's SIGPIPE would fail.
  help=$("$bin/$program" --help)
  grep -q -- '--version' <<<"$help" || fail "$program --help does not list --version"
done
answer=$("$bin/othello-engine" --print-data-dir)
[ "$answer" = "$data" ] || fail "the unpacked engine's data folder is '$answer', not $data"

# 30 plies: the book's moves, then the regression's.
gtp="clear_board"
for _ in $(seq 15); do gtp+=$'\ngenmove b\ngenmove w'; done
gtp+=$'\nquit\n'
installed=$(printf '%s' "$gtp" | "$bin/othello-engine" --policy book,regression)
built=$(printf '%s' "$gtp" | "$build_engine" --policy book,regression)
echo "$installed" | tr '\n' ' '
echo
[ "$(echo "$installed" | grep -c '^= [a-h][1-8]$')" = 30 ] || fail "the unpacked engine did not play 30 moves"
[ "$installed" = "$built" ] || fail "the unpacked engine played other moves than the build's"
# The same with the network policy, read from the unpacked network.bin.
installed=$(printf '%s' "$gtp" | "$bin/othello-engine" --policy book,network)
built=$(printf '%s' "$gtp" | "$build_engine" --policy book,network)
[ "$(echo "$installed" | grep -c '^= [a-h][1-8]$')" = 30 ] || fail "book,network: not 30 moves"
[ "$installed" = "$built" ] || fail "the unpacked book,network played other moves than the build's"

"$bin/othello-match" --engine "name=installed,cmd:$bin/othello-engine --policy book,regression" \
  --engine "policy:book,regression" --engine "policy:mobility" --games 2 --openings balanced \
  --concurrency 2 --no-progress --results "$work/match.json" 2>"$work/match.err" | tee "$work/match.txt"
# The balanced openings come from the unpacked set, not computed because the file was missing.
! grep -q "balanced" "$work/match.err" || fail "the unpacked othello-match: $(cat "$work/match.err")"
games=$(grep -o '"reason": *"[a-z ]*"' "$work/match.json" | sort | uniq -c)
[ "$(echo "$games" | tr -s ' ')" = ' 6 "reason": "normal"' ] || fail "the match's games: $games"

# Without the unpacked data the programs must fail and name where they looked.
mv "$data" "$work/data-taken-away"
if "$bin/othello-match" --engine "policy:book,regression" --engine policy:random --games 2 \
  >"$work/no-data.txt" 2>&1; then
  fail "othello-match played without its data"
fi
grep -qF "$data/" "$work/no-data.txt" || fail "othello-match did not name $data: $(cat "$work/no-data.txt")"
if printf 'genmove b\nquit\n' | "$bin/othello-engine" --policy book,regression >"$work/no-data.txt" 2>&1 &&
  grep -q '^= [a-h][1-8]' "$work/no-data.txt"; then
  fail "othello-engine played without its data"
fi
grep -qF "$data/" "$work/no-data.txt" || fail "othello-engine did not name $data: $(cat "$work/no-data.txt")"
echo "the unpacked package plays from $data and only from there"
