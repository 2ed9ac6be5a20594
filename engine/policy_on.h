// PolicyOn: a policy whose moves are chosen by code compiled for one instruction set
// (engine/instruction_set.h), the set chosen once, when the policy is made, not at every move.
//
// A policy P writes its choice once, as a protected `template <InstructionSet Isa> Move
// choose_on(const Position&)`, against the rules that take the set (Position::legal_moves<Isa>,
// Rng::pick_bit<Isa>); its own choose() is choose_on<kBaseline>. PolicyOn<P, Isa> is P with
// choose() entering choose_on<Isa> through run_on, so the choice and all it inlines run on Isa.
// Every set chooses the same moves.
#pragma once

#include <memory>
#include <utility>

#include "engine/instruction_set.h"
#include "engine/policy.h"

namespace othello {

template <class P, InstructionSet Isa>
class PolicyOn final : public P {
  public:
    using P::P;
    Move choose(const Game& game) override { return run_on<Isa, Choose>(*this, game.current()); }

  private:
    struct Choose {
        template <InstructionSet Set>
        [[gnu::always_inline]] static Move run(PolicyOn& policy, const Position& p) {
            return policy.template choose_on<Set>(p);
        }
    };
};

// A P made from `args` that chooses on `set`, or on the baseline where this process may not run
// `set`. Call it where P's choose_on is defined, so that its kernel is compiled there.
template <class P, class... Args>
std::unique_ptr<Policy> make_policy_on(InstructionSet set, Args&&... args) {
#if defined(OTHELLO_HAS_X86_64_V3)
    if (set == InstructionSet::kX86_64_V3 && instruction_set_available(set))
        return std::make_unique<PolicyOn<P, InstructionSet::kX86_64_V3>>(
            std::forward<Args>(args)...);
#endif
    return std::make_unique<PolicyOn<P, InstructionSet::kBaseline>>(std::forward<Args>(args)...);
}

}  // namespace othello
