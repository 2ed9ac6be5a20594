// RegressionPolicy ("regression"): plays the legal move whose resulting position the pattern
// evaluation likes best, looking no further. Scores are predicted final disc differences for the
// side to move; a move that ends the game scores its exact result.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>

#include "engine/patterns/pattern_weights.h"
#include "engine/policy.h"
#include "engine/policy_options.h"
#include "engine/rng.h"

namespace othello::patterns {

class RegressionPolicy : public Policy {
  public:
    // temperature 0 plays the best move (ties broken by the seeded generator); T > 0 draws a move
    // with probability proportional to exp(score / T), score in discs.
    RegressionPolicy(std::shared_ptr<const PatternWeights> weights, std::uint64_t seed,
                     double temperature = 0);
    // Weights from options.weights_path, or the shipped ones when it is empty.
    explicit RegressionPolicy(const PolicyOptions& options);

    Move choose(const Game& game) override { return choose(game.current()); }
    std::vector<MoveScore> evaluate(const Game& game) override;
    void reseed(std::uint64_t seed) override { rng_ = Rng(seed); }

    // As choose(game), from a bare position: the in-process benchmark and training use it.
    Move choose(const Position& p);
    // The score of legal move `s` in `p`, in weight units (exact integers, so ties are exact).
    std::int32_t score_units(const Position& p, Square s) const;

  private:
    std::shared_ptr<const PatternWeights> weights_;
    Rng rng_;
    double temperature_;
};

// Loads a weights file once per process and shares it between policies (a match builds many).
std::shared_ptr<const PatternWeights> shared_weights(const std::filesystem::path& path);

}  // namespace othello::patterns
