// RegressionPolicy: one-ply choice on the pattern evaluation, with seeded ties and softmax.
#include "engine/patterns/regression_policy.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <map>
#include <mutex>

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
    std::array<std::int32_t, 64> score{};
    std::int32_t best = INT32_MIN;
    for (int sq : Bits(moves)) {
        score[sq] = score_units(p, Square::from_index(sq));
        best = std::max(best, score[sq]);
    }
    if (temperature_ <= 0) {
        Bitboard best_moves = 0;
        for (int sq : Bits(moves)) {
            if (score[sq] == best) best_moves |= bit(sq);
        }
        return Square::from_index(rng_.pick_bit(best_moves));
    }
    // Softmax relative to the best score, so exp() never overflows.
    const double scale = 1.0 / (temperature_ * PatternWeights::kUnitsPerDisc);
    std::array<double, 64> weight{};
    double total = 0;
    for (int sq : Bits(moves)) {
        weight[sq] = std::exp((score[sq] - best) * scale);
        total += weight[sq];
    }
    double draw = rng_.uniform() * total;
    int last = 0;
    for (int sq : Bits(moves)) {
        last = sq;
        draw -= weight[sq];
        if (draw < 0) break;
    }
    return Square::from_index(last);
}

}  // namespace othello::patterns
