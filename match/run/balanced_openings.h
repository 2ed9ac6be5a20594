// Balanced openings: positions whose random-playout outcome is near even. The default openings
// of a match are drawn from a shipped file of every such position after 8 plies, so a match of
// any size starts at once; the file is this module's own output (`othello-match
// balanced-openings`), and a missing file is recomputed, giving the same openings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/rng.h"
#include "match/run/openings.h"

namespace othello {

// The plies of the shipped set (`balanced` and `balanced:8`).
constexpr int kShippedBalancedPlies = 8;

// True when black's mean final margin over 64 random playouts from `p` (drawn from `rng`) is
// within 2 discs. Most positions are far from even and show it early: one more than 8 discs off
// after a quarter of the playouts is rejected then.
bool is_balanced(const Position& p, Rng& rng);

// The same test with the playouts seeded by the position itself (its canonical form, so every
// symmetric image gets the same answer): the shipped set's rule.
bool is_balanced(const Position& p);

// Every balanced position after `plies` plies (up to symmetry), as transcripts, in the order of
// enumerate_openings; the work is spread over `threads` threads. Seconds at 8 plies.
std::vector<std::string> compute_balanced_openings(int plies, int threads);

// The shipped file's path: data_dir()/balanced-openings-8.txt.
std::string shipped_balanced_openings_path();

// `wanted` distinct positions of the shipped set (all of them when it has fewer), in an order
// seeded by `seed`. Reads the shipped file (only the chosen lines are replayed); without it, the
// set is computed (the same positions, in seconds) after a warning on stderr. Names are left empty.
std::vector<Opening> shipped_balanced_openings(std::uint64_t seed, std::size_t wanted);

}  // namespace othello
