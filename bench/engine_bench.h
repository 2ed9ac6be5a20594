// The engine's speed figures: perft leaves per second and random self-play games per second.
#pragma once

#include <cstdint>
#include <ostream>

namespace othello {

struct PerftResult {
    int depth;
    std::uint64_t leaves;
    double seconds;
};

PerftResult timed_perft(int depth);

struct SelfPlayResult {
    std::uint64_t games;
    int threads;
    double seconds;
    std::uint64_t moves;
};

// Random-vs-random games from the start on `threads` threads, for about `seconds` each.
SelfPlayResult random_self_play(double seconds, int threads, std::uint64_t seed);

// Prints perft(depth) then the self-play figure; what `othello-engine bench` runs.
void run_bench(std::ostream& out, int perft_depth, double self_play_seconds);

}  // namespace othello
