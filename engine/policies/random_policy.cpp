// RandomPolicy: one call to the seeded generator per decision, so a seed fixes the whole game.
#include "engine/policies/random_policy.h"

#include "engine/policy_on.h"

namespace othello {

template <InstructionSet Isa>
[[gnu::always_inline]] inline Move RandomPolicy::choose_on(const Position& p) {
    const Bitboard moves = p.legal_moves<Isa>();
    if (moves == 0) return Move::pass();
    return Square::from_index(rng_.pick_bit<Isa>(moves));
}

std::unique_ptr<Policy> RandomPolicy::make(std::uint64_t seed, InstructionSet set) {
    return make_policy_on<RandomPolicy>(set, seed);
}

Move RandomPolicy::choose(const Game& game) {
    return choose_on<InstructionSet::kBaseline>(game.current());
}

std::vector<MoveScore> RandomPolicy::evaluate(const Game& game) {
    std::vector<MoveScore> scores;
    for (int sq : Bits(game.current().legal_moves())) {
        scores.push_back({Square::from_index(sq), 0.0, "uniform"});
    }
    return scores;
}

}  // namespace othello
