// RandomPolicy: a uniformly random legal move from a seeded generator; the baseline opponent.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/instruction_set.h"
#include "engine/policy.h"
#include "engine/rng.h"

namespace othello {

class RandomPolicy : public Policy {
  public:
    explicit RandomPolicy(std::uint64_t seed) : rng_(seed) {}
    // The policy choosing on the instruction set `set` (engine/policy_on.h): the same moves.
    static std::unique_ptr<Policy> make(std::uint64_t seed,
                                        InstructionSet set = best_instruction_set());

    Move choose(const Game& game) override;
    // Every legal move scores 0 (all are equally good to this policy), in square order.
    std::vector<MoveScore> evaluate(const Game& game) override;
    void reseed(std::uint64_t seed) override { rng_ = Rng(seed); }

  protected:
    template <InstructionSet Isa>
    Move choose_on(const Position& p);

  private:
    Rng rng_;
};

}  // namespace othello
