#!/bin/sh
# Builds the shipped opening book data/book.db from the shared expert games and named openings:
# the first 20 plies of every WTHOR game, moves played at least 4 times, plus the named lines.
# Usage: scripts/build-book.sh [BUILD_DIR]   (BUILD_DIR defaults to build; othello-book must be built)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
shared=${OTHELLO_SHARED_DATA:-"$root/../shared/data"}
"$build/bin/othello-book" build --book "$root/data/book.db" \
    --wthor "$shared/wthor" --depth 20 --min-games 4 \
    --lines "$shared/openings/named-openings.tsv"
"$build/bin/othello-book" stats --book "$root/data/book.db"
