// The exact endgame solver: the final disc difference under perfect play, by alpha-beta over the
// remaining moves. The referee adjudicates near-finished games with it (match/run/referee.cpp), and
// training labels endgame positions with it (training/self_play, training/search_labeller); the
// policies themselves never search.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/instruction_set.h"
#include "engine/position.h"

namespace othello::search {

// The final disc difference for the side to move when both sides play perfectly from `p`, scored
// as Position::final_disc_difference (empty squares go to the winner). Exponential in the number of
// empty squares: about 2 ms of one core at 14, 70 ms at 18 and 0.4 s at 20 on average
// (othello-solver-bench). `nodes`, when given, is increased by the number of positions visited.
// Each thread keeps a transposition table of 1.5 MiB from its first solve of 12 or more empties
// on; what it holds is true of any later solve, so it changes the work, never a value.
// `set`: the instruction set it runs on (engine/instruction_set.h); the value and the count of
// positions are the same on every set.
int solve_endgame(const Position& p, std::uint64_t* nodes = nullptr,
                  InstructionSet set = best_instruction_set());

// solve_endgame within a budget: the value, or nothing once more than `most_positions` positions
// were visited. It keeps a transposition table of its own for the one solve, so that the work
// (and so whether it fits) is the position's alone, the same in every thread and every run.
// `nodes`, when given, is increased by the positions visited (past the budget: where it stopped).
std::optional<int> solve_endgame_within(const Position& p, std::uint64_t most_positions,
                                        InstructionSet set = best_instruction_set(),
                                        std::uint64_t* nodes = nullptr);

}  // namespace othello::search
