#!/usr/bin/env bash
# The two Debian packages, installed and removed by dpkg: othello (the programs, man pages, docs)
# and othello-data (book, weights, network, openings; Architecture: all). dpkg works in its own
# root (dpkg --root WORKDIR/root) whose package database starts empty, so nothing of this system
# is changed and nothing this system has installed (an othello or othello-data of its own
# included) changes the result, and tests in other build trees can run at the same time. The
# libraries othello depends on are then missing there: its install forces them
# (--force-depends), and the output must show that only they were missing. Checked: the packages' fields and contents; othello refused without othello-data and
# othello-data's removal refused while othello is installed; every program's --version and man
# page; book,regression and book,network played by the installed engine (the same moves as the
# build's engine) and a short othello-match printing its table; with othello-data forced out the
# programs fail naming the installed share/othello, although the source tree's data/ is still
# there; after `dpkg -r` no file of either package is left.
#   tests/package/installed_package_test.sh OTHELLO.deb OTHELLO-DATA.deb VERSION BUILD-OTHELLO-ENGINE WORKDIR
set -euo pipefail
programs_deb=$1
data_deb=$2
version=$3
build_engine=$4
work=$(realpath -m "$5")
unset OTHELLO_DATA_DIR

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

if [ "$(id -u)" -ne 0 ]; then
  echo "package/installed: dpkg installs as root only (CI runs as root); skipped"
  exit 77
fi

rm -rf "$work"
root=$work/root
admin=$root/var/lib/dpkg
mkdir -p "$admin/info" "$admin/updates"
# An empty package database: no package of this system counts as installed in the test's root.
: >"$admin/status"
: >"$admin/available"
# dpkg in the test's root, never this system's; its output is kept for the failure messages.
pkg() { dpkg --root="$root" "$@" >"$work/dpkg.out" 2>&1; }
status() { dpkg-query --admindir="$admin" -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null || true; }
bin=$root/usr/bin
data=$root/usr/share/othello

for deb in "$programs_deb" "$data_deb"; do
  echo "== $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"
  dpkg-deb --field "$deb" Package Version Architecture Section Priority Depends
  [ "$(dpkg-deb --field "$deb" Version)" = "$version" ] || fail "$deb: version is not $version"
  [ -n "$(dpkg-deb --field "$deb" Maintainer)" ] || fail "$deb: no Maintainer"
done
[ "$(dpkg-deb --field "$programs_deb" Package)" = othello ] || fail "not the othello package"
[ "$(dpkg-deb --field "$data_deb" Package)" = othello-data ] || fail "not the othello-data package"
[ "$(dpkg-deb --field "$data_deb" Architecture)" = all ] || fail "othello-data is not Architecture: all"
[ "$(dpkg-deb --field "$programs_deb" Architecture)" = "$(dpkg --print-architecture)" ] ||
  fail "othello is not built for $(dpkg --print-architecture)"
depends=$(dpkg-deb --field "$programs_deb" Depends)
for dependency in "othello-data (= $version)" libc6 libstdc++6 libsqlite3 libboost-program-options; do
  [[ $depends == *"$dependency"* ]] || fail "othello's Depends lacks $dependency: $depends"
done
# Each file in the package it belongs to, and only there.
dpkg-deb -c "$programs_deb" | awk '{print $6}' >"$work/programs.list"
dpkg-deb -c "$data_deb" | awk '{print $6}' >"$work/data.list"
! grep -q '^\./usr/share/othello/.' "$work/programs.list" || fail "othello carries the data"
! grep -q '^\./usr/bin/.' "$work/data.list" || fail "othello-data carries programs"

# othello alone is refused: it depends on othello-data at its own version.
if pkg --install "$programs_deb"; then fail "dpkg installed othello without othello-data"; fi
grep -qF "othello depends on othello-data (= $version)" "$work/dpkg.out" ||
  fail "dpkg did not name the missing othello-data: $(cat "$work/dpkg.out")"
