// Self-play games on several threads, merged in game order so the data does not depend on timing.
#include "engine/patterns/self_play.h"

#include <atomic>
#include <thread>

#include "engine/patterns/regression_policy.h"

namespace othello::patterns {

namespace {

TrainingSamples play_one(std::shared_ptr<const PatternWeights> weights,
                         const SelfPlayOptions& options, int game_number) {
    const std::uint64_t seed = options.seed * 1000003ULL + static_cast<std::uint64_t>(game_number);
    Rng rng(seed);
    RegressionPolicy policy(std::move(weights), seed ^ 0x5DEECE66DULL, options.temperature);
    const int random_plies = static_cast<int>(rng.below(options.max_random_plies + 1));
    Game game;
    while (!game.is_over()) {
        const Position& p = game.current();
        const Bitboard moves = p.legal_moves();
        if (!moves) {
            game.play(Move::pass());
        } else if (static_cast<int>(game.moves().size()) < random_plies) {
            game.play(Square::from_index(rng.pick_bit(moves)));
        } else {
            game.play(policy.choose(p));
        }
    }
    TrainingSamples out;
    add_game_positions(game, *black_result(game), std::nullopt, 0, out);
    return out;
}

}  // namespace

TrainingSamples self_play_samples(std::shared_ptr<const PatternWeights> weights,
                                  const SelfPlayOptions& options) {
    std::vector<TrainingSamples> per_game(static_cast<std::size_t>(options.games));
    std::atomic<int> next{0};
    auto work = [&] {
        for (int g = next++; g < options.games; g = next++) per_game[g] = play_one(weights, options, g);
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::max(1, options.threads); ++t) threads.emplace_back(work);
    work();
    for (auto& t : threads) t.join();
    TrainingSamples out;
    for (auto& samples : per_game) out.insert(out.end(), samples.begin(), samples.end());
    return out;
}

}  // namespace othello::patterns
