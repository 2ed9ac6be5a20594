// The 8 symmetries of the board, applied to bitboards, squares, moves and positions; the canonical
// form of a position (the least of its 8 images) and a 64-bit hash, for the book and training.
#pragma once

#include <array>
#include <cstdint>

#include "engine/position.h"

namespace othello {

// A symmetry is a number 0..7: bit 2 transposes (a1-h8 diagonal), then bit 0 mirrors columns
// (a <-> h), then bit 1 mirrors rows (1 <-> 8). 0 is the identity.
using Symmetry = int;
constexpr int kSymmetryCount = 8;

Bitboard transform(Symmetry s, Bitboard b);
Square transform(Symmetry s, Square sq);
Move transform(Symmetry s, Move m);
Position transform(Symmetry s, const Position& p);
// The symmetry that undoes s.
Symmetry inverse(Symmetry s);

struct CanonicalForm {
    Position position;   // transform(symmetry, original)
    Symmetry symmetry;   // the least symmetry that gives the least image
};

// The least image of the position, ordered by (player, opponent) bitboards. Every one of the 8
// images of a position has the same canonical position.
CanonicalForm canonical_form(const Position& p);

// A 64-bit hash of the discs as seen by the side to move (mixing both bitboards).
std::uint64_t hash(const Position& p);
// The hash of the canonical form: equal for all 8 images.
inline std::uint64_t canonical_hash(const Position& p) { return hash(canonical_form(p).position); }

}  // namespace othello
