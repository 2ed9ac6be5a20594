// NetworkPolicy: the best-ranked legal move (the network's logit plus the value weight times the
// pattern evaluation of its result), with seeded ties and softmax.
#include "engine/network/network_policy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "engine/move_choice.h"

namespace othello::network {

// Keyed by the path as given, and never reloaded: a process plays with the file it started with.
std::shared_ptr<const PolicyNetwork> shared_network(const std::filesystem::path& path) {
    static std::mutex mutex;
    static std::map<std::filesystem::path, std::shared_ptr<const PolicyNetwork>> loaded;
    const std::lock_guard lock(mutex);
    auto& slot = loaded[path];
    if (!slot) slot = std::make_shared<const PolicyNetwork>(load_network_file(path));
    return slot;
}

NetworkPolicy::NetworkPolicy(std::shared_ptr<const PolicyNetwork> network, std::uint64_t seed,
                             double temperature, double value_weight,
                             std::filesystem::path weights_path)
    : network_(std::move(network)),
      rng_(seed),
      temperature_(temperature),
      value_weight_(value_weight),
      weights_path_(std::move(weights_path)) {
    // Read now when play needs them, so that a missing or damaged file stops the engine (or the
    // match's spec) before its first game rather than at its first move.
    if (value_weight_ > 0) load_pattern_weights();
}

void NetworkPolicy::load_pattern_weights() {
    if (regression_) return;
    regression_.emplace(
        patterns::shared_weights(weights_path_.empty() ? patterns::default_weights_path()
                                                       : weights_path_),
        0);
}

NetworkPolicy::NetworkPolicy(const PolicyOptions& options)
    : NetworkPolicy(shared_network(options.network_path.empty()
                                       ? default_network_path()
                                       : std::filesystem::path(options.network_path)),
                    options.seed, options.temperature, options.value_weight, options.weights_path) {
}

std::array<double, 64> NetworkPolicy::move_values(const Position& p) {
    load_pattern_weights();
    std::array<double, 64> value{};
    for (int sq : Bits(p.legal_moves())) {
        value[sq] = static_cast<double>(regression_->score_units(p, Square::from_index(sq))) /
                    patterns::PatternWeights::kUnitsPerDisc;
    }
    return value;
}

Move NetworkPolicy::choose(const Position& p) {
    const Bitboard moves = p.legal_moves();
    if (!moves) return Move::pass();
    std::array<float, 64> logits;
    network_->logits(p, logits);
    std::array<double, 64> value{};
    if (value_weight_ > 0) value = move_values(p);
    return best_or_softmax(
        moves, [&](int sq) { return logits[sq] + value_weight_ * value[sq]; }, temperature_, rng_);
}

std::vector<MoveScore> NetworkPolicy::evaluate(const Game& game) {
    const Position& p = game.current();
    const Bitboard moves = p.legal_moves();
    if (!moves) return {};
    std::array<float, 64> logits;
    network_->logits(p, logits);
    const std::array<double, 64> value = move_values(p);
    float best = -INFINITY;
    for (int sq : Bits(moves)) best = std::max(best, logits[sq]);
    double total = 0;
    for (int sq : Bits(moves)) total += std::exp(static_cast<double>(logits[sq] - best));
    std::vector<std::pair<double, MoveScore>> ranked;
    for (int sq : Bits(moves)) {
        const Square s = Square::from_index(sq);
        char detail[48];
        std::snprintf(detail, sizeof detail, "network %.1f%%",
                      100 * std::exp(static_cast<double>(logits[sq] - best)) / total);
        const double rank = logits[sq] + value_weight_ * value[sq];
        ranked.push_back({rank, {s, clamped_to_discs(value[sq]), detail}});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<MoveScore> scores;
    for (auto& [logit, score] : ranked) scores.push_back(std::move(score));
    return scores;
}

}  // namespace othello::network
