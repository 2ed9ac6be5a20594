// Perft: count the leaves of the game tree to a depth, the standard check of a move generator.
// Convention: a pass is a ply; a finished game is one leaf at every deeper depth.
#pragma once

#include <cstdint>

#include "engine/position.h"

namespace othello {

std::uint64_t perft(const Position& p, int depth);

}  // namespace othello
