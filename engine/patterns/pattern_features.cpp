// The slow, obviously right feature extraction that the fast one is tested against.
#include "engine/patterns/pattern_features.h"

#include <algorithm>

#include "engine/symmetry.h"

namespace othello::patterns {

// Stable discs square by square: start from none; a disc of `own` becomes stable when, along each
// of the 4 lines through it, the line holds no empty square, or a neighbour on it is off the board
// or a stable disc of `own`; repeat until nothing changes.
Bitboard reference_stable_discs(Bitboard own, Bitboard occupied) {
    constexpr int kLines[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};  // (row, column) steps
    const auto on_board = [](int row, int column) {
        return row >= 0 && row < 8 && column >= 0 && column < 8;
    };
    Bitboard stable = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int sq : Bits(own & ~stable)) {
            bool safe_on_all = true;
            for (const auto& line : kLines) {
                bool full = true, anchored = false;
                for (int sign : {-1, 1}) {
                    int row = sq / 8 + sign * line[0], column = sq % 8 + sign * line[1];
                    if (!on_board(row, column) || (stable & bit(row * 8 + column))) anchored = true;
                    for (; on_board(row, column); row += sign * line[0], column += sign * line[1])
                        if (!(occupied & bit(row * 8 + column))) full = false;
                }
                safe_on_all = safe_on_all && (full || anchored);
            }
            if (safe_on_all) {
                stable |= bit(sq);
                changed = true;
            }
        }
    }
    return stable;
}

Features reference_features(const Position& p) {
    Features f;
    f.phase = phase_of_disc_count(p.disc_count(Color::Black) + p.disc_count(Color::White));
    int i = 0;
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        const Position image = transform(s, p);
        for (const Pattern& pattern : kPatterns) {
            int index = 0, power = 1;
            for (int sq = 0; sq < 64; ++sq) {
                if (!(pattern.mask & bit(sq))) continue;
                const auto owner = image.at(Square::from_index(sq));
                const int digit = !owner ? 0 : *owner == p.side_to_move() ? 1 : 2;
                index += digit * power;
                power *= 3;
            }
            f.entries[i++] = static_cast<std::uint32_t>(pattern.offset + index);
        }
    }
    // Mobility: the squares where a move is legal, asked one by one of the rules.
    int mine = 0, theirs = 0;
    const Position other_side = p.pass();
    for (int sq = 0; sq < 64; ++sq) {
        const Move m(Square::from_index(sq));
        if (p.is_legal(m)) ++mine;
        if (other_side.is_legal(m)) ++theirs;
    }
    f.entries[i++] = static_cast<std::uint32_t>(kMoverMobilityEntry + std::min(mine, kMobilityCap));
    f.entries[i++] =
        static_cast<std::uint32_t>(kOpponentMobilityEntry + std::min(theirs, kMobilityCap));
    f.entries[i++] = static_cast<std::uint32_t>(kMoverDiscEntry + popcount(p.player()));
    f.entries[i++] = static_cast<std::uint32_t>(kOpponentDiscEntry + popcount(p.opponent()));
    f.entries[i++] = static_cast<std::uint32_t>(
        kMoverStableEntry + popcount(reference_stable_discs(p.player(), p.occupied())));
    f.entries[i++] = static_cast<std::uint32_t>(
        kOpponentStableEntry + popcount(reference_stable_discs(p.opponent(), p.occupied())));
    // The legal-move patterns: on each image, where each side may move on the pattern's squares
    // (and, for the edge ones, the discs there).
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        const Position image = transform(s, p);
        const Position image_other_side = image.pass();
        for (const MovePattern& pattern : kMovePatterns) {
            int index = 0, k = 0, power = 1;
            for (int sq = 0; sq < 64; ++sq) {
                if (!(pattern.mask & bit(sq))) continue;
                const Move m(Square::from_index(sq));
                const bool mover_may = image.is_legal(m);
                const bool opponent_may = image_other_side.is_legal(m);
                switch (pattern.kind) {
                    case MoveKind::kBothMoves:
                        if (mover_may) index |= 1 << k;
                        if (opponent_may) index |= 1 << (k + 8);
                        break;
                    case MoveKind::kDiscsAndMoverMoves:
                    case MoveKind::kDiscsAndOpponentMoves: {
                        const bool may = pattern.kind == MoveKind::kDiscsAndMoverMoves
                                             ? mover_may
                                             : opponent_may;
                        const int digit = (image.player() & bit(sq))     ? 1
                                          : (image.opponent() & bit(sq)) ? 2
                                          : may                          ? 3
                                                                         : 0;
                        index += digit * power;
                        break;
                    }
                }
                ++k;
                power *= 4;
            }
            f.entries[i++] = static_cast<std::uint32_t>(pattern.offset + index);
        }
    }
    return f;
}

}  // namespace othello::patterns
