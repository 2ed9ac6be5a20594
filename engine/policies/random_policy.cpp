// RandomPolicy: one call to the seeded generator per decision, so a seed fixes the whole game.
#include "engine/policies/random_policy.h"

namespace othello {

Move RandomPolicy::choose(const Game& game) {
    const Bitboard moves = game.current().legal_moves();
    if (moves == 0) return Move::pass();
    return Square::from_index(rng_.pick_bit(moves));
}

std::vector<MoveScore> RandomPolicy::evaluate(const Game& game) {
    std::vector<MoveScore> scores;
    for (int sq : Bits(game.current().legal_moves())) {
        scores.push_back({Square::from_index(sq), 0.0, "uniform"});
    }
    return scores;
}

}  // namespace othello