# With othello-data, only the system's libraries (absent from the empty root) are missing: those
# are forced, and othello-data must not be among the dependency problems dpkg reports.
pkg --force-depends --install "$data_deb" "$programs_deb" ||
  fail "dpkg --install: $(cat "$work/dpkg.out")"
! grep -q "depends on othello-data" "$work/dpkg.out" ||
  fail "othello's dependency on othello-data was not met: $(cat "$work/dpkg.out")"
for package in othello othello-data; do
  [ "$(status $package)" = "ii " ] || fail "$package is not installed: '$(status $package)'"
done

for file in bin/othello-engine bin/othello-match bin/othello-book bin/othello-train bin/othello-token \
  share/othello/book.db share/othello/weights.bin share/othello/network.bin \
  share/othello/balanced-openings-8.txt \
  share/doc/othello/README.md share/doc/othello/docs/network.md \
  share/doc/othello/engine/book/README.md \
  share/doc/othello/copyright share/doc/othello/changelog.gz \
  share/doc/othello-data/copyright share/doc/othello-data/changelog.gz; do
  [ -f "$root/usr/$file" ] || fail "no /usr/$file installed"
done
cmp "$data/weights.bin" "$(dirname "$0")/../../data/weights.bin" || fail "weights differ from data/"
cmp "$data/network.bin" "$(dirname "$0")/../../data/network.bin" || fail "network differs from data/"

for program in othello-engine othello-match othello-book othello-train othello-token; do
  answer=$("$bin/$program" --version)
  [ "$answer" = "$program $version" ] || fail "$program --version printed '$answer'"
  page=$(man --manpath="$root/usr/share/man" -w "$program") || fail "no man page for $program"
  [ "$page" = "$root/usr/share/man/man1/$program.1.gz" ] || fail "$program's man page is $page"
  # The page is the program's own --help: its first option there is in the page too.
  name=$(MANWIDTH=200 man -l "$page" 2>/dev/null | grep -A1 '^NAME' | tail -1)
  [[ $name == *"$program - "* ]] || fail "$program's man page has no NAME line: '$name'"
  MANWIDTH=200 man -l "$page" 2>/dev/null | grep -q -- '--version' ||
    fail "$program's man page does not list --version"
done
echo "man -w othello-match: $(man --manpath="$root/usr/share/man" -w othello-match)"
answer=$("$bin/othello-engine" --print-data-dir)
[ "$answer" = "$data" ] || fail "the installed engine's data folder is '$answer', not $data"

# 30 plies: the book's moves, then the regression's.
gtp="clear_board"
for _ in $(seq 15); do gtp+=$'\ngenmove b\ngenmove w'; done
gtp+=$'\nquit\n'
installed=$(printf '%s' "$gtp" | "$bin/othello-engine" --policy book,regression)
built=$(printf '%s' "$gtp" | "$build_engine" --policy book,regression)
echo "$installed" | tr '\n' ' '
echo
[ "$(echo "$installed" | grep -c '^= [a-h][1-8]$')" = 30 ] || fail "the installed engine did not play 30 moves"
[ "$installed" = "$built" ] || fail "the installed engine played other moves than the build's"
# The same with the network policy, read from the installed network.bin.
installed=$(printf '%s' "$gtp" | "$bin/othello-engine" --policy book,network)
built=$(printf '%s' "$gtp" | "$build_engine" --policy book,network)
[ "$(echo "$installed" | grep -c '^= [a-h][1-8]$')" = 30 ] || fail "book,network: not 30 moves"
[ "$installed" = "$built" ] || fail "the installed book,network played other moves than the build's"

"$bin/othello-match" --engine "name=installed,cmd:$bin/othello-engine --policy book,regression" \
  --engine "policy:book,regression" --engine "policy:mobility" --games 2 --openings balanced \
  --concurrency 2 --no-progress --results "$work/match.json" 2>"$work/match.err" | tee "$work/match.txt"
