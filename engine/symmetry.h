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

// The three reflections every symmetry is made of, by delta swaps (a few instructions each).
constexpr Bitboard mirror_columns(Bitboard b) {  // a <-> h
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return b;
}
constexpr Bitboard mirror_rows(Bitboard b) {
    return __builtin_bswap64(b);
}  // 1 <-> 8
constexpr Bitboard transpose(Bitboard b) {  // (column, row) -> (row, column): the a1-h8 diagonal
    Bitboard t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    return b;
}

// All 8 images of a bitboard, indexed by Symmetry; cheaper than 8 calls of transform().
constexpr std::array<Bitboard, kSymmetryCount> symmetric_images(Bitboard b) {
    const Bitboard t = transpose(b);
    const Bitboard mb = mirror_columns(b), mt = mirror_columns(t);
    return {b, mb, mirror_rows(b), mirror_rows(mb), t, mt, mirror_rows(t), mirror_rows(mt)};
}

Bitboard transform(Symmetry s, Bitboard b);
Square transform(Symmetry s, Square sq);
Move transform(Symmetry s, Move m);
Position transform(Symmetry s, const Position& p);
// The symmetry that undoes s.
Symmetry inverse(Symmetry s);

struct CanonicalForm {
    Position position;  // transform(symmetry, original)
    Symmetry symmetry;  // the least symmetry that gives the least image
};

// The least image of the position, ordered by (player, opponent) bitboards. Every one of the 8
// images of a position has the same canonical position.
CanonicalForm canonical_form(const Position& p);

// A 64-bit hash of the discs as seen by the side to move (mixing both bitboards).
std::uint64_t hash(const Position& p);
// The hash of the canonical form: equal for all 8 images.
inline std::uint64_t canonical_hash(const Position& p) {
    return hash(canonical_form(p).position);
}

}  // namespace othello
