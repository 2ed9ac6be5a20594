// Perft: count the leaves of the game tree to a depth, the standard check of a move generator.
// Convention: a pass is a ply; a finished game is one leaf at every deeper depth.
#pragma once

#include <cstdint>

#include "engine/instruction_set.h"
#include "engine/position.h"

namespace othello {

// `set`: the instruction set the count runs on (engine/instruction_set.h); the answer is the same.
std::uint64_t perft(const Position& p, int depth, InstructionSet set = best_instruction_set());

}  // namespace othello
