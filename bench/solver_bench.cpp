// othello-solver-bench: the exact endgame solver's speed (positions/s, nodes/s, mean time) on
// positions with a given number of empties. The positions come from games between two mobility
// players that open with random moves, so they are varied and not lopsided the way the ends of
// random games are. Each size is timed on the same positions for every run with the same seed, in
// CPU time of the solving thread.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "bench/thread_cpu_time.h"
#include "engine/game.h"
#include "engine/policies/mobility_policy.h"
#include "engine/search/endgame_solver.h"

namespace po = boost::program_options;
using namespace othello;
using othello::bench::thread_cpu_seconds;

namespace {

// A game whose first `random_plies` moves are random and the rest the mobility policy's, played
// until `empties` squares are left. Games that end sooner are dropped.
std::vector<Position> endgame_positions(int count, int empties, std::uint64_t seed) {
    Rng rng(seed);
    MobilityPolicy mobility(MobilityPolicy::Variant::MinimiseReplies, seed);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Game game;
        const int random_plies = 6 + static_cast<int>(rng.below(10));
        while (!game.is_over() && game.current().empty_count() > empties) {
            const Bitboard moves = game.current().legal_moves();
            if (!moves)
                game.play(Move::pass());
            else if (static_cast<int>(game.moves().size()) < random_plies)
                game.play(Move(Square::from_index(rng.pick_bit(moves))));
            else
                game.play(mobility.choose(game));
        }
        if (!game.is_over() && game.current().empty_count() == empties)
            out.push_back(game.current());
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    po::options_description options("othello-solver-bench options");
    std::vector<int> sizes;
    int count = 0;
    std::uint64_t seed = 0;
    options.add_options()("help", "show this help")(
        "empties", po::value(&sizes)->multitoken()->default_value({14, 16, 18, 20}, "14 16 18 20"),
        "numbers of empty squares to time (at most 24)")(
        "positions", po::value(&count)->default_value(40), "positions of each size")(
        "seed", po::value(&seed)->default_value(1), "seed of the positions");
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "othello-solver-bench: " << e.what() << "\n";
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    for (int e : sizes)
        if (e < 1 || e > 24) {
            std::cerr << "othello-solver-bench: --empties " << e << ": expected 1 to 24\n";
            return 2;
        }
    if (count < 1) {
        std::cerr << "othello-solver-bench: --positions must be at least 1\n";
        return 2;
    }
    std::printf("instruction set: %s (OTHELLO_INSTRUCTION_SET=baseline for the baseline)\n",
                std::string(name_of(best_instruction_set())).c_str());
    std::printf("%8s %10s %12s %14s %12s %10s\n", "empties", "positions", "mean ms", "max ms",
                "Mnodes/s", "checksum");
    for (int e : sizes) {
        const std::vector<Position> positions = endgame_positions(count, e, seed + e);
        std::uint64_t nodes = 0;
        long checksum = 0;
        double total = 0, slowest = 0;
        for (const Position& p : positions) {
            const double start = thread_cpu_seconds();
            checksum += search::solve_endgame(p, &nodes);
            const double s = thread_cpu_seconds() - start;
            total += s;
            if (s > slowest) slowest = s;
        }
        std::printf("%8d %10zu %12.2f %14.2f %12.2f %10ld\n", e, positions.size(),
                    1e3 * total / positions.size(), 1e3 * slowest, 1e-6 * nodes / total, checksum);
    }
    return 0;
}
