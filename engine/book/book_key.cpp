// Book keys: canonicalise the position, map the move by the same symmetry, merge equivalents.
#include "engine/book/book_key.h"

namespace othello {

unsigned stabilizer(const Position& p) {
    unsigned symmetries = 1;
    for (Symmetry s = 1; s < kSymmetryCount; ++s) {
        if (transform(s, p.player()) == p.player() && transform(s, p.opponent()) == p.opponent()) {
            symmetries |= 1u << s;
        }
    }
    return symmetries;
}

Square representative_move(const Position& canonical, Square move) {
    const unsigned symmetries = stabilizer(canonical);
    Square best = move;
    for (Symmetry s = 1; s < kSymmetryCount; ++s) {
        if (symmetries & (1u << s)) best = std::min(best, transform(s, move));
    }
    return best;
}

BookKey book_key(const Position& p, Square move) {
    const CanonicalForm c = canonical_form(p);
    return {c.position.player(), c.position.opponent(),
            representative_move(c.position, transform(c.symmetry, move))};
}

}  // namespace othello
