// Random playouts: both sides play uniformly random legal moves to the end. The inner loop of
// the self-play benchmark, of random-outcome books and of random-data training.
#pragma once

#include "engine/position.h"
#include "engine/rng.h"

namespace othello {

// Plays to the end and returns the final position. Isa: the instruction set of the kernel it runs
// in (engine/instruction_set.h); every set plays the same game from the same generator.
template <InstructionSet Isa = InstructionSet::kBaseline>
[[gnu::always_inline]] inline Position random_playout(Position p, Rng& rng) {
    for (;;) {
        const Bitboard moves = p.legal_moves<Isa>();
        if (moves) {
            p = p.play_unchecked(Square::from_index(rng.pick_bit<Isa>(moves)));
        } else {
            const Position passed = p.pass();
            if (!passed.has_legal_move<Isa>()) return p;
            p = passed;
        }
    }
}

}  // namespace othello
