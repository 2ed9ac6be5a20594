// The slow, obviously right feature extraction that the fast one is tested against.
#include "engine/patterns/pattern_features.h"

#include <algorithm>

#include "engine/symmetry.h"

namespace othello::patterns {

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
    return f;
}

}  // namespace othello::patterns
