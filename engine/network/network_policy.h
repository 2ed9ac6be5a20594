// NetworkPolicy ("network"): plays the legal move the network predicts an expert would play,
// from the position alone: one forward pass a move, no look at any position after it. Its
// analysis (evaluate()) lists the legal moves in the network's order, each with the network's
// probability and, as its score in discs, the regression policy's pattern evaluation of the
// position the move leads to: the network predicts moves, not values.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>

#include "engine/network/policy_network.h"
#include "engine/patterns/pattern_weights.h"
#include "engine/policy.h"
#include "engine/policy_options.h"
#include "engine/rng.h"

namespace othello::network {

class NetworkPolicy : public Policy {
  public:
    // temperature 0 plays the likeliest move (exact ties broken by the seeded generator); T > 0
    // draws a move with probability proportional to exp(logit / T).
    NetworkPolicy(std::shared_ptr<const PolicyNetwork> network, std::uint64_t seed,
                  double temperature = 0, std::filesystem::path weights_path = {});
    // The network from options.network_path, or the shipped one when it is empty; the pattern
    // weights for analysis from options.weights_path (read at the first evaluate()).
    explicit NetworkPolicy(const PolicyOptions& options);

    Move choose(const Game& game) override { return choose(game.current()); }
    std::vector<MoveScore> evaluate(const Game& game) override;
    void reseed(std::uint64_t seed) override { rng_ = Rng(seed); }

    Move choose(const Position& p);

  private:
    std::shared_ptr<const PolicyNetwork> network_;
    Rng rng_;
    double temperature_;
    std::filesystem::path weights_path_;  // empty: the shipped pattern weights
    std::shared_ptr<const patterns::PatternWeights> weights_;
};

// Loads a network file once per process and shares it between policies (a match builds many).
std::shared_ptr<const PolicyNetwork> shared_network(const std::filesystem::path& path);

}  // namespace othello::network
