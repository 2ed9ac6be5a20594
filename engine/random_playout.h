// Random playouts: both sides play uniformly random legal moves to the end. The inner loop of
// the self-play benchmark, of random-outcome books and of random-data training.
#pragma once

#include "engine/position.h"
#include "engine/rng.h"

namespace othello {

// Plays to the end and returns the final position.
inline Position random_playout(Position p, Rng& rng) {
    for (;;) {
        const Bitboard moves = p.legal_moves();
        if (moves) {
            p = p.play_unchecked(Square::from_index(rng.pick_bit(moves)));
        } else {
            const Position passed = p.pass();
            if (!passed.has_legal_move()) return p;
            p = passed;
        }
    }
}

}  // namespace othello
