// othello-engine: the engine process. Subcommands `perft DEPTH` and `bench` print speed figures.
#include <cstdio>
#include <iostream>
#include <string>

#include "engine/self_play_bench.h"

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "perft") {
        const int depth = argc > 2 ? std::atoi(argv[2]) : 0;
        if (depth < 1 || depth > 20) {
            std::cerr << "othello-engine perft: give a depth from 1 to 20\n";
            return 2;
        }
        const auto r = othello::timed_perft(depth);
        std::printf("perft %d = %llu\n", depth, static_cast<unsigned long long>(r.leaves));
        std::printf("time %.3f s, %.1f million leaves/s\n", r.seconds, r.leaves / r.seconds / 1e6);
        return 0;
    }
    if (command == "bench") {
        othello::run_bench(std::cout, 12, 2.0);
        return 0;
    }
    std::cerr << "usage: othello-engine perft DEPTH | bench\n";
    return 2;
}