grep -q '^ *[0-9]* *installed ' "$work/match.txt" || fail "othello-match printed no table row for 'installed'"
# The balanced openings come from the installed set, not computed because the file was missing.
! grep -q "balanced" "$work/match.err" || fail "the installed othello-match: $(cat "$work/match.err")"
games=$(grep -o '"reason": *"[a-z ]*"' "$work/match.json" | sort | uniq -c)
[ "$(echo "$games" | tr -s ' ')" = ' 6 "reason": "normal"' ] || fail "the match's games: $games"

# The package is built for every amd64 CPU: under an emulated Nehalem (no AVX, AVX2, BMI1/2,
# LZCNT or FMA) its programs choose their baseline kernels and play; an AVX2 or BMI2 instruction
# anywhere they run would end them with SIGILL (as it ends a build made with OTHELLO_NATIVE).
if [ "$(dpkg --print-architecture)" = amd64 ]; then
  command -v qemu-x86_64 >/dev/null || fail "qemu-x86_64 is missing: install qemu-user (scripts/setup.sh does)"
  old_cpu() { qemu-x86_64 -cpu Nehalem "$@"; }
  answer=$(old_cpu "$bin/othello-engine" perft 7) || fail "perft 7 under qemu -cpu Nehalem: $answer"
  [[ $answer == $'perft 7 = 55092\n'*" on baseline" ]] || fail "perft under Nehalem printed '$answer'"
  answer=$(qemu-x86_64 -cpu Haswell "$bin/othello-engine" perft 7 2>/dev/null)
  [[ $answer == *" on x86-64-v3" ]] || fail "perft under an emulated Haswell printed '$answer'"
  for policy in book,regression book,network; do
    installed=$(printf '%s' "$gtp" | old_cpu "$bin/othello-engine" --policy $policy)
    built=$(printf '%s' "$gtp" | "$build_engine" --policy $policy)
    [ "$installed" = "$built" ] || fail "$policy under Nehalem played other moves than the build's"
  done
  # Whole games to the end, each adjudicated by the endgame solver at 14 empty squares.
  old_cpu "$bin/othello-match" --engine "policy:regression" --engine "policy:network" --games 2 \
    --openings balanced --adjudicate 14 --concurrency 1 --no-progress \
    --results "$work/nehalem.json" >"$work/nehalem.txt" 2>&1 ||
    fail "othello-match under qemu -cpu Nehalem: $(cat "$work/nehalem.txt")"
  games=$(grep -c '"reason": *"\(normal\|adjudicated\)"' "$work/nehalem.json" || true)
  [ "$games" = 2 ] || fail "othello-match under Nehalem finished $games of 2 games: $(cat "$work/nehalem.txt")"
  echo "under qemu -cpu Nehalem: perft, book,regression, book,network and a 2-game match"
else
  echo "not amd64: the baseline-CPU check under qemu-x86_64 is left out"
fi

# othello-data cannot be removed while othello is installed; forced out, the programs must fail
# and name where they looked.
if pkg --remove othello-data; then fail "dpkg removed othello-data under othello"; fi
pkg --force-depends --remove othello-data || fail "dpkg --remove othello-data: $(cat "$work/dpkg.out")"
[ ! -e "$data" ] || fail "$data is still there after othello-data's removal"
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

pkg --remove othello || fail "dpkg --remove othello: $(cat "$work/dpkg.out")"
for package in othello othello-data; do
  [ -z "$(status $package)" ] || [ "$(status $package)" = "un " ] ||
    fail "$package is still known to dpkg after its removal: '$(status $package)'"
done
# Every file, and the packages' own folders.
left=$( (grep -v '/$' "$work/programs.list" "$work/data.list" -h | sed 's|^\./|/|'
  printf '%s\n' /usr/share/othello /usr/share/doc/othello /usr/share/doc/othello-data) |
  while read -r path; do [ ! -e "$root$path" ] || echo "$path"; done)
[ -z "$left" ] || fail "left after dpkg --remove: $left"
echo "both packages installed, played from $data and only from there, and removed"
