#!/bin/sh
# Builds the shipped opening book data/book.db from the shared expert games and named openings:
# the first 20 plies of every WTHOR game, moves played at least 4 times, plus the named lines;
# then values every move by negamax over the book with depth-6 searches of the shipped regression
# weights at its leaves (othello-book evaluate), storing the best unplayed alternative of each
# position too, so `book,regression` plays the offline search's choice, never a move it rates
# below the regression policy's own. Rerun after scripts/train-weights.sh. About 4 CPU minutes.
# Usage: scripts/build-book.sh [BUILD_DIR]   (BUILD_DIR defaults to build; othello-book must be built)
# THREADS (environment, default: all cores) spreads the evaluation; any count gives the same book
# (sqlite3 .dump differs only in the import log's timestamps; checked with 2 and 16).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
shared=${OTHELLO_SHARED_DATA:-"$root/../shared/data"}
"$build/bin/othello-book" build --book "$root/data/book.db" \
    --wthor "$shared/wthor" --depth 20 --min-games 4 \
    --lines "$shared/openings/named-openings.tsv"
"$build/bin/othello-book" evaluate --book "$root/data/book.db" \
    --weights "$root/data/weights.bin" --depth 6 --threads "${THREADS:-$(nproc)}"
"$build/bin/othello-book" stats --book "$root/data/book.db"
