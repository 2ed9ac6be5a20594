// NetworkPolicy ("network"): plays the legal move the network predicts an expert would play: one
// forward pass a move. With a value weight w > 0, each move's logit gets w times the regression
// policy's pattern evaluation (in discs) of the position the move leads to: still one ply, a
// move prediction and a value over the children blended. Its analysis (evaluate()) lists the
// legal moves in the order it ranks them, each with the network's probability and, as its score
// in discs, that pattern evaluation: the network predicts moves, not values.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>

#include "engine/network/policy_network.h"
#include "engine/patterns/regression_policy.h"
#include "engine/policy.h"
#include "engine/policy_options.h"
#include "engine/rng.h"

namespace othello::network {

class NetworkPolicy : public Policy {
  public:
    // temperature 0 plays the best-ranked move (exact ties broken by the seeded generator); T > 0
    // draws a move with probability proportional to exp(rank / T), rank = logit + value weight *
    // the pattern evaluation of the move's result in discs.
    NetworkPolicy(std::shared_ptr<const PolicyNetwork> network, std::uint64_t seed,
                  double temperature = 0, double value_weight = 1,
                  std::filesystem::path weights_path = {});
    // The network from options.network_path, or the shipped one when it is empty; the pattern
    // weights from options.weights_path (read at once with a value weight, else at the first
    // analysis).
    explicit NetworkPolicy(const PolicyOptions& options);

    Move choose(const Game& game) override { return choose(game.current()); }
    std::vector<MoveScore> evaluate(const Game& game) override;
    void reseed(std::uint64_t seed) override { rng_ = Rng(seed); }

    Move choose(const Position& p);

  private:
    void load_pattern_weights();
    // The pattern evaluation of each legal move's result in discs, for the side to move (by
    // square; 0 elsewhere).
    std::array<double, 64> move_values(const Position& p);

    std::shared_ptr<const PolicyNetwork> network_;
    Rng rng_;
    double temperature_;
    double value_weight_;
    std::filesystem::path weights_path_;                    // empty: the shipped pattern weights
    std::optional<patterns::RegressionPolicy> regression_;  // scores moves on those weights
};

// Loads a network file once per process and shares it between policies (a match builds many).
std::shared_ptr<const PolicyNetwork> shared_network(const std::filesystem::path& path);

}  // namespace othello::network
