// Stable discs: discs that no sequence of moves can ever flip. The evaluation counts them (a side's
// stable discs are a floor under its final score, which the patterns, each seeing only its own
// squares, cannot add up). The tests hold the bitboard version to a square-by-square one
// (reference_stable_discs in engine/patterns) and check on real play that no disc it calls stable
// is ever flipped.
//
// The rule (Edax's, without its exact table of edge stability): a disc is flipped along a line
// only by a move on that line that brackets its run of same-coloured discs, so it is safe along a
// line that is full, or where a neighbour on that line is the board's edge or one of its side's
// stable discs (the run then ends at the edge, or holds a disc that cannot flip). It is stable
// when it is safe along all four lines. The set grows from the discs that full lines and edges
// alone make safe (corners first) until nothing changes. This finds a subset of the truly stable
// discs, as every engine's rule does: deciding exactly needs search.
#pragma once

#include "engine/bitboard.h"

namespace othello {

namespace detail {

// Columns and rows: where a shift by one column would wrap round the board's side, and the edges.
inline constexpr Bitboard kNotColumnA = 0xFEFEFEFEFEFEFEFEULL, kNotColumnH = 0x7F7F7F7F7F7F7F7FULL;
inline constexpr Bitboard kColumnsAH = 0x8181818181818181ULL, kRows18 = 0xFF000000000000FFULL;

// `from` and the squares reached from it by repeated shifts of Step bits (left for a positive
// Step, right for a negative one) that stay within `stays` (the squares such a shift may land on
// without wrapping around the board's side): a Kogge-Stone fill over the whole line.
template <int Step>
constexpr Bitboard fill(Bitboard from, Bitboard stays) {
    const auto shift = [](Bitboard b, int k) {
        return Step > 0 ? b << (Step * k) : b >> (-Step * k);
    };
    from |= stays & shift(from, 1);
    stays &= shift(stays, 1);
    from |= stays & shift(from, 2);
    stays &= shift(stays, 2);
    return from | (stays & shift(from, 4));
}

}  // namespace detail

// For each of the four line directions, the squares whose whole line in that direction is full:
// no move can ever be made on it, so nothing on it can be flipped along it. Branch-free: a line is
// full where no empty square's fill along it reaches.
struct FullLines {
    Bitboard horizontal = 0, vertical = 0;
    Bitboard diagonal = 0;      // the a1-h8 direction (a step of 9 bits)
    Bitboard antidiagonal = 0;  // the h1-a8 direction (a step of 7 bits)
};

constexpr FullLines full_lines(Bitboard occupied) {
    using detail::kNotColumnA, detail::kNotColumnH;
    FullLines full;
    Bitboard rows = occupied & (occupied >> 1);  // bit 8r ends up as the AND of row r's 8 bits
    rows &= rows >> 2;
    rows &= rows >> 4;
    full.horizontal = (rows & 0x0101010101010101ULL) * 0xFF;
    Bitboard columns = occupied & (occupied >> 32);  // bit c ends up as the AND of column c
    columns &= columns >> 16;
    columns &= columns >> 8;
    full.vertical = (columns & 0xFF) * 0x0101010101010101ULL;
    const Bitboard empty = ~occupied;
    full.diagonal = ~(detail::fill<9>(empty, kNotColumnA) | detail::fill<-9>(empty, kNotColumnH));
    full.antidiagonal =
        ~(detail::fill<7>(empty, kNotColumnH) | detail::fill<-7>(empty, kNotColumnA));
    return full;
}

struct StableDiscs {
    Bitboard a = 0, b = 0;  // of the side whose discs were passed as `a`, and of `b`
};

// stable_discs() (the rule above) of two sides at once, `a` and `b` the discs of each and `full`
// full_lines() of the board: one fixed-point loop for both, whose two independent chains of
// shifts the CPU runs side by side. (A shift that wraps round the board can only land on column a
// or h, which the edge already makes safe along a row or diagonal; the masks are there anyway, so
// that each term says what it means.)
constexpr StableDiscs stable_discs_of_both(Bitboard a, Bitboard b, const FullLines& full) {
    using detail::kColumnsAH, detail::kRows18;
    constexpr Bitboard not_a = detail::kNotColumnA, not_h = detail::kNotColumnH;
    constexpr Bitboard border = kColumnsAH | kRows18;
    const Bitboard horizontal = full.horizontal | kColumnsAH, vertical = full.vertical | kRows18;
    const Bitboard diagonal = full.diagonal | border, antidiagonal = full.antidiagonal | border;
    const auto grow = [&](Bitboard own, Bitboard stable) {
        return own & (horizontal | ((stable << 1) & not_a) | ((stable >> 1) & not_h)) &
               (vertical | (stable << 8) | (stable >> 8)) &
               (diagonal | ((stable << 9) & not_a) | ((stable >> 9) & not_h)) &
               (antidiagonal | ((stable << 7) & not_h) | ((stable >> 7) & not_a));
    };
    StableDiscs stable{grow(a, 0), grow(b, 0)};
    for (;;) {
        const StableDiscs next{grow(a, stable.a), grow(b, stable.b)};
        if (next.a == stable.a && next.b == stable.b) return stable;
        stable = next;
    }
}

// The discs of `own` that can never be flipped, by the rule above; `occupied` holds the discs of
// both sides.
constexpr Bitboard stable_discs(Bitboard own, Bitboard occupied) {
    return stable_discs_of_both(own, 0, full_lines(occupied)).a;
}

}  // namespace othello
