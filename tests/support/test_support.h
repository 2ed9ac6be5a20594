// Helpers shared by the tests: random reachable positions, a naive move scanner, and the
// instruction sets to check each kernel on.
#pragma once

#include <doctest/doctest.h>

#include <vector>

#include "engine/instruction_set.h"
#include "engine/position.h"
#include "engine/rng.h"

namespace othello::testing {

// The instruction sets this CPU runs (engine/instruction_set.h): a kernel's test checks it on
// each, and says which it could not.
inline std::vector<InstructionSet> available_instruction_sets() {
    if (!instruction_set_available(InstructionSet::kX86_64_V3))
        MESSAGE("this CPU lacks x86-64-v3: not checked on it");
    return othello::available_instruction_sets();
}

// Positions reached by random play from the start (every position of `games` random games).
inline std::vector<Position> random_positions(int games, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<Position> out;
    for (int g = 0; g < games; ++g) {
        Position p = Position::start();
        while (!p.is_game_over()) {
            out.push_back(p);
            const Bitboard moves = p.legal_moves();
            p = moves ? p.play_unchecked(Square::from_index(rng.pick_bit(moves))) : p.pass();
        }
        out.push_back(p);
    }
    return out;
}

// The flips of a move found by walking the 8 directions square by square: the slow reference.
inline Bitboard naive_flips(const Position& p, Square s) {
    if (p.occupied() & s.bit()) return 0;
    Bitboard all = 0;
    for (int dc = -1; dc <= 1; ++dc) {
        for (int dr = -1; dr <= 1; ++dr) {
            if (dc == 0 && dr == 0) continue;
            Bitboard run = 0;
            int c = s.column() + dc, r = s.row() + dr;
            while (c >= 0 && c < 8 && r >= 0 && r < 8 && (p.opponent() & Square::at(c, r).bit())) {
                run |= Square::at(c, r).bit();
                c += dc;
                r += dr;
            }
            if (run && c >= 0 && c < 8 && r >= 0 && r < 8 && (p.player() & Square::at(c, r).bit()))
                all |= run;
        }
    }
    return all;
}

inline Bitboard naive_legal_moves(const Position& p) {
    Bitboard moves = 0;
    for (int i = 0; i < 64; ++i) {
        if (naive_flips(p, Square::from_index(i))) moves |= bit(i);
    }
    return moves;
}

}  // namespace othello::testing
