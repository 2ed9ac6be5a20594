// Where a (position, move) pair lives in the book: the canonical position and the move mapped
// into its frame, with the equivalent moves of a symmetric position merged into one.
#pragma once

#include <cstdint>

#include "engine/symmetry.h"

namespace othello {

struct BookKey {
    Bitboard player = 0;                  // canonical position, discs of the side to move
    Bitboard opponent = 0;                // canonical position, discs of the other side
    Square move = Square::from_index(0);  // in the canonical frame, the least of its equivalents

    bool operator==(const BookKey&) const = default;
};

struct BookKeyHash {
    std::size_t operator()(const BookKey& k) const {
        return static_cast<std::size_t>(
            hash(Position::from_mover(k.player, k.opponent, Color::Black)) ^
            static_cast<std::uint64_t>(k.move.index()) * 0x9E3779B97F4A7C15ULL);
    }
};

// The symmetries that map the position onto itself (always including the identity), as a bit set:
// bit s is set when transform(s, p) == p.
unsigned stabilizer(const Position& p);

// The representative of `move` among the moves equivalent to it in `canonical` (a canonical
// position): the least square index over its images under the position's stabilizer. At the
// start f5, d6, c4 and e3 are one move; elsewhere every move is its own representative.
Square representative_move(const Position& canonical, Square move);

// The key of playing `move` (legal) in `p`.
BookKey book_key(const Position& p, Square move);

}  // namespace othello
