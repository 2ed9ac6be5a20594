// The slow references the endgame solver and the exact training labels are checked against:
// perfect play by full minimax through the public rules, and random games stopped near the end.
#pragma once

#include <algorithm>

#include "engine/game.h"
#include "engine/rng.h"

namespace othello::testing {

// Perfect play by full minimax, no pruning, through the public rules only.
inline int minimax(const Position& p) {
    if (p.is_game_over()) return p.final_disc_difference(p.side_to_move());
    const Bitboard moves = p.legal_moves();
    if (!moves) return -minimax(p.pass());
    int best = -1000;
    for (int sq : Bits(moves))
        best = std::max(best, -minimax(p.play_unchecked(Square::from_index(sq))));
    return best;
}

// Perfect play by plain fail-hard alpha-beta through the public rules: no ordering, no table, no
// stability, so it checks the solver's pruning on positions too large for full minimax.
inline int alpha_beta(const Position& p, int alpha = -64, int beta = 64) {
    if (p.is_game_over()) return p.final_disc_difference(p.side_to_move());
    const Bitboard moves = p.legal_moves();
    if (!moves) return -alpha_beta(p.pass(), -beta, -alpha);
    for (int sq : Bits(moves)) {
        alpha =
            std::max(alpha, -alpha_beta(p.play_unchecked(Square::from_index(sq)), -beta, -alpha));
        if (alpha >= beta) break;
    }
    return alpha;
}

// A random game played until `empties` squares are left (or it ends earlier).
inline Game random_game_until(Rng& rng, int empties) {
    Game game;
    while (!game.is_over() && game.current().empty_count() > empties) {
        const Bitboard moves = game.current().legal_moves();
        game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
    }
    return game;
}

}  // namespace othello::testing
