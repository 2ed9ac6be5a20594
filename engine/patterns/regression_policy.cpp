// RegressionPolicy: one-ply choice on the pattern evaluation, with seeded ties and softmax.
#include "engine/patterns/regression_policy.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>

#include "engine/move_choice.h"

namespace othello::patterns {

std::shared_ptr<const PatternWeights> shared_weights(const std::filesystem::path& path) {
    static std::mutex mutex;
    static std::map<std::filesystem::path, std::shared_ptr<const PatternWeights>> loaded;
    const std::lock_guard lock(mutex);
    auto& slot = loaded[path];
    if (!slot) slot = std::make_shared<const PatternWeights>(PatternWeights::load(path));
    return slot;
}

RegressionPolicy::RegressionPolicy(std::shared_ptr<const PatternWeights> weights,
                                   std::uint64_t seed, double temperature)
    : weights_(std::move(weights)), rng_(seed), temperature_(temperature) {}

RegressionPolicy::RegressionPolicy(const PolicyOptions& options)
    : RegressionPolicy(shared_weights(options.weights_path.empty()
                                          ? default_weights_path()
                                          : std::filesystem::path(options.weights_path)),
                       options.seed, options.temperature) {}

std::int32_t RegressionPolicy::score_units(const Position& p, Square s) const {
    const Position after = p.play_unchecked(s);
    // The evaluation is trained on positions whose side to move has a move, so read it there.
    if (after.has_legal_move()) return -weights_->score_units(after);
    const Position again = after.pass();
    if (again.has_legal_move()) return weights_->score_units(again);
    return again.final_disc_difference(again.side_to_move()) * PatternWeights::kUnitsPerDisc;
}

std::vector<MoveScore> RegressionPolicy::evaluate(const Game& game) {
    const Position& p = game.current();
    std::vector<MoveScore> scores;
    for (int sq : Bits(p.legal_moves())) {
        const Square s = Square::from_index(sq);
        scores.push_back(
            {s, static_cast<double>(score_units(p, s)) / PatternWeights::kUnitsPerDisc, {}});
    }
    std::stable_sort(scores.begin(), scores.end(),
                     [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
    return scores;
}

Move RegressionPolicy::choose(const Position& p) {
    const Bitboard moves = p.legal_moves();
    if (!moves) return Move::pass();
    return best_or_softmax(
        moves, [&](int sq) { return score_units(p, Square::from_index(sq)); },
        temperature_ * PatternWeights::kUnitsPerDisc, rng_);
}

}  // namespace othello::patterns
