// PolicyPlayer: a built-in policy played in-process — no process, no protocol, no clock — so
// simulations of many thousands of games run in seconds.
#pragma once

#include <memory>

#include "engine/instruction_set.h"
#include "engine/policy.h"
#include "engine/policy_options.h"
#include "match/players/player.h"

namespace othello {

class PolicyPlayer : public Player {
  public:
    // `options` are the spec's data options (book, weights, ...), `options.seed` the first seed;
    // `set` the instruction set the policy chooses on (engine/instruction_set.h). Throws
    // std::invalid_argument for an unknown policy (the registry's message), and the policy's own
    // error for data it cannot load (a BookError for a bad book file, say).
    PolicyPlayer(std::string name, const std::string& policy_spec, const PolicyOptions& options,
                 InstructionSet set = best_instruction_set());

    const std::string& name() const override { return name_; }
    void new_game(const Game&, const TimeControl&, std::uint64_t seed) override {
        policy_->reseed(seed);
    }
    void opponent_played(const Game&, Move, const Deadline&) override {}
    Move choose(const Game& game, const Deadline&, const GameClock*) override {
        return policy_->choose(game);
    }
    bool is_timed() const override { return false; }

  private:
    std::string name_;
    std::unique_ptr<Policy> policy_;
};

}  // namespace othello
