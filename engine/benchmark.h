// The engine's speed figures: perft leaves per second and random self-play games per second,
// what `othello-engine bench` prints (as Stockfish's `bench`: a check of speed and correctness
// after every change). The benchmark programs of every other layer are in bench/.
#pragma once

#include <cstdint>
#include <ostream>

#include "engine/instruction_set.h"

namespace othello {

struct PerftResult {
    int depth;
    std::uint64_t leaves;
    double seconds;
    InstructionSet set;
};

PerftResult timed_perft(int depth, InstructionSet set);

struct SelfPlayResult {
    std::uint64_t games;
    int threads;
    double seconds;
    std::uint64_t moves;
};

// Random-vs-random games from the start on `threads` threads, for about `seconds` each, played on
// the instruction set `set` (a batch of games at a time).
SelfPlayResult random_self_play(double seconds, int threads, std::uint64_t seed,
                                InstructionSet set = best_instruction_set());

// Prints perft(depth) on each instruction set this process may run, then the self-play figure;
// what `othello-engine bench` runs.
void run_bench(std::ostream& out, int perft_depth, double self_play_seconds);

}  // namespace othello
