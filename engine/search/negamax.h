// The pieces the project's negamax searches share: the final score of a finished game (the exact
// endgame solver here and training's search labeller over the pattern weights) and the fail-soft
// alpha-beta loop (the labeller's, and the solver's below 6 empties; above, the solver has its
// own principal-variation loop).
#pragma once

#include "engine/bitboard.h"
#include "engine/position.h"

namespace othello::search {

// The final disc difference for `player` of a finished game, empties to the winner.
inline int final_score(Bitboard player, Bitboard opponent) {
    const int own = popcount(player), other = popcount(opponent);
    const int empties = 64 - own - other;
    if (own > other) return final_margin_for_winner(own - other, empties);
    if (own < other) return -final_margin_for_winner(other - own, empties);
    return 0;
}

// The best of `children` for the side to move, fail-soft: `child_value(child, alpha, beta)` is the
// child's value for the side to move (its negated search with the window negated and swapped);
// stops at the first cut-off. `worst` is returned when there is no child.
template <typename Value, typename Children, typename ChildValue>
Value fail_soft_max(const Children& children, Value alpha, Value beta, Value worst,
                    ChildValue&& child_value) {
    Value best = worst;
    for (const auto& child : children) {
        const Value value = child_value(child, alpha, beta);
        if (value > best) {
            best = value;
            if (value > alpha) alpha = value;
            if (alpha >= beta) break;
        }
    }
    return best;
}

}  // namespace othello::search
