// Openings: the start positions of a match's games — the start position, all distinct positions
// after k random moves, a generated balanced set, or a file of transcripts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace othello {

struct Opening {
    std::string name;        // from the file's second column, or generated
    std::string transcript;  // "" for the start position
    Game game;               // the opening played out (passes included)
};

// `source` is:
//   "start"          the standard start position only;
//   "random:K"       every distinct position (up to symmetry) after K plies, in seeded order
//                    (K <= 6 enumerates them all; larger K samples `wanted` distinct ones);
//   "balanced[:K]"   `wanted` positions after K (default 8) random plies whose random-playout
//                    outcome is near even;
//   anything else    a file: one transcript per line, optional TAB and name, '#' comments;
//                    only `wanted` lines are parsed and kept: the first ones, or with
//                    `random_order` a uniform sample of the file's lines, however long it is.
// With `random_order` the openings come in a seeded random order (the "random" order).
// Throws std::runtime_error naming the file and line of a bad transcript.
std::vector<Opening> load_openings(const std::string& source, std::uint64_t seed,
                                   std::size_t wanted, bool random_order = false);

// Shuffles openings with a seeded generator (the "random" order).
void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed);

}  // namespace othello
