// Opening enumeration: every distinct position (up to the board's symmetries) after a given
// number of plies, found level by level so that only distinct positions are ever expanded.
#pragma once

#include <cstddef>
#include <optional>

#include "match/run/openings.h"

namespace othello {

// The most plies enumerated on demand: 9 plies have 433,993 distinct positions (a fraction of a
// second); 10 have millions, more than a match needs most of, and sampling finds them quickly.
constexpr int kMostEnumeratedPlies = 9;

// Every distinct position after exactly `plies` moves (passes not counted, finished games left
// out), each reached by the first of its move sequences in move order (squares a1..h8), listed
// in that order. Names are left empty.
std::vector<Opening> enumerate_openings(int plies);

// How many positions enumerate_openings(plies) lists, for plies <= kMostEnumeratedPlies; nullopt
// beyond. Computed once per number of plies.
std::optional<std::size_t> distinct_opening_count(int plies);

}  // namespace othello
