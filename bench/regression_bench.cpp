// othello-regression-bench: speed figures of the regression policy (evaluation ns per position,
// policy time per move, in-process games per second against random on several threads) and a
// small in-process strength check against random and mobility, colours alternating.
#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>

#include "bench/thread_cpu_time.h"
#include "engine/patterns/regression_policy.h"
#include "engine/policies/mobility_policy.h"
#include "engine/random_playout.h"

namespace po = boost::program_options;
using namespace othello;
using othello::bench::thread_cpu_seconds;
using namespace othello::patterns;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::vector<Position> sample_positions(int games, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<Position> out;
    for (int g = 0; g < games; ++g) {
        Position p = Position::start();
        while (!p.is_game_over()) {
            if (p.has_legal_move()) out.push_back(p);
            const Bitboard moves = p.legal_moves();
            p = moves ? p.play_unchecked(Square::from_index(rng.pick_bit(moves))) : p.pass();
        }
    }
    return out;
}

// Plays one game; `regression_black` says which colour the regression policy has. Returns the
// final disc difference from the regression policy's side.
template <typename Opponent>
int play_game(RegressionPolicy& regression, Opponent&& opponent, bool regression_black) {
    Position p = Position::start();
    while (!p.is_game_over()) {
        if (!p.has_legal_move()) {
            p = p.pass();
            continue;
        }
        const bool regression_to_move = (p.side_to_move() == Color::Black) == regression_black;
        const Move m = regression_to_move ? regression.choose(p) : opponent(p);
        p = p.play_unchecked(m.square());
    }
    return p.final_disc_difference(regression_black ? Color::Black : Color::White);
}

struct Tally {
    int wins = 0, draws = 0, losses = 0, games = 0;
    long disc_sum = 0;
    void add(int diff) {
        ++games;
        disc_sum += diff;
        (diff > 0 ? wins : diff < 0 ? losses : draws)++;
    }
    void print(const char* name) const {
        std::printf(
            "  %-26s %5d games: %5.1f%% wins %4.1f%% draws %5.1f%% losses, mean disc diff %+.1f\n",
            name, games, 100.0 * wins / games, 100.0 * draws / games, 100.0 * losses / games,
            static_cast<double>(disc_sum) / games);
    }
};

using Weights = std::shared_ptr<const PatternWeights>;

// Nanoseconds per evaluation, wall and CPU, over about a second on each instruction set this
// process may run. The checksum (of one round) shows that each set evaluates every position alike.
void bench_evaluation(const Weights& weights, const std::vector<Position>& positions,
                      std::int64_t& checksum) {
    std::printf("%s\n", std::string(pext_note()).c_str());
    for (InstructionSet set : available_instruction_sets()) {
        const auto start = Clock::now();
        const double cpu_start = thread_cpu_seconds();
        int rounds = 0;
        std::int64_t round_sum = 0;
        do {
            round_sum = 0;
            for (const Position& p : positions) round_sum += weights->score_units(p, set);
            ++rounds;
        } while (seconds_since(start) < 1.0);
        checksum += round_sum;
        const double evaluations = static_cast<double>(rounds) * positions.size();
        const double eval_ns = seconds_since(start) * 1e9 / evaluations;
        const double eval_cpu_ns = (thread_cpu_seconds() - cpu_start) * 1e9 / evaluations;
        std::printf(
            "evaluation on %s: %.1f ns per position, %.1f ns of CPU time (%zu positions x %d "
            "rounds, checksum %lld)\n",
            std::string(name_of(set)).c_str(), eval_ns, eval_cpu_ns, positions.size(), rounds,
            static_cast<long long>(round_sum));
    }
}

// Microseconds per move of the policy, over about a second, on `what` positions.
void bench_policy(const Weights& weights, const std::vector<Position>& positions, const char* what,
                  std::int64_t& checksum) {
    RegressionPolicy policy(weights, 1);
    const auto start = Clock::now();
    int moves = 0;
    do {
        for (const Position& p : positions) checksum += policy.choose(p).square().index();
        moves += static_cast<int>(positions.size());
    } while (seconds_since(start) < 1.0);
    std::printf("policy, %s: %.2f us per move (%d moves)\n", what,
                seconds_since(start) * 1e6 / moves, moves);
}

// Games per second against random, `threads` threads playing for `seconds`.
void bench_games(const Weights& weights, int threads, double seconds) {
    std::atomic<long> games{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> workers;
    const auto start = Clock::now();
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            RegressionPolicy mine(weights, 100 + t);
            Rng rng(200 + t);
            auto random_move = [&](const Position& p) {
                return Move(Square::from_index(rng.pick_bit(p.legal_moves())));
            };
            for (long g = 0; !stop.load(std::memory_order_relaxed); ++g) {
                play_game(mine, random_move, g % 2 == 0);
                games.fetch_add(1, std::memory_order_relaxed);
            }
        });
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (auto& w : workers) w.join();
    const double elapsed = seconds_since(start);
    std::printf("regression vs random: %.0f games/s on %d threads (%ld games in %.2f s)\n",
                games / elapsed, threads, games.load(), elapsed);
}

// `strength_games` games per colour against random and against mobility.
void check_strength(const Weights& weights, int strength_games) {
    std::printf("in-process strength, %d games per colour:\n", strength_games);
    RegressionPolicy mine(weights, 11);
    Rng rng(12);
    auto random_move = [&](const Position& p) {
        return Move(Square::from_index(rng.pick_bit(p.legal_moves())));
    };
    MobilityPolicy mobility(MobilityPolicy::Variant::MinimiseReplies, 13);
    auto mobility_move = [&](const Position& p) { return mobility.choose(Game(p)); };
    for (bool black : {true, false}) {
        Tally vs_random, vs_mobility;
        for (int g = 0; g < strength_games; ++g) {
            vs_random.add(play_game(mine, random_move, black));
            vs_mobility.add(play_game(mine, mobility_move, black));
        }
        vs_random.print(black ? "vs random, as black" : "vs random, as white");
        vs_mobility.print(black ? "vs mobility, as black" : "vs mobility, as white");
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string weights_path;
    double seconds = 3;
    int threads = 2, strength_games = 1000;
    po::options_description options("othello-regression-bench options");
    options.add_options()("help", "show this help")("weights", po::value(&weights_path),
                                                    "weights file (default: the shipped weights)")(
        "seconds", po::value(&seconds)->default_value(seconds), "length of the games/s run")(
        "threads", po::value(&threads)->default_value(threads), "threads for the games/s run")(
        "strength-games", po::value(&strength_games)->default_value(strength_games),
        "games per colour in the strength check (0 skips it)");
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "othello-regression-bench: " << e.what() << "\n" << options;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options;
        return 0;
    }
    try {
        const auto weights = shared_weights(
            weights_path.empty() ? default_weights_path() : std::filesystem::path(weights_path));
        const auto positions = sample_positions(2000, 7);
        std::int64_t checksum = 0;
        bench_evaluation(weights, positions, checksum);
        bench_policy(weights, positions, "all positions", checksum);
        // Where an endgame network corrects the children (engine/patterns/endgame_network.h).
        std::vector<Position> endgame;
        for (const Position& p : positions)
            if (p.empty_count() <= EndgameNetwork::kMaxEmpties + 1) endgame.push_back(p);
        bench_policy(weights, endgame,
                     weights->endgame() ? "17 empties or fewer, with the endgame network"
                                        : "17 empties or fewer",
                     checksum);
        bench_games(weights, threads, seconds);
        if (strength_games > 0) check_strength(weights, strength_games);
    } catch (const std::exception& e) {
        std::cerr << "othello-regression-bench: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
