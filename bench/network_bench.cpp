// othello-network-bench: the network policy's cost on one core: the forward pass per position
// with each kernel (portable and AVX2), and the policy's time per move, as the calling thread's
// CPU time over positions from random games; and how often the two kernels choose differently
// (they must not); the policy's time per move alone and with its default value weight (the
// pattern evaluation of each move's result blended in).
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>

#include "bench/thread_cpu_time.h"
#include "engine/network/network_policy.h"

namespace po = boost::program_options;
using namespace othello;
using namespace othello::network;
using othello::bench::thread_cpu_seconds;

namespace {

std::vector<Position> positions_with_moves(int games, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<Position> out;
    for (int g = 0; g < games; ++g) {
        Position p = Position::start();
        while (!p.is_game_over()) {
            const Bitboard moves = p.legal_moves();
            if (moves) out.push_back(p);
            p = moves ? p.play_unchecked(Square::from_index(rng.pick_bit(moves))) : p.pass();
        }
    }
    return out;
}

int best_legal(const Position& p, const std::array<float, 64>& logits) {
    int best = -1;
    for (int sq : Bits(p.legal_moves()))
        if (best < 0 || logits[sq] > logits[best]) best = sq;
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    std::string path;
    int games = 200;
    po::options_description options("othello-network-bench options");
    options.add_options()("help", "show this help")(
        "network", po::value(&path), "network weights file (default: the shipped one)")(
        "games", po::value(&games)->default_value(games),
        "random games whose positions are measured");
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "othello-network-bench: " << e.what() << "\n" << options;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    try {
        const auto file = path.empty() ? default_network_path() : std::filesystem::path(path);
        const auto net = shared_network(file);
        const auto positions = positions_with_moves(games, 1);
        std::printf("network %s: %d channels x %d layers, %zu positions of %d random games\n",
                    file.c_str(), net->shape().channels, net->shape().layers, positions.size(),
                    games);
        std::vector<int> chosen[2];
        const PolicyNetwork::Kernel kernels[] = {PolicyNetwork::Kernel::Portable,
                                                 PolicyNetwork::Kernel::Avx2};
        for (int k = 0; k < 2; ++k) {
            if (k == 1 && !PolicyNetwork::avx2_available()) {
                std::printf("  avx2      not available on this CPU\n");
                continue;
            }
            std::array<float, 64> logits;
            const double start = thread_cpu_seconds();
            for (const Position& p : positions) {
                net->logits(p, logits, kernels[k]);
                chosen[k].push_back(best_legal(p, logits));
            }
            const double seconds = thread_cpu_seconds() - start;
            std::printf("  %-9s %8.1f us a forward pass (one core's CPU time)\n",
                        k == 0 ? "portable" : "avx2", 1e6 * seconds / positions.size());
        }
        if (!chosen[1].empty()) {
            std::size_t differ = 0;
            for (std::size_t i = 0; i < positions.size(); ++i)
                differ += chosen[0][i] != chosen[1][i];
            std::printf("  the kernels choose differently in %zu of %zu positions\n", differ,
                        positions.size());
        }
        const double weights[] = {0, PolicyOptions().value_weight};
        for (const double value_weight : weights) {
            NetworkPolicy policy(net, 1, 0, value_weight);
            const double start = thread_cpu_seconds();
            for (const Position& p : positions) policy.choose(p);
            std::printf("  policy    %8.1f us a move (value weight %g)\n",
                        1e6 * (thread_cpu_seconds() - start) / positions.size(), value_weight);
        }
    } catch (const std::exception& e) {
        std::cerr << "othello-network-bench: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
